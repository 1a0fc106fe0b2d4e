import { afterAll, afterEach, beforeAll, expect, test } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { theme, type SupabaseClient } from '@modula/shared';
import { loadTestTranslations, setSupabaseForTesting } from '@modula/shared/testing';
import en from '../locales/pages/en.json';
import fr from '../locales/pages/fr.json';
import { ContactPage } from './contact';

/** The database refuses the message with its rate limit, in English as databases do. */
const rateLimited = {
  from: () => ({ insert: async () => ({ error: { code: 'PT429', message: 'Too many messages. Please try again in a few minutes.' } }) }),
} as unknown as SupabaseClient;

beforeAll(async () => {
  await loadTestTranslations('shell-pages', en, 'en');
  await loadTestTranslations('shell-pages', fr, 'fr');
});
afterEach(() => setSupabaseForTesting(null));
afterAll(() => loadTestTranslations('shell-pages', en, 'en'));

test('the rate limit is told in the reader’s language, not in the database’s English', async () => {
  setSupabaseForTesting(rateLimited);
  render(
    <ThemeProvider theme={theme}>
      <MemoryRouter>
        <ContactPage />
      </MemoryRouter>
    </ThemeProvider>,
  );
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Nom/), 'Ada');
  await user.type(screen.getByLabelText(/^E-mail/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Objet/), 'Visite');
  await user.type(screen.getByLabelText(/^Message/), 'Bonjour');
  await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Trop de messages. Veuillez réessayer dans quelques minutes.');
});
