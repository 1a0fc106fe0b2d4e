import { lazy, Suspense, type ReactElement } from 'react';
import { AdsRoute } from './ads/ads-route';
import { PricingRoute, TestCheckoutRoute } from './billing/pages';
import { Loading } from './components/ui';
import { DemoCreateRedirect } from './pages/demo-create-redirect';

const DashboardPage = lazy(() => import('./pages/dashboard/dashboard-page'));
const ListingEditorPage = lazy(() => import('./pages/listing/listing-editor-page'));
const CustomerOrdersPage = lazy(() => import('./pages/orders/customer-orders-page'));

const page = (element: ReactElement) => <Suspense fallback={<Loading />}>{element}</Suspense>;

/** Every path here is listed in remote.json with its access rule (a test keeps them equal). */
export const routes: { path: string; element: ReactElement }[] = [
  { path: '/dashboard', element: page(<DashboardPage />) },
  { path: '/create-listing', element: page(<ListingEditorPage mode="create" />) },
  { path: '/edit-listing/:id', element: page(<ListingEditorPage mode="edit" />) },
  { path: '/pricing', element: <DemoCreateRedirect><PricingRoute /></DemoCreateRedirect> },
  { path: '/advertising-dashboard', element: <AdsRoute page="dashboard" /> },
  { path: '/create-ad', element: <AdsRoute page="create" /> },
  { path: '/customer-dashboard/orders', element: page(<CustomerOrdersPage />) },
  { path: '/checkout/test/:session', element: <TestCheckoutRoute /> },
];
