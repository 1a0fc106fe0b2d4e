import type { AccessRule, AuthState } from '@modula/shared';

export type AccessDecision =
  | { kind: 'render' }
  /** The session (or, for admin routes, the profile with the role) is not known yet. */
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string }
  | { kind: 'denied'; email: string };

type AuthView = Pick<AuthState, 'status' | 'session' | 'user' | 'emailConfirmed' | 'role' | 'profileStatus'>;

/** Where an unconfirmed user is sent, with what the check-email page needs to say and resend. */
export function checkEmailPath(auth: AuthView): string {
  const params = new URLSearchParams({
    email: auth.user?.email ?? auth.session?.user.email ?? '',
    name: auth.user?.name ?? '',
    userType: auth.user?.userType ?? 'customer',
  });
  return `/check-email?${params.toString()}`;
}

/**
 * The registry's access rules (spec section 4): verified routes need a session with a confirmed email;
 * admin routes additionally need the profile role admin, and otherwise show Access Denied.
 */
export function decideAccess(rule: AccessRule, auth: AuthView): AccessDecision {
  if (rule === 'public') return { kind: 'render' };
  if (auth.status === 'loading') return { kind: 'wait' };
  if (auth.status === 'signed-out' || !auth.session) return { kind: 'redirect', to: '/login' };
  if (!auth.emailConfirmed) return { kind: 'redirect', to: checkEmailPath(auth) };
  if (rule === 'verified') return { kind: 'render' };
  if (auth.role === 'admin') return { kind: 'render' };
  if (auth.profileStatus === 'loading' || auth.profileStatus === 'idle') return { kind: 'wait' };
  return { kind: 'denied', email: auth.user?.email ?? auth.session.user.email ?? '' };
}
