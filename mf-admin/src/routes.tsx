import type { ReactElement } from 'react';
import { Navigate } from 'react-router-dom';
import { NotBuiltYet } from './pages/not-built-yet';
import { UnknownAdminPage } from './pages/unknown-admin-page';

/** Every path here is listed in remote.json with its access rule (a test keeps them equal). */
export const routes: { path: string; element: ReactElement }[] = [
  { path: '/admin/analytics', element: <NotBuiltYet page="analytics" /> },
  { path: '/admin', element: <Navigate to="/admin/analytics" replace /> },
  { path: '/admin/*', element: <UnknownAdminPage /> },
];
