import { lazy, Suspense, type ReactElement } from 'react';
import { Navigate } from '@modula/router';
import { AdminOnly } from './access';
import { UnknownAdminPage } from './pages/unknown-admin-page';

// The analytics page brings the chart library (uPlot): its own chunk, loaded by this remote only.
const AnalyticsPage = lazy(() => import('./analytics/analytics-page').then((m) => ({ default: m.AnalyticsPage })));
const ListingsPage = lazy(() => import('./moderation/listings-page').then((m) => ({ default: m.ListingsPage })));
const UsersPage = lazy(() => import('./moderation/users-page').then((m) => ({ default: m.UsersPage })));
const CompaniesPage = lazy(() => import('./moderation/companies-page').then((m) => ({ default: m.CompaniesPage })));
const SecurityPage = lazy(() => import('./moderation/security-page').then((m) => ({ default: m.SecurityPage })));
const ReportsPage = lazy(() => import('./moderation/reports-page').then((m) => ({ default: m.ReportsPage })));
const MessagesPage = lazy(() => import('./moderation/messages-page').then((m) => ({ default: m.MessagesPage })));
const AuditPage = lazy(() => import('./moderation/audit-page').then((m) => ({ default: m.AuditPage })));

const admin = (page: ReactElement) => (
  <AdminOnly>
    <Suspense fallback={null}>{page}</Suspense>
  </AdminOnly>
);

/** Every path here is listed in remote.json with its access rule (a test keeps them equal). */
export const routes: { path: string; element: ReactElement }[] = [
  { path: '/admin/analytics', element: admin(<AnalyticsPage />) },
  { path: '/admin/reports', element: admin(<ReportsPage />) },
  { path: '/admin/messages', element: admin(<MessagesPage />) },
  { path: '/admin/listings', element: admin(<ListingsPage />) },
  { path: '/admin/users', element: admin(<UsersPage />) },
  { path: '/admin/companies', element: admin(<CompaniesPage />) },
  { path: '/admin/security', element: admin(<SecurityPage />) },
  { path: '/admin/audit', element: admin(<AuditPage />) },
  { path: '/admin', element: <Navigate to="/admin/analytics" replace /> },
  { path: '/admin/*', element: admin(<UnknownAdminPage />) },
];
