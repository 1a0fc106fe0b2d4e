import { useEffect } from 'react';
import { Outlet, useMatches } from '@modula/router';
import styled, { createGlobalStyle } from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Toaster, type RegistryEntry } from '@modula/shared';
import { Header } from './header/header';
import { Footer } from './footer';
import { RemoteParcel } from '../federation/remote-parcel';
import { markRouteSettled, useWidgetStart } from '../federation/widget-start';
import { FirstScreen } from './first-screen';

/** The launcher's size and distance from the corner, plus a gap. */
export const LAUNCHER_CLEARANCE = 96;

const Page = styled.div`min-block-size: 100vh; display: flex; flex-direction: column;`;
// At least a screen tall, so the footer starts below the fold: a remote's page arriving a moment after
// the shell then pushes nothing visible (no layout shift, CLS 0).
// position: relative holds the server-rendered first screen over the page while it loads (first-screen.tsx).
const Main = styled.main`flex: 1; min-block-size: 100vh; position: relative; &:focus { outline: none; }`;
/*
 * The messenger launcher (56 px, 20 px from the inline-end corner) must not cover page controls such as
 * the carousel's arrows. --modula-launcher-gutter is how much room a page's content column leaves on
 * its inline-end side for it: where the margin beside the 1200 px column is narrower than 96 px (laptop
 * widths), the difference; 0 on wider screens and on phones and tablets, whose content keeps the whole
 * width. Keyboard focus scrolled into view stops clear of the launcher everywhere.
 */
const LauncherClearance = createGlobalStyle`
  html {
    scroll-padding-block-end: ${LAUNCHER_CLEARANCE}px;
    --modula-launcher-gutter: 0px;
  }
  @media (min-width: 1024px) {
    html { --modula-launcher-gutter: max(0px, calc(${LAUNCHER_CLEARANCE}px - max(0px, (100vw - ${({ theme }) => theme.layout.maxWidth}) / 2))); }
  }
`;
const Skip = styled.a`
  position: absolute; inset-inline-start: 8px; inset-block-start: -100px; z-index: 1000; padding: 10px 16px;
  background: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.onPrimary}; border-radius: ${({ theme }) => theme.radii.md};
  &:focus { inset-block-start: 8px; }
`;

/** What build-routes puts on a route whose page is a remote's parcel. */
export interface RouteHandle {
  remote?: string;
}

/**
 * Header, the routed page, footer, the messenger slot and the page's one Toaster. The messenger's
 * remote loads after the page's own content (see widget-start.ts).
 */
export function AppLayout({ widgets }: { widgets: RegistryEntry[] }) {
  const { t } = useTranslation('shell');
  const remoteRoute = useMatches().some((match) => Boolean((match.handle as RouteHandle | undefined)?.remote));
  // A shell page is rendered by the time the layout is (its module is loaded before the route renders).
  useEffect(() => {
    if (!remoteRoute) markRouteSettled();
  }, [remoteRoute]);
  const { started, onWidgetMounted } = useWidgetStart();
  return (
    <Page>
      <LauncherClearance />
      <Skip href="#main">{t('skipToContent')}</Skip>
      <Header />
      <Main id="main" tabIndex={-1}>
        <FirstScreen />
        <Outlet />
      </Main>
      <Footer />
      {started
        ? widgets.map((entry) => (
            <RemoteParcel key={`${entry.name}:messenger-widget`} entry={entry} slot="messenger-widget" onMounted={onWidgetMounted} />
          ))
        : null}
      <Toaster closeLabel={t('common.close')} />
    </Page>
  );
}
