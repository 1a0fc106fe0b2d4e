import type { UserType } from '@modula/shared';
import { dashboardPathFor } from './services/api';

/**
 * Where a login ends (spec section 6): vendors on /dashboard, customers on /customer-dashboard,
 * administrators (profile role admin) on /admin/analytics.
 * Deliberately not "back where the guard sent the user from": a logout on a protected page also goes
 * through the guard, and the next login would then reopen the previous user's page.
 */
export function postLoginPath(userType: UserType, admin = false): string {
  return admin ? '/admin/analytics' : dashboardPathFor(userType);
}
