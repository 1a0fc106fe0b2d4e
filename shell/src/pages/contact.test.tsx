import { afterAll, afterEach, beforeAll, describe, expect, jest, test } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { theme, type SupabaseClient } from '@modula/shared';
import { currentToast, loadCommonTranslations, loadTestTranslations, resetToasts, setSupabaseForTesting } from '@modula/shared/testing';
import pages from '../locales/pages/en.json';
import fr from '../locales/pages/fr.json';
import { ContactPage } from './contact';

type Insert = (row: unknown) => Promise<{ error: { code?: string; message: string } | null }>;

function fakeTable(insert: Insert) {
  const spy = jest.fn(insert);
  const from = jest.fn((_table: string) => ({ insert: spy }));
  setSupabaseForTesting({ from } as unknown as SupabaseClient);
  return { insert: spy, from };
}

function renderPage() {
  render(
    <ThemeProvider theme={theme}>
      <ContactPage />
    </ThemeProvider>,
  );
  return userEvent.setup();
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<'Name' | 'Email' | 'Subject' | 'Message', string>>) {
  for (const [label, value] of Object.entries(values)) if (value) await user.type(screen.getByLabelText(label), value);
}

const complete = { Name: ' Ada Lovelace ', Email: 'ada@example.com', Subject: 'A question', Message: 'Do you ship to Norway?' };

beforeAll(async () => {
  await loadCommonTranslations();
  await loadTestTranslations('shell-pages', pages);
});
afterEach(() => {
  setSupabaseForTesting(null);
  resetToasts();
});

describe('/contact (contactSchema)', () => {
  test('empty fields: the spec message, every field marked, the first focused, nothing sent', async () => {
    const { insert } = fakeTable(async () => ({ error: null }));
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all required fields');
    for (const label of ['Name', 'Email', 'Subject', 'Message']) expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(insert).not.toHaveBeenCalled();
  });

  test('a malformed email is explained; a message over the database limit too', async () => {
    const { insert } = fakeTable(async () => ({ error: null }));
    const user = renderPage();
    await fill(user, { ...complete, Email: 'ada@example', Message: '' });
    await user.click(screen.getByLabelText('Message'));
    await user.paste('m'.repeat(5001));
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address.');
    expect(screen.getByText('Please use at most 5000 characters.')).toBeTruthy();
    expect(insert).not.toHaveBeenCalled();
  });

  test('a valid message is stored trimmed, thanked for, and the form empties', async () => {
    const { insert, from } = fakeTable(async () => ({ error: null }));
    const user = renderPage();
    await fill(user, complete);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(currentToast()?.title).toBe("Thanks for your message! We'll get back to you soon."));
    expect(from).toHaveBeenCalledWith('contact_messages');
    expect(insert).toHaveBeenCalledWith({ name: 'Ada Lovelace', email: 'ada@example.com', subject: 'A question', message: 'Do you ship to Norway?' });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  test('a refused message keeps everything typed', async () => {
    fakeTable(async () => ({ error: { code: '23514', message: 'new row violates check constraint' } }));
    const user = renderPage();
    await fill(user, complete);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your message could not be sent. Please try again.');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Do you ship to Norway?');
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('A question');
  });
});

describe('/contact in French', () => {
  beforeAll(() => loadTestTranslations('shell-pages', fr, 'fr'));
  afterAll(() => loadTestTranslations('shell-pages', pages, 'en'));

  test('the rate limit is told in the reader’s language, not in the database’s English', async () => {
    // The database refuses the message with its rate limit, in English as databases do.
    fakeTable(async () => ({ error: { code: 'PT429', message: 'Too many messages. Please try again in a few minutes.' } }));
    const user = renderPage();
    await user.type(screen.getByLabelText(/^Nom/), 'Ada');
    await user.type(screen.getByLabelText(/^E-mail/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Objet/), 'Visite');
    await user.type(screen.getByLabelText(/^Message/), 'Bonjour');
    await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Trop de messages. Veuillez réessayer dans quelques minutes.');
  });
});
