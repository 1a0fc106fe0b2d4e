import { afterEach, beforeAll, describe, expect, test } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { changeLanguage, registerNamespace } from '@modula/shared';
import { signOutForTest } from '@modula/shared/testing';
import { loadLocale, NAMESPACE } from '../i18n';
import { loadEnglish, renderAuth } from '../testing/render';

beforeAll(async () => {
  await loadEnglish();
  await registerNamespace(NAMESPACE, loadLocale);
  signOutForTest();
});
afterEach(async () => {
  await act(() => changeLanguage('en', { persist: false }));
});

describe('document.title of the auth pages (issue 18)', () => {
  test('a page titles the document with its heading and follows a language change', async () => {
    renderAuth('/forgot-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeTruthy();
    expect(document.title).toBe('Reset your password · Modula');
    await act(() => changeLanguage('de', { persist: false }));
    expect(screen.getByRole('heading', { level: 1, name: 'Passwort zurücksetzen' })).toBeTruthy();
    expect(document.title).toBe('Passwort zurücksetzen · Modula');
  });

  test('the settings page, which has no auth frame, titles the document too', async () => {
    renderAuth('/profile');
    expect(await screen.findByRole('heading', { name: 'Profile settings' })).toBeTruthy();
    expect(document.title).toBe('Profile settings · Modula');
  });
});
