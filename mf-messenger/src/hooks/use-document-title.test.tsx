import { afterEach, beforeAll, describe, expect, test } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { MemoryRouter } from '@modula/router/testing';
import { changeLanguage } from '@modula/shared';
import { setTestRuntimeConfig, signOutForTest } from '@modula/shared/testing';
import { loadEnglish, renderWithProviders, resetQueryCache } from '../testing/render';
import MeetingsPage from '../pages/meetings-page';

beforeAll(async () => {
  setTestRuntimeConfig();
  await loadEnglish();
  signOutForTest();
  resetQueryCache();
});
afterEach(async () => {
  await act(() => changeLanguage('en', { persist: false }));
});

describe('document.title of the messenger pages (issue 18)', () => {
  test('the meetings page titles the document with its heading and follows a language change', async () => {
    await act(async () => {
      renderWithProviders(
        <MemoryRouter initialEntries={['/customer-dashboard/meetings']}>
          <MeetingsPage />
        </MemoryRouter>,
      );
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Meetings & tours' })).toBeTruthy();
    expect(document.title).toBe('Meetings & tours · Modula');
    // The language select's change: the conversation UI's German strings load, then the page renders again.
    await act(() => changeLanguage('de', { persist: false }));
    expect(screen.getByRole('heading', { level: 1, name: 'Termine & Besichtigungen' })).toBeTruthy();
    expect(document.title).toBe('Termine & Besichtigungen · Modula');
  });
});
