import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { authStorageKey, getSupabase, hasStoredSession, isSupabaseLoaded, loadSupabase, onSupabaseLoaded, type SupabaseClient } from '../supabase';
import type { Database } from '../database.types';
import { authStore, signedOutState, type Profile } from './store';
import { toCurrentUser } from './current-user';
import { applyProfileLanguage, followLanguageAcrossTabs } from './language-preference';

/** Refresh when the access token has less than this left (spec: 300 seconds). */
export const REFRESH_MARGIN_SECONDS = 300;
/** Re-check the session with the server this often (spec: every 5 minutes). */
export const RECHECK_INTERVAL_MS = 5 * 60 * 1000;
/** Browser-stored saved-listings list that logout clears (spec section 4). */
export const SAVED_LISTINGS_KEY = 'modula.savedListings';

const PROFILE_COLUMNS = 'id,name,company_name,company_id,user_type,role,profile_image,country,preferred_language';

/**
 * Reads the user's profile; if none exists yet, creates it from the sign-up metadata (user_type
 * defaults to customer; name defaults to the email, else "User").
 */
export async function loadOrCreateProfile(session: Session): Promise<Profile | null> {
  const supabase = getSupabase();
  const { data, error } = await supabase.from('profiles').select(PROFILE_COLUMNS).eq('id', session.user.id).maybeSingle();
  if (error) throw error;
  if (data) return data as Profile;
  const meta = session.user.user_metadata ?? {};
  const row = {
    id: session.user.id,
    name: (typeof meta.name === 'string' && meta.name.trim()) || session.user.email || 'User',
    user_type: meta.user_type === 'vendor' ? ('vendor' as const) : ('customer' as const),
  };
  const created = await supabase.from('profiles').insert(row).select(PROFILE_COLUMNS).single();
  if (created.error) throw created.error;
  return created.data as Profile;
}

/** Whether the client still holds a session of this user (getSession waits for a sign-out in progress). */
async function stillSignedIn(session: Session): Promise<boolean> {
  const { data } = await getSupabase().auth.getSession();
  return data.session?.user.id === session.user.id;
}

async function applySession(session: Session | null, event?: AuthChangeEvent): Promise<void> {
  if (!session) {
    authStore.setState({ ...signedOutState });
    return;
  }
  const emailConfirmed = Boolean(session.user.email_confirmed_at);
  const previous = authStore.getState();
  // Show the user at once from the token; the profile fills in the rest when it arrives.
  const sameUser = previous.user?.id === session.user.id;
  authStore.setState({
    status: 'signed-in',
    session,
    emailConfirmed,
    isLoggedIn: emailConfirmed,
    user: toCurrentUser(session, sameUser ? previous.profile : null),
    profileStatus: sameUser && previous.profileStatus === 'loaded' ? 'loaded' : 'loading',
    passwordRecovery: event === 'PASSWORD_RECOVERY' || (previous.passwordRecovery && event !== 'SIGNED_IN'),
  });
  try {
    // A sign-out may have begun since this event (a password reset signs out right after saving the
    // password). The profile is read only while the client still holds this user's session, so no
    // request goes out for a user who is gone (it would carry the anon key and be refused with 401).
    if (!(await stillSignedIn(session))) return;
    const profile = await loadOrCreateProfile(session);
    if (authStore.getState().session?.user.id !== session.user.id) return;
    authStore.setState({ profile, profileStatus: 'loaded', role: profile?.role ?? null, user: toCurrentUser(session, profile) });
    // The first time this page sees the user (a reload with a session, or a sign-in), the profile's
    // language and the stored choice are made to agree; token refreshes and profile re-reads leave
    // the language alone (the header keeps the profile up to date itself).
    if (profile && !sameUser) await applyProfileLanguage(profile);
  } catch (error) {
    // The header still shows the user from the token; pages that need the profile report their own error.
    console.warn('Could not load the profile', error);
    if (authStore.getState().session?.user.id === session.user.id) authStore.setState({ profileStatus: 'error' });
  }
}

/** Re-reads the profile after a change (for example the name in settings) so every remote sees it. */
export async function refreshProfile(): Promise<void> {
  const { session } = authStore.getState();
  if (session) await applySession(session, 'USER_UPDATED');
}

async function recheck(): Promise<void> {
  const supabase = getSupabase();
  const { data } = await supabase.auth.getSession();
  const session = data.session;
  if (!session) return;
  const secondsLeft = (session.expires_at ?? 0) - Math.floor(Date.now() / 1000);
  if (secondsLeft < REFRESH_MARGIN_SECONDS) {
    await supabase.auth.refreshSession();
    return;
  }
  // Validity check: a revoked session (logout elsewhere) makes the server refuse the token.
  const { error } = await supabase.auth.getUser();
  if (error && (error.status === 401 || error.status === 403)) await supabase.auth.signOut({ scope: 'local' });
}

let started = false;

/**
 * Wires the auth store to supabase auth events, and the language to the other tabs. The shell calls
 * it once at start-up. supabase-js is loaded now only when this browser holds a session or the caller
 * says so (`loadNow`: the shell, when the address carries tokens from an auth link, see
 * shell/src/start-up/auth-hash.ts); otherwise the visitor is a guest at once, and the store is wired
 * when something else loads supabase-js (a sign-in page, a signed-in remote) or another tab signs in.
 */
export function startAuth(options: { loadNow?: boolean } = {}): () => void {
  if (started) return () => undefined;
  started = true;
  let unsubscribe = () => undefined as void;
  let timer: number | null = null;
  const wire = (supabase: SupabaseClient<Database>) => {
    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      // Never await supabase calls inside this callback (supabase-js holds a lock while it runs).
      setTimeout(() => void applySession(session, event), 0);
    });
    unsubscribe = () => data.subscription.unsubscribe();
    timer = window.setInterval(() => void recheck().catch(() => undefined), RECHECK_INTERVAL_MS);
    void recheck().catch(() => undefined);
  };
  const stopWaiting = onSupabaseLoaded(wire);
  if (!isSupabaseLoaded()) {
    if (hasStoredSession() || options.loadNow) {
      loadSupabase().catch((error: unknown) => {
        // The session stays stored; the next page load tries again. Until then the visitor is a guest.
        console.warn('Could not load the sign-in client', error);
        if (authStore.getState().status === 'loading') authStore.setState({ ...signedOutState });
      });
    } else if (authStore.getState().status === 'loading') {
      authStore.setState({ ...signedOutState });
    }
  }
  // A sign-in in another tab stores a session: this tab loads supabase-js, which picks it up.
  const onStorage = (event: StorageEvent) => {
    if (event.key === authStorageKey() && event.newValue && !isSupabaseLoaded()) void loadSupabase().catch(() => undefined);
  };
  window.addEventListener('storage', onStorage);
  const stopLanguage = followLanguageAcrossTabs();
  return () => {
    stopWaiting();
    unsubscribe();
    if (timer !== null) window.clearInterval(timer);
    window.removeEventListener('storage', onStorage);
    stopLanguage();
    started = false;
  };
}

/** Logout: ends the session on the server, clears the saved listings and the store. */
export async function signOut(scope: 'global' | 'local' | 'others' = 'local'): Promise<void> {
  try {
    window.localStorage.removeItem(SAVED_LISTINGS_KEY);
  } catch {
    // Storage unavailable: nothing was saved there either.
  }
  // A guest's page may not have loaded supabase-js: then there is no session to end.
  if (isSupabaseLoaded() || hasStoredSession()) await (await loadSupabase()).auth.signOut({ scope });
  if (scope !== 'others') authStore.setState({ ...signedOutState });
}
