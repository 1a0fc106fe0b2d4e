import { afterEach, beforeAll, describe, expect, jest, test } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { theme, type SupabaseClient } from '@modula/shared';
import { currentToast, loadCommonTranslations, loadTestTranslations, resetToasts, setSupabaseForTesting, signInForTest, signOutForTest } from '@modula/shared/testing';
import pages from '../locales/pages/en.json';
import { NewsletterManagePage } from './newsletter-manage';

/** newsletter_subscribers as the page uses it: one row, updates recorded (or refused while `failing`). */
function fakeSubscribers(row: { status: string; language: string }) {
  const state = { row: { ...row }, failing: false };
  const updates: unknown[] = [];
  const from = jest.fn(() => ({
    select: () => ({ eq: () => ({ maybeSingle: async () => ({ data: { ...state.row }, error: null }) }) }),
    update: (change: Record<string, string>) => ({
      eq: async (column: string, value: string) => {
        if (state.failing) return { error: { message: 'offline' } };
        updates.push({ change, column, value });
        Object.assign(state.row, change);
        return { error: null };
      },
    }),
  }));
  setSupabaseForTesting({ from } as unknown as SupabaseClient);
  return { state, updates };
}

function renderPage() {
  render(
    <ThemeProvider theme={theme}>
      <NewsletterManagePage />
    </ThemeProvider>,
  );
  return userEvent.setup();
}

beforeAll(async () => {
  await loadCommonTranslations();
  await loadTestTranslations('shell-pages', pages);
});
afterEach(() => {
  setSupabaseForTesting(null);
  signOutForTest();
  resetToasts();
});

describe('/newsletter/manage: the newsletter language (newsletterPreferencesSchema)', () => {
  test("shows the subscription's language and saves another", async () => {
    signInForTest({ email: 'Ada@Example.com' });
    const { updates } = fakeSubscribers({ status: 'confirmed', language: 'de' });
    const user = renderPage();
    const select = (await screen.findByLabelText('Newsletter language')) as HTMLSelectElement;
    expect(select.value).toBe('de');
    await user.selectOptions(select, 'ja');
    await user.click(screen.getByRole('button', { name: 'Save language' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Newsletter language saved.'));
    expect(updates).toEqual([{ change: { language: 'ja' }, column: 'email', value: 'ada@example.com' }]);
    expect(((await screen.findByLabelText('Newsletter language')) as HTMLSelectElement).value).toBe('ja');
  });

  test('a failed save says so and keeps the choice', async () => {
    signInForTest();
    const { state } = fakeSubscribers({ status: 'confirmed', language: 'de' });
    const user = renderPage();
    const select = (await screen.findByLabelText('Newsletter language')) as HTMLSelectElement;
    state.failing = true;
    await user.selectOptions(select, 'fr');
    await user.click(screen.getByRole('button', { name: 'Save language' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Your change could not be saved. Please try again.'));
    expect((screen.getByLabelText('Newsletter language') as HTMLSelectElement).value).toBe('fr');
  });
});
