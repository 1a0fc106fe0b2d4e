import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js';
import { setSupabaseForTesting, setTestRuntimeConfig, testProfile, testSession, signOutForTest } from '../testing';
import { startAuth } from './session';
import { authStore } from './store';
import { changeLanguage, currentLanguage } from '../i18n/instance';
import { chooseLanguage } from './language-preference';

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

/** The parts of the supabase client session.ts uses, answering with one profile row. */
function fakeClient(profile: ReturnType<typeof testProfile>) {
  let listener: Listener = () => undefined;
  const client = {
    auth: {
      onAuthStateChange: (fn: Listener) => {
        listener = fn;
        return { data: { subscription: { unsubscribe: () => undefined } } };
      },
      getSession: async () => ({ data: { session: null } }),
      getUser: async () => ({ data: { user: null }, error: null }),
    },
    from: () => ({
      select: () => ({ eq: () => ({ maybeSingle: async () => ({ data: profile, error: null }) }) }),
      update: (changes: Partial<typeof profile>) => ({
        eq: async () => {
          Object.assign(profile, changes);
          return { error: null };
        },
      }),
    }),
  };
  return { client: client as unknown as SupabaseClient, emit: (event: AuthChangeEvent, session: Session | null) => listener(event, session) };
}

async function profileLoaded(): Promise<void> {
  for (let i = 0; i < 50 && authStore.getState().profileStatus !== 'loaded'; i++) await new Promise((r) => setTimeout(r, 5));
  await new Promise((r) => setTimeout(r, 5));
}

describe('signing in', () => {
  let stop: () => void = () => undefined;
  beforeEach(async () => {
    setTestRuntimeConfig();
    signOutForTest();
    window.localStorage.clear();
    await changeLanguage('en', { persist: false });
  });
  afterEach(() => {
    stop();
    setSupabaseForTesting(null);
  });

  it("switches the app to the user's saved preferred language", async () => {
    const { client, emit } = fakeClient({ ...testProfile(), preferred_language: 'de' });
    setSupabaseForTesting(client);
    stop = startAuth();
    emit('SIGNED_IN', testSession());
    await profileLoaded();
    expect(currentLanguage()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
  });

  it('a reload (a restored session) shows the profile language; a token refresh keeps a later header choice', async () => {
    const profile = { ...testProfile(), preferred_language: 'fr' };
    const { client, emit } = fakeClient(profile);
    setSupabaseForTesting(client);
    stop = startAuth();
    emit('INITIAL_SESSION', testSession());
    await profileLoaded();
    expect(currentLanguage()).toBe('fr');
    expect(window.localStorage.getItem('modula.language')).toBe('fr');

    await chooseLanguage('de');
    expect(profile.preferred_language).toBe('de');
    emit('TOKEN_REFRESHED', testSession());
    await profileLoaded();
    expect(currentLanguage()).toBe('de');
  });

  it('ignores an unsupported saved language', async () => {
    const { client, emit } = fakeClient({ ...testProfile(), preferred_language: 'xx' });
    setSupabaseForTesting(client);
    stop = startAuth();
    emit('SIGNED_IN', testSession());
    await profileLoaded();
    expect(currentLanguage()).toBe('en');
  });
});
