import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from '@modula/router';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../services/api';
import { vendorQueries } from '../services/queries';
import { listingLimit } from '../lib/limits';

/**
 * Spec section 4: a demo vendor arriving at /pricing from the create-listing button
 * (`?from=create-listing`), and able to create, is sent on to /create-listing. Everyone else sees
 * the page.
 */
export function DemoCreateRedirect({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  const fromCreate = params.get('from') === 'create-listing';
  const userId = useAuth((s) => (s.isLoggedIn && s.profile?.user_type === 'vendor' && s.profile.company_id ? s.user?.id ?? null : null));
  const quota = useQuery({ ...vendorQueries.quota(userId ?? ''), enabled: fromCreate && userId !== null });
  if (fromCreate && quota.data?.demo && listingLimit(quota.data).allowed) return <Navigate to="/create-listing" replace />;
  return children;
}
