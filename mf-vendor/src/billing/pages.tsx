import { Suspense, lazy, type ReactNode } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';

// Billing pages load as their own chunks, with their strings, only when one of them is shown.
const LazyPricingPage = lazy(() => import('./pricing-page').then((m) => ({ default: m.PricingPage })));
const LazyCheckoutPage = lazy(() => import('./checkout-page').then((m) => ({ default: m.TestCheckoutPage })));

// Tall enough that the footer does not jump up and back while the page's chunk arrives.
const Pending = styled.div`min-block-size: 80vh;`;

function Fallback() {
  const { t } = useTranslation('common');
  return <Pending role="status" aria-label={t('loading')} />;
}

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Fallback />}>{children}</Suspense>;
}

export const PricingRoute = () => <Page><LazyPricingPage /></Page>;
export const TestCheckoutRoute = () => <Page><LazyCheckoutPage /></Page>;
