import type { ReactElement } from 'react';
import { NotBuiltYet } from './pages/not-built-yet';

/** Every path here is listed in remote.json with its access rule (a test keeps them equal). */
export const routes: { path: string; element: ReactElement }[] = [
  { path: '/', element: <NotBuiltYet page="home" /> },
  { path: '/home', element: <NotBuiltYet page="home" /> },
  { path: '/listings', element: <NotBuiltYet page="listings" /> },
  { path: '/listings/:id', element: <NotBuiltYet page="listing" /> },
  { path: '/property/:id', element: <NotBuiltYet page="listing" /> },
  { path: '/listing-details/:id', element: <NotBuiltYet page="listing" /> },
  { path: '/services', element: <NotBuiltYet page="services" /> },
  { path: '/service/:id', element: <NotBuiltYet page="service" /> },
  { path: '/commercial-units', element: <NotBuiltYet page="commercialUnits" /> },
  { path: '/upgrades', element: <NotBuiltYet page="upgrades" /> },
  { path: '/upgrade/:id', element: <NotBuiltYet page="upgrade" /> },
  { path: '/search', element: <NotBuiltYet page="search" /> },
  { path: '/vendor-profile/:id', element: <NotBuiltYet page="vendorProfile" /> },
  { path: '/blog', element: <NotBuiltYet page="blog" /> },
  { path: '/blog/:slug', element: <NotBuiltYet page="blogPost" /> },
  { path: '/customer-dashboard/favorites', element: <NotBuiltYet page="favorites" /> },
];
