import type { UserType } from '@modula/shared';
import { dashboardPathFor } from './services/api';

/** Pages a signed-in user has no reason to come back to after logging in. */
const AUTH_PAGES = ['/login', '/signup', '/check-email', '/email-verification', '/verify', '/forgot-password', '/reset-password'];

/** The page that sent the user to log in (the shell's guard passes it as location state `from`). */
export function returnPathFrom(state: unknown): string | null {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return null;
  const path = from.split(/[?#]/)[0] ?? '';
  return AUTH_PAGES.includes(path) ? null : from;
}

/**
 * Where a login ends (spec section 6): back on the protected page that asked for it, otherwise
 * vendors on /dashboard and customers on /customer-dashboard.
 */
export function postLoginPath(userType: UserType, state?: unknown): string {
  return returnPathFrom(state) ?? dashboardPathFor(userType);
}
