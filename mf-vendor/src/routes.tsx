import type { ReactElement } from 'react';
import { NotBuiltYet } from './pages/not-built-yet';
import { AdsRoute } from './ads/ads-route';
import { PricingRoute, TestCheckoutRoute } from './billing/pages';

/** Every path here is listed in remote.json with its access rule (a test keeps them equal). */
export const routes: { path: string; element: ReactElement }[] = [
  { path: '/dashboard', element: <NotBuiltYet page="dashboard" /> },
  { path: '/create-listing', element: <NotBuiltYet page="createListing" /> },
  { path: '/edit-listing/:id', element: <NotBuiltYet page="editListing" /> },
  { path: '/pricing', element: <PricingRoute /> },
  { path: '/advertising-dashboard', element: <AdsRoute page="dashboard" /> },
  { path: '/create-ad', element: <AdsRoute page="create" /> },
  { path: '/customer-dashboard/orders', element: <NotBuiltYet page="orders" /> },
  { path: '/checkout/test/:session', element: <TestCheckoutRoute /> },
];
