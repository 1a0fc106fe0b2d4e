import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { SupabaseClient } from '@supabase/supabase-js';
import { setSupabaseForTesting, setTestRuntimeConfig, signInForTest, signOutForTest, testProfile } from '../testing';
import { applyProfileLanguage, chooseLanguage, followLanguageAcrossTabs, UNSAVED_LANGUAGE_KEY } from './language-preference';
import { authStore } from './store';
import { changeLanguage, currentLanguage, LANGUAGE_STORAGE_KEY } from '../i18n/instance';

const USER = '00000000-0000-4000-8000-000000000001';

/** The profiles table as language-preference.ts uses it: updates are recorded, or refused while `offline`. */
function fakeProfiles() {
  const updates: { id: unknown; changes: unknown }[] = [];
  const state = { offline: false };
  const client = {
    from: (table: string) => ({
      update: (changes: unknown) => ({
        eq: async (column: string, id: unknown) => {
          expect([table, column]).toEqual(['profiles', 'id']);
          if (state.offline) return { error: { message: 'Failed to fetch' } };
          updates.push({ id, changes });
          return { error: null };
        },
      }),
    }),
  };
  setSupabaseForTesting(client as unknown as SupabaseClient);
  return { updates, state };
}

function signedInWithProfileLanguage(language: string | null) {
  signInForTest({ id: USER });
  const { profile } = authStore.getState();
  authStore.setState({ profile: profile && { ...profile, preferred_language: language } });
}

beforeEach(async () => {
  setTestRuntimeConfig();
  signOutForTest();
  window.localStorage.clear();
  await changeLanguage('en', { persist: false });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  setSupabaseForTesting(null);
  jest.restoreAllMocks();
});

describe('choosing a language in the header', () => {
  it("a guest's choice is shown and stored, nothing else", async () => {
    const { updates } = fakeProfiles();
    expect(await chooseLanguage('fr')).toBe('fr');
    expect(currentLanguage()).toBe('fr');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    expect(updates).toEqual([]);
  });

  it("a signed-in user's choice becomes the profile's preferred language", async () => {
    const { updates } = fakeProfiles();
    signedInWithProfileLanguage('en');
    await chooseLanguage('fr');
    expect(updates).toEqual([{ id: USER, changes: { preferred_language: 'fr' } }]);
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    expect(authStore.getState().profile?.preferred_language).toBe('fr');
    expect(window.localStorage.getItem(UNSAVED_LANGUAGE_KEY)).toBeNull();
  });

  it('choosing the language the profile already has writes nothing', async () => {
    const { updates } = fakeProfiles();
    signedInWithProfileLanguage('de');
    await chooseLanguage('de');
    expect(updates).toEqual([]);
  });

  it('a failed save keeps the choice on screen and saves it the next time the profile is loaded', async () => {
    const { updates, state } = fakeProfiles();
    signedInWithProfileLanguage('en');
    state.offline = true;
    await chooseLanguage('fr');
    expect(currentLanguage()).toBe('fr');
    expect(window.localStorage.getItem(UNSAVED_LANGUAGE_KEY)).toBe(USER);

    // A reload: the profile still says English, but this browser's unsaved French wins and is saved.
    state.offline = false;
    await applyProfileLanguage({ ...testProfile({ id: USER }), preferred_language: 'en' });
    expect(currentLanguage()).toBe('fr');
    expect(updates).toEqual([{ id: USER, changes: { preferred_language: 'fr' } }]);
    expect(window.localStorage.getItem(UNSAVED_LANGUAGE_KEY)).toBeNull();
  });
});

describe("applying the profile's language when a page learns who is signed in", () => {
  it('a reload or a sign-in elsewhere shows the profile language and stores it', async () => {
    const { updates } = fakeProfiles();
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    await applyProfileLanguage({ ...testProfile({ id: USER }), preferred_language: 'fr' });
    expect(currentLanguage()).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    expect(updates).toEqual([]);
  });

  it('a profile language equal to the page language is stored when nothing was stored yet', async () => {
    fakeProfiles();
    await applyProfileLanguage({ ...testProfile({ id: USER }), preferred_language: 'en' });
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it("another user's unsaved choice is not pushed into this user's profile", async () => {
    const { updates } = fakeProfiles();
    window.localStorage.setItem(UNSAVED_LANGUAGE_KEY, 'someone-else');
    await applyProfileLanguage({ ...testProfile({ id: USER }), preferred_language: 'de' });
    expect(currentLanguage()).toBe('de');
    expect(updates).toEqual([]);
  });

  it('an unsupported profile language changes nothing', async () => {
    fakeProfiles();
    await applyProfileLanguage({ ...testProfile({ id: USER }), preferred_language: 'xx' });
    expect(currentLanguage()).toBe('en');
  });
});

describe('other tabs', () => {
  it('follow a choice stored by another tab without storing or saving it again', async () => {
    const { updates } = fakeProfiles();
    signedInWithProfileLanguage('en');
    const stop = followLanguageAcrossTabs();
    window.dispatchEvent(new StorageEvent('storage', { key: LANGUAGE_STORAGE_KEY, newValue: 'ja' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(currentLanguage()).toBe('ja');
    expect(authStore.getState().profile?.preferred_language).toBe('ja');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
    expect(updates).toEqual([]);

    // Other keys, unsupported values, and events after stopping are ignored.
    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else', newValue: 'de' }));
    window.dispatchEvent(new StorageEvent('storage', { key: LANGUAGE_STORAGE_KEY, newValue: 'xx' }));
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: LANGUAGE_STORAGE_KEY, newValue: 'ko' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(currentLanguage()).toBe('ja');
  });
});
