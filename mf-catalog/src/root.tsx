import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { Route, Routes, useLocation } from '@modula/router';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import type { ParcelProps } from '@modula/shared';
import { NAMESPACE } from './i18n';
import { routes } from './routes';
import { useFollowFavorites } from './hooks/use-favorites';
import { savedPosition, savePosition } from './lib/scroll-memory';
import { AppNavigateContext } from './hooks/use-app-navigate';
import { useClaimAdClicks } from './ads/claim';

// Tall enough that the footer does not jump up and back while a page's chunk arrives.
const Pending = styled.div`min-block-size: 80vh;`;

function PageFallback() {
  const { t } = useTranslation(NAMESPACE);
  return <Pending role="status" aria-label={t('states.loading')} />;
}

/** How long a restored position waits for the page to grow tall enough (results still loading). */
const RESTORE_FOR_MS = 3000;

/**
 * A new page starts at the top and changing only the query (filters, page) keeps the scroll position;
 * coming back to an entry of the history (Back from a listing) returns to where the visitor was on it,
 * with the same results page (it is in the address).
 */
function ScrollMemory() {
  const { key, pathname } = useLocation();
  const current = useRef(key);
  const lastPath = useRef<string | null>(null);

  // Scroll events after this commit belong to the new entry, even when the browser clamps the old
  // page's position while the new one is still short.
  useLayoutEffect(() => {
    current.current = key;
  }, [key]);

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        savePosition(current.current, window.scrollY);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
      window.history.scrollRestoration = previous;
    };
  }, []);

  useEffect(() => {
    const samePage = lastPath.current === pathname;
    lastPath.current = pathname;
    const saved = savedPosition(key);
    const root = document.scrollingElement;
    if (saved === undefined) {
      if (!samePage && root) root.scrollTop = 0;
      return undefined;
    }
    // The results may still be arriving: try again each frame until the page is tall enough, the time is
    // up, or the visitor scrolls by themselves.
    let frame = 0;
    let stopped = false;
    const started = performance.now();
    const stop = () => {
      stopped = true;
    };
    const attempt = () => {
      if (stopped || !root) return;
      const reachable = root.scrollHeight - root.clientHeight;
      root.scrollTop = Math.min(saved, reachable);
      if (reachable >= saved || performance.now() - started > RESTORE_FOR_MS) return;
      frame = requestAnimationFrame(attempt);
    };
    const events = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    for (const type of events) window.addEventListener(type, stop, { passive: true });
    attempt();
    return () => {
      stop();
      cancelAnimationFrame(frame);
      for (const type of events) window.removeEventListener(type, stop);
    };
  }, [key, pathname]);
  return null;
}

/** The remote's own route table; the shell only mounts this parcel on the paths in remote.json. */
export function CatalogRoot(props: ParcelProps) {
  useFollowFavorites();
  useClaimAdClicks();
  return (
    <AppNavigateContext.Provider value={props.navigate}>
      <ScrollMemory />
      <Suspense fallback={<PageFallback />}>
        <Routes>
          {routes.map(({ path, element }) => (
            <Route key={path} path={path} element={element} />
          ))}
        </Routes>
      </Suspense>
    </AppNavigateContext.Provider>
  );
}
