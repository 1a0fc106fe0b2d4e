import type { SupabaseClient } from '@modula/shared';

export type AuthHash =
  | { kind: 'none' }
  /** An auth error in the hash (expired link...): ignored, the hash is dropped. */
  | { kind: 'error' }
  /** A recovery link: the app moves to /reset-password and keeps the hash for supabase-js. */
  | { kind: 'recovery' }
  /** Tokens from a verification or magic link: supabase-js establishes the session. */
  | { kind: 'session'; type: string | null };

/** Classifies the URL hash an auth email link lands with (spec section 4, auth hash handling). */
export function classifyAuthHash(hash: string): AuthHash {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (params.has('error') || params.has('error_code') || params.has('error_description')) return { kind: 'error' };
  const accessToken = params.get('access_token');
  const type = params.get('type');
  if (accessToken && type === 'recovery') return { kind: 'recovery' };
  if (accessToken && params.get('refresh_token')) return { kind: 'session', type };
  return { kind: 'none' };
}

/**
 * Rewrites the address before supabase-js first reads it: an error hash is dropped (supabase-js would
 * otherwise sign the current user out), a recovery hash moves to /reset-password with the hash kept.
 */
export function applyAuthHash(location: Location, history: History): AuthHash {
  const action = classifyAuthHash(location.hash);
  if (action.kind === 'error') {
    history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  } else if (action.kind === 'recovery' && location.pathname !== '/reset-password') {
    history.replaceState(history.state, '', `/reset-password${location.hash}`);
  }
  return action;
}

/**
 * After supabase-js has turned the hash's tokens into a session: a confirmed sign-up asks for the
 * welcome email, then lands on /?verified=true.
 */
export async function finishAuthHash(
  action: AuthHash,
  supabase: Pick<SupabaseClient, 'auth' | 'functions'>,
  history: History,
): Promise<void> {
  if (action.kind !== 'session') return;
  const { data } = await supabase.auth.getSession();
  const user = data.session?.user;
  if (!user) return;
  if (action.type === 'signup') {
    const meta = user.user_metadata ?? {};
    const { error } = await supabase.functions.invoke('auth-email', {
      body: {
        to: user.email,
        type: 'welcome',
        name: typeof meta.name === 'string' ? meta.name : (user.email ?? ''),
        userType: meta.user_type === 'vendor' ? 'vendor' : 'customer',
      },
    });
    // The account works without the welcome email; the failure is logged, not shown.
    if (error) console.warn('Welcome email could not be requested', error);
    history.replaceState(history.state, '', '/?verified=true');
  }
}
