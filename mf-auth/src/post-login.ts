import type { UserType } from '@modula/shared';
import { dashboardPathFor } from './services/api';

/** Pages of the sign-in flow itself: returning to one of them after signing in would be a loop. */
const AUTH_PAGES = /^\/(login|signup|check-email|email-verification|verify|forgot-password|reset-password)(\/|$)/;
const BASE = 'https://modula.invalid';

/**
 * The page a guest was sent to sign in from (`/login?next=/customer-dashboard/favorites`, written by the
 * shell's access guard), or null when `value` is not a path on this site: only "/..." is accepted, never
 * "//evil.com", "/\evil.com", an absolute URL or a script URL, and never a page of the sign-in flow.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  // Browsers read a backslash as a slash and ignore tabs and newlines in URLs: "/\evil.com" is "//evil.com".
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\s\p{Cc}]/u.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || AUTH_PAGES.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where a login ends (spec section 6): the page the guest wanted (`next`, when it is a path on this
 * site), else administrators (profile role admin) on /admin/analytics, vendors on /dashboard and
 * customers on /customer-dashboard. The shell's guard writes
 * `next` only when it stops a guest at a protected page; a logout goes to a plain /login, so the next
 * user to sign in on this browser is not sent to the previous user's page.
 */
export function postLoginPath(userType: UserType, next?: string | null, admin = false): string {
  return safeNextPath(next) ?? (admin ? '/admin/analytics' : dashboardPathFor(userType));
}
