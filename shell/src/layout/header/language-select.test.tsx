import { afterEach, beforeAll, describe, expect, test } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { changeLanguage, currentLanguage, i18n, initLanguage, theme } from '@modula/shared';
import { loadTestTranslations, setSupabaseForTesting, signInForTest, signOutForTest } from '@modula/shared/testing';
import en from '../../locales/shell/en.json';
import { LanguageSelect } from './language-select';

beforeAll(() => loadTestTranslations('shell', en));
afterEach(async () => {
  window.localStorage.clear();
  await changeLanguage('en', { persist: false });
});

describe('language fallback', () => {
  test('an unsupported stored language falls back to English', async () => {
    window.localStorage.setItem('modula.language', 'xx');
    expect(await initLanguage('en')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  test('without a stored choice the deployment default is used, unsupported defaults fall back to English', async () => {
    expect(await initLanguage('de')).toBe('de');
    expect(await initLanguage('klingon')).toBe('en');
  });

  test('a stored choice wins over the deployment default', async () => {
    window.localStorage.setItem('modula.language', 'ja');
    expect(await initLanguage('de')).toBe('ja');
  });
});

describe('language selector', () => {
  function renderSelect() {
    render(
      <ThemeProvider theme={theme}>
        <LanguageSelect id="lang" />
      </ThemeProvider>,
    );
    return screen.getByRole('combobox', { name: 'Language' });
  }

  test('offers the 14 languages grouped Europe, Asia, Other', () => {
    const select = renderSelect();
    const groups = within(select).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('label'))).toEqual(['Europe', 'Asia', 'Other']);
    expect(within(select).getAllByRole('option')).toHaveLength(14);
    expect(within(groups[2] as HTMLElement).getByRole('option', { name: 'العربية' })).toBeTruthy();
  });

  test('choosing Arabic stores it and switches the page to right-to-left; English switches back', async () => {
    const select = renderSelect();
    const user = userEvent.setup();
    await user.selectOptions(select, 'ar');
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
    expect(window.localStorage.getItem('modula.language')).toBe('ar');
    expect(currentLanguage()).toBe('ar');
    await user.selectOptions(select, 'en');
    await waitFor(() => expect(document.documentElement.dir).toBe('ltr'));
  });

  test("a signed-in user's choice is saved as the profile's preferred language", async () => {
    const updates: unknown[] = [];
    const client = {
      from: (table: string) => ({
        update: (changes: unknown) => ({
          eq: async (column: string, id: unknown) => {
            updates.push({ table, column, id, changes });
            return { error: null };
          },
        }),
      }),
    };
    setSupabaseForTesting(client as unknown as Parameters<typeof setSupabaseForTesting>[0]);
    const state = signInForTest({ id: '00000000-0000-4000-8000-00000000000f' });
    try {
      const select = renderSelect();
      await userEvent.setup().selectOptions(select, 'fr');
      await waitFor(() => expect(updates).toHaveLength(1));
      expect(updates).toEqual([{ table: 'profiles', column: 'id', id: state.session?.user.id, changes: { preferred_language: 'fr' } }]);
      expect(window.localStorage.getItem('modula.language')).toBe('fr');
      expect((select as HTMLSelectElement).value).toBe('fr');
    } finally {
      setSupabaseForTesting(null);
      signOutForTest();
    }
  });

  test('a language change reaches every namespace at once', async () => {
    i18n.addResourceBundle('de', 'remote-a', { hello: 'Hallo' });
    i18n.addResourceBundle('de', 'remote-b', { bye: 'Tschüss' });
    await changeLanguage('de');
    expect([i18n.t('remote-a:hello'), i18n.t('remote-b:bye')]).toEqual(['Hallo', 'Tschüss']);
  });
});
