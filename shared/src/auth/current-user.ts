import type { Session, User } from '@supabase/supabase-js';
import type { CurrentUser, Profile, UserType } from './store';
import { getRuntimeConfig, hasRuntimeConfig } from '../config';

/** The spec's fallback chain for a display name: the profile, the sign-up metadata, the email, "User". */
export function displayName(profile: Pick<Profile, 'name'> | null, user: Pick<User, 'email' | 'user_metadata'>): string {
  const fromMeta = typeof user.user_metadata?.name === 'string' ? user.user_metadata.name : '';
  return profile?.name?.trim() || fromMeta.trim() || user.email || 'User';
}

export function userTypeOf(profile: Pick<Profile, 'user_type'> | null, user: Pick<User, 'user_metadata'>): UserType {
  const t = profile?.user_type ?? user.user_metadata?.user_type;
  return t === 'vendor' ? 'vendor' : 'customer';
}

/**
 * profiles.profile_image holds a path in the public avatars bucket ("<user id>/<file>") or an
 * absolute URL; pages need something an <img> can load.
 */
export function avatarUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^(https?:|data:|blob:)/i.test(value) || value.startsWith('/')) return value;
  const base = hasRuntimeConfig() ? getRuntimeConfig().supabaseUrl.replace(/\/+$/, '') : '';
  return `${base}/storage/v1/object/public/avatars/${value.split('/').map(encodeURIComponent).join('/')}`;
}

export function toCurrentUser(session: Session, profile: Profile | null): CurrentUser {
  const { user } = session;
  return {
    id: user.id,
    name: displayName(profile, user),
    email: user.email ?? '',
    userType: userTypeOf(profile, user),
    companyId: profile?.company_id ?? null,
    avatar: avatarUrl(profile?.profile_image ?? (typeof user.user_metadata?.avatar === 'string' ? user.user_metadata.avatar : null)),
  };
}

/** Where a user lands after signing in: vendors on /dashboard, customers on /customer-dashboard. */
export function dashboardPathFor(userType: UserType): string {
  return userType === 'vendor' ? '/dashboard' : '/customer-dashboard';
}
