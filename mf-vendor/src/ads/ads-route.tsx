import { lazy, Suspense, useEffect, useState } from 'react';
import { registerNamespace } from '@modula/shared';
import { ADS_NAMESPACE, loadAdsLocale } from './i18n';

const CreateAdPage = lazy(() => import('./create-ad-page'));
const AdvertisingDashboardPage = lazy(() => import('./advertising-dashboard-page'));

/** /create-ad and /advertising-dashboard: their code and strings load only when one is opened. */
export function AdsRoute({ page }: { page: 'create' | 'dashboard' }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void registerNamespace(ADS_NAMESPACE, loadAdsLocale).finally(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!ready) return null;
  return <Suspense fallback={null}>{page === 'create' ? <CreateAdPage /> : <AdvertisingDashboardPage />}</Suspense>;
}
