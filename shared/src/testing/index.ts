// Typed test doubles for @modula/shared. They drive the real stores and event bus, so they cannot
// drift from the API the remotes use.
import type { Session, User } from '@supabase/supabase-js';
import { authStore, signedOutState, type AuthState, type Profile, type UserType } from '../auth/store';
import { toCurrentUser } from '../auth/current-user';
import { toastStore, type Toast } from '../ui/toast';
import { i18n } from '../i18n/instance';
import { setRuntimeConfig } from '../config';
import { QueryClient } from '@tanstack/react-query';
import { QUERY_FRESH_MS } from '../data/query-client';
import commonEnglish from '../i18n/locales/en.json';
import { LANGUAGE_CODES } from '../i18n/languages';
import { SAME_AS_ENGLISH } from '../i18n/same-as-english';
import { findLocaleProblems } from './locales';

import type { ModulaEventName, ModulaEvents } from '../events';

/** Swaps the page's one supabase client for a double (null restores the real one). */
export { setSupabaseForTesting } from '../supabase';

export interface TestUserOptions {
  id?: string;
  email?: string;
  name?: string;
  userType?: UserType;
  role?: 'admin' | null;
  companyId?: string | null;
  emailConfirmed?: boolean;
}

export function testSession(options: TestUserOptions = {}): Session {
  const id = options.id ?? '00000000-0000-4000-8000-000000000001';
  const user = {
    id,
    aud: 'authenticated',
    role: 'authenticated',
    email: options.email ?? 'ada@example.com',
    email_confirmed_at: options.emailConfirmed === false ? undefined : '2026-01-01T00:00:00Z',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: { name: options.name ?? 'Ada Lovelace', user_type: options.userType ?? 'customer' },
    created_at: '2026-01-01T00:00:00Z',
  } as User;
  return {
    access_token: 'test-access-token',
    refresh_token: 'test-refresh-token',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    user,
  };
}

export function testProfile(options: TestUserOptions = {}): Profile {
  return {
    id: options.id ?? '00000000-0000-4000-8000-000000000001',
    name: options.name ?? 'Ada Lovelace',
    company_name: null,
    company_id: options.companyId ?? null,
    user_type: options.userType ?? 'customer',
    role: options.role ?? null,
    profile_image: null,
    country: null,
    preferred_language: null,
  };
}

/** Puts the real auth store in the signed-in state of a test user. */
export function signInForTest(options: TestUserOptions = {}): AuthState {
  const session = testSession(options);
  const profile = testProfile(options);
  const confirmed = options.emailConfirmed !== false;
  const state: AuthState = {
    status: 'signed-in',
    session,
    profile,
    profileStatus: 'loaded',
    role: profile.role,
    user: toCurrentUser(session, profile),
    emailConfirmed: confirmed,
    isLoggedIn: confirmed,
    passwordRecovery: false,
  };
  authStore.setState(state, true);
  return state;
}

export function signOutForTest(): void {
  authStore.setState({ ...signedOutState }, true);
}

/** The toast currently showing, as the user would read it. */
export function currentToast(): Toast | null {
  return toastStore.getState().current;
}

export function resetToasts(): void {
  toastStore.setState({ current: null });
}

/** Records every Modula event of one name dispatched while the returned recorder is active. */
export function recordEvents<K extends ModulaEventName>(name: K): { events: ModulaEvents[K][]; stop: () => void } {
  const events: ModulaEvents[K][] = [];
  const listener = (event: Event) => events.push((event as CustomEvent<ModulaEvents[K]>).detail);
  window.addEventListener(name, listener);
  return { events, stop: () => window.removeEventListener(name, listener) };
}

/** Loads a namespace's translation object synchronously for tests (e.g. the remote's en.json). */
export async function loadTestTranslations(ns: string, resources: Record<string, unknown>, language = 'en'): Promise<void> {
  i18n.addResourceBundle(language, ns, resources, true, true);
  await i18n.changeLanguage(language);
}

/** The shared `common` namespace in English: the UI kit's strings and every form message. */
export async function loadCommonTranslations(): Promise<void> {
  await loadTestTranslations('common', commonEnglish);
}

/**
 * Everything wrong with a namespace's translation files (<dir>/<language>.json for all 14 languages):
 * keys missing or extra against English, plural forms the language does not use or lacks,
 * placeholders that differ, empty values, and copies of English not allowed by SAME_AS_ENGLISH.
 * A remote's test: expect(localeProblems(path.join(__dirname, 'locales'))).toEqual([]).
 */
export function localeProblems(dir: string): string[] {
  return findLocaleProblems(dir, { languages: LANGUAGE_CODES, sameAsReference: SAME_AS_ENGLISH });
}

export function setTestRuntimeConfig(): void {
  setRuntimeConfig({ supabaseUrl: 'http://localhost:54321', supabaseAnonKey: 'test-anon-key', betaGate: false, defaultLanguage: 'en' });
}

/**
 * A query cache for one test: no retries (a failing request shows its error at once) and nothing
 * shared with other tests. Wrap the tree in <QueryClientProvider client={createTestQueryClient()}>.
 */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: QUERY_FRESH_MS, refetchOnWindowFocus: false }, mutations: { retry: 0 } } });
}
