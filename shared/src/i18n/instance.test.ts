import { afterEach, describe, expect, it } from '@jest/globals';
import { changeLanguage, currentLanguage, i18n, registerNamespace } from './instance';

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
/** Every loader of the file: once its test ends, they answer at once (later tests change language too). */
const everyLoader: { openAll(): void }[] = [];

/** A loader whose downloads the test releases by hand, language by language. */
function manualLoader(ns: string) {
  const pending = new Map<string, () => void>();
  const requested: string[] = [];
  let open = false;
  const loader = (language: string) =>
    new Promise<{ title: string }>((resolve) => {
      requested.push(language);
      const answer = () => resolve({ title: `${ns} in ${language}` });
      if (open) answer();
      else pending.set(language, answer);
    });
  const release = async (language: string) => {
    await settled();
    pending.get(language)?.();
    pending.delete(language);
    await settled();
  };
  everyLoader.push({
    openAll() {
      open = true;
      for (const answer of pending.values()) answer();
      pending.clear();
    },
  });
  return { loader, requested, release };
}

describe('registerNamespace and changeLanguage', () => {
  afterEach(async () => {
    for (const l of everyLoader) l.openAll();
    await changeLanguage('en', { persist: false });
  });

  it('a namespace registered while the language changes loads the new language too', async () => {
    const early = manualLoader('early');
    const earlyReady = registerNamespace('early', early.loader);
    await early.release('en');
    await earlyReady;

    // The visitor picks Arabic; meanwhile a remote mounts and registers its namespace.
    const switching = changeLanguage('ar', { persist: false });
    const late = manualLoader('late');
    const lateReady = registerNamespace('late', late.loader);
    await early.release('ar');
    await switching;
    await late.release('ar');
    await late.release('en');
    await lateReady;

    expect(currentLanguage()).toBe('ar');
    expect(late.requested).toContain('ar');
    expect(i18n.t('title', { ns: 'late' })).toBe('late in ar');
  });
});
