import { afterEach, beforeAll, describe, expect, test } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { changeLanguage, registerNamespace } from '@modula/shared';
import { signOutForTest } from '@modula/shared/testing';
import { loadLocale, NAMESPACE } from '../i18n';
import { loadEnglish, renderVendor } from '../testing/render';

beforeAll(async () => {
  await loadEnglish();
  await registerNamespace(NAMESPACE, loadLocale);
  signOutForTest();
});
afterEach(async () => {
  await act(() => changeLanguage('en', { persist: false }));
});

describe('document.title of the vendor pages (issue 18)', () => {
  test('the orders page titles the document with its heading and follows a language change', async () => {
    renderVendor('/customer-dashboard/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your orders' })).toBeTruthy();
    expect(document.title).toBe('Your orders · Modula');
    await act(() => changeLanguage('de', { persist: false }));
    expect(screen.getByRole('heading', { level: 1, name: 'Ihre Bestellungen' })).toBeTruthy();
    expect(document.title).toBe('Ihre Bestellungen · Modula');
  });
});
