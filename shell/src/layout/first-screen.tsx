import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from '@modula/router';
import styled from 'styled-components';
import { capturedFirstScreen, pageReady, releaseFirstScreen } from '../start-up/first-screen';

/** At most this long over the page: a page that never settles (an error, a guard) is not hidden by it. */
export const FIRST_SCREEN_MAX_MS = 10_000;

// Over the top of <main>, where the server put it below the static header bar: the same place, so
// nothing moves when the app takes over, and the app's page loads underneath it unseen.
const Cover = styled.div`
  position: absolute; inset-inline: 0; inset-block-start: 0; min-block-size: 100%; z-index: 1;
  background: ${({ theme }) => theme.colors.background};
`;

/**
 * Shows the server-rendered first screen until the app's own page is ready (its heading rendered and
 * nothing aria-busy), the visitor navigates, or FIRST_SCREEN_MAX_MS passed; then removes it at once.
 */
export function FirstScreen() {
  const [node] = useState(capturedFirstScreen);
  const [shown, setShown] = useState(node !== null);
  const cover = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const first = useRef(`${location.pathname}${location.search}`);

  // Before the browser paints the layout: no frame without the first screen.
  useLayoutEffect(() => {
    if (shown && node && cover.current && node.parentNode !== cover.current) cover.current.appendChild(node);
  }, [shown, node]);

  useEffect(() => {
    if (`${location.pathname}${location.search}` === first.current) return;
    releaseFirstScreen();
    setShown(false);
  }, [location.pathname, location.search]);

  useEffect(() => {
    const main = cover.current?.parentElement;
    if (!shown || !main || !cover.current) return undefined;
    const holder = cover.current;
    const check = () => {
      if (!pageReady(main, holder)) return;
      // At once, in the same task as the page's render: the two are never seen together.
      releaseFirstScreen();
      setShown(false);
    };
    const observer = new MutationObserver(check);
    observer.observe(main, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
    const timer = setTimeout(() => setShown(false), FIRST_SCREEN_MAX_MS);
    check();
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [shown]);

  useEffect(() => {
    if (!shown) releaseFirstScreen();
  }, [shown]);

  // Once the app runs, the page it renders underneath is the accessible one: the copy on top is only seen.
  return shown ? <Cover ref={cover} data-testid="first-screen" aria-hidden="true" inert /> : null;
}
