import { Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import type { ParcelProps } from '@modula/shared';
import { NAMESPACE } from './i18n';
import { routes } from './routes';
import { useFollowFavorites } from './hooks/use-favorites';
import { useClaimAdClicks } from './ads/claim';

// Tall enough that the footer does not jump up and back while a page's chunk arrives.
const Pending = styled.div`min-block-size: 80vh;`;

function PageFallback() {
  const { t } = useTranslation(NAMESPACE);
  return <Pending role="status" aria-label={t('states.loading')} />;
}

function ScrollReset() {
  useEffect(() => {
    if (document.scrollingElement) document.scrollingElement.scrollTop = 0;
  }, []);
  return null;
}

/** A new page starts at the top; changing only the query (filters, page) keeps the scroll position. */
function ScrollToTop() {
  const { pathname } = useLocation();
  return <ScrollReset key={pathname} />;
}

/** The remote's own route table; the shell only mounts this parcel on the paths in remote.json. */
export function CatalogRoot(_props: ParcelProps) {
  useFollowFavorites();
  useClaimAdClicks();
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<PageFallback />}>
        <Routes>
          {routes.map(({ path, element }) => (
            <Route key={path} path={path} element={element} />
          ))}
        </Routes>
      </Suspense>
    </>
  );
}
