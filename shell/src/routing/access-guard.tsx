import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { useAuth, type AccessRule } from '@modula/shared';
import { decideAccess } from './access';
import { AccessDenied } from '../pages/access-denied';
import { PageStatus } from '../layout/page-status';

/** Applies a route's access rule from the registry before anything of the route is loaded. */
export function AccessGuard({ rule, children }: { rule: AccessRule; children: ReactNode }) {
  const { t } = useTranslation('shell');
  const auth = useAuth((state) => state);
  const location = useLocation();
  const decision = decideAccess(rule, auth);
  switch (decision.kind) {
    case 'render':
      return <>{children}</>;
    case 'wait':
      return <PageStatus label={t('guard.checking')} />;
    case 'redirect': {
      const from = `${location.pathname}${location.search}`;
      // A guest goes to /login with the page they wanted, where the login returns them (mf-auth checks
      // that it is a path on this site).
      const to = decision.to === '/login' ? `/login?${new URLSearchParams({ next: from }).toString()}` : decision.to;
      return <Navigate to={to} replace state={{ from }} />;
    }
    case 'denied':
      return <AccessDenied email={decision.email} />;
  }
}
