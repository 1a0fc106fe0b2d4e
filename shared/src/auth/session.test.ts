import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
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
  // The session the client holds: the last one it announced, until a sign-out removes it.
  let current: Session | null = null;
  const from = jest.fn((_table: string) => ({
    select: () => ({ eq: () => ({ maybeSingle: async () => ({ data: profile, error: null }) }) }),
    update: (changes: Partial<typeof profile>) => ({
      eq: async () => {
        Object.assign(profile, changes);
        return { error: null };
      },
    }),
  }));
  const client = {
    auth: {
      onAuthStateChange: (fn: Listener) => {
        listener = fn;
        return { data: { subscription: { unsubscribe: () => undefined } } };
      },
      getSession: async () => ({ data: { session: current } }),
      getUser: async () => ({ data: { user: null }, error: null }),
    },
    from,
  };
  return {
    client: client as unknown as SupabaseClient,
    from,
    emit: (event: AuthChangeEvent, session: Session | null) => {
      current = session;
      listener(event, session);
    },
    /** The client drops its session without announcing it yet (a sign-out in progress). */
    dropSession: () => {
      current = null;
    },
  };
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

describe('signing out right after a change (a password reset)', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    setTestRuntimeConfig();
    signOutForTest();
  });
  afterEach(() => {
    stop();
    setSupabaseForTesting(null);
  });

  it('does not read the profile of a user the client no longer holds (issue 19, item 19)', async () => {
    const warn = jest.spyOn(console, 'warn');
    const { client, emit, from, dropSession } = fakeClient(testProfile());
    setSupabaseForTesting(client);
    stop = startAuth();
    emit('USER_UPDATED', testSession());
    // The reset page signs out before the event is handled.
    dropSession();
    await new Promise((r) => setTimeout(r, 20));
    emit('SIGNED_OUT', null);
    await new Promise((r) => setTimeout(r, 20));
    expect(from).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalledWith('Could not load the profile', expect.anything());
    expect(authStore.getState().status).toBe('signed-out');
    warn.mockRestore();
  });

  it('still reads the profile while the session is held', async () => {
    const { client, emit, from } = fakeClient(testProfile());
    setSupabaseForTesting(client);
    stop = startAuth();
    emit('USER_UPDATED', testSession());
    await profileLoaded();
    expect(from).toHaveBeenCalledWith('profiles');
    expect(authStore.getState().profileStatus).toBe('loaded');
  });
});
