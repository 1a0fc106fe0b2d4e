// A signed-in user's language lives in two places: this browser's stored choice (modula.language,
// read at start-up before anyone is known) and the profile's preferred_language (what every other
// browser and the mails use). These functions keep the two equal:
//   - a choice in the header is shown and stored at once, then saved to the profile;
//   - when a page first learns who is signed in (a reload, or signing in on another device), the
//     profile's language is applied and stored, unless a choice made here has not reached the
//     profile yet (offline, or the page was closed first): then that choice is saved now;
//   - other tabs follow a stored change through the `storage` event.
import { loadSupabase } from '../supabase';
import { authStore, type Profile } from './store';
import { changeLanguage, currentLanguage, LANGUAGE_STORAGE_KEY, storedLanguage } from '../i18n/instance';
import { isSupportedLanguage, type LanguageCode } from '../i18n/languages';

/** The user whose header choice has not been saved to their profile yet (set until the save succeeds). */
export const UNSAVED_LANGUAGE_KEY = 'modula.language.unsaved';

function readUnsaved(): string | null {
  try {
    return window.localStorage.getItem(UNSAVED_LANGUAGE_KEY);
  } catch {
    return null;
  }
}

function writeUnsaved(userId: string | null): void {
  try {
    if (userId) window.localStorage.setItem(UNSAVED_LANGUAGE_KEY, userId);
    else window.localStorage.removeItem(UNSAVED_LANGUAGE_KEY);
  } catch {
    // Storage unavailable: the profile is still updated now; only a failed save is not retried.
  }
}

/** The profile in the store follows what was saved, so every remote (e.g. the settings form) sees it. */
function rememberInStore(userId: string, language: LanguageCode): void {
  const { profile } = authStore.getState();
  if (profile?.id === userId && profile.preferred_language !== language) {
    authStore.setState({ profile: { ...profile, preferred_language: language } });
  }
}

async function saveToProfile(userId: string, language: LanguageCode): Promise<void> {
  const { error } = await (await loadSupabase()).from('profiles').update({ preferred_language: language }).eq('id', userId);
  if (error) throw error;
  rememberInStore(userId, language);
  // Only if nothing newer was chosen meanwhile (that choice clears the mark itself when saved).
  if (currentLanguage() === language && readUnsaved() === userId) writeUnsaved(null);
}

/**
 * The header's language choice: every mounted remote switches at once and the choice is stored;
 * for a signed-in user it also becomes the profile's preferred language. Rejects only when the
 * language's strings cannot be loaded (the page then stays in its language); a failed profile save
 * is retried the next time a page of this browser learns who is signed in.
 */
export async function chooseLanguage(code: string): Promise<LanguageCode> {
  const language = await changeLanguage(code);
  const userId = authStore.getState().session?.user.id ?? null;
  if (!userId || authStore.getState().profile?.preferred_language === language) return language;
  writeUnsaved(userId);
  try {
    await saveToProfile(userId, language);
  } catch (error) {
    console.warn('Saving the preferred language failed; it is saved on the next visit', error);
  }
  return language;
}

/**
 * Called once a page has loaded the profile of a user it did not know yet (first load of a page with
 * a session, or a sign-in): makes the page's language, the stored choice and the profile agree.
 */
export async function applyProfileLanguage(profile: Profile): Promise<void> {
  if (readUnsaved() === profile.id) {
    const language = currentLanguage();
    if (profile.preferred_language === language) writeUnsaved(null);
    else await saveToProfile(profile.id, language).catch((error: unknown) => console.warn('Saving the preferred language failed', error));
    return;
  }
  const preferred = profile.preferred_language;
  if (!isSupportedLanguage(preferred)) return;
  if (preferred !== currentLanguage() || storedLanguage() !== preferred) await changeLanguage(preferred);
}

/**
 * Another tab stored a new choice (the `storage` event only reaches the other tabs): this tab
 * switches too, without storing or saving again. Returns the function that stops following.
 */
export function followLanguageAcrossTabs(): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const onStorage = (event: StorageEvent) => {
    if (event.key !== LANGUAGE_STORAGE_KEY || !isSupportedLanguage(event.newValue) || event.newValue === currentLanguage()) return;
    const language = event.newValue;
    void changeLanguage(language, { persist: false }).then(
      () => {
        // The tab that chose saved it to the profile; this tab's copy of the profile follows.
        const userId = authStore.getState().session?.user.id;
        if (userId) rememberInStore(userId, language);
      },
      (error: unknown) => console.warn('Switching to the language chosen in another tab failed', error),
    );
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
