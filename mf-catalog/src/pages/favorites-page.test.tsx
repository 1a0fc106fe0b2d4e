import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { screen } from '@testing-library/react';
import { loadTestTranslations, setTestRuntimeConfig, signInForTest, signOutForTest } from '@modula/shared/testing';
import de from '../locales/de.json';
import { NAMESPACE } from '../i18n';
import { loadEnglish, renderWithProviders } from '../testing/render';
import { toFavoriteEntry } from '../services/favorites';
import FavoritesPage from './favorites-page';

jest.mock('../services/api', () => {
  const actual = jest.requireActual<typeof import('../services/api')>('../services/api');
  const { toFavoriteEntry: toEntry } = jest.requireActual<typeof import('../services/favorites')>('../services/favorites');
  const listing = { id: 'l1', price: 98000, description: '', images: null, listing_type: 'property' as const };
  return {
    ...actual,
    fetchFavorites: jest.fn(async () => [
      toEntry({ listing_id: 'l1', created_at: '2026-11-02T10:00:00Z', listing: { ...listing, title: 'Cedar Cabin', location: 'Utrecht', category: { name: 'Homes', slug: 'homes' } } }),
      toEntry({ listing_id: 'l2', created_at: '2026-11-03T10:00:00Z', listing: { ...listing, id: 'l2', title: ' ', location: null, category: null } }),
    ]),
    fetchFavoriteIds: jest.fn(async () => ['l1', 'l2']),
    watchFavorites: jest.fn(() => () => undefined),
  };
});

beforeAll(async () => {
  setTestRuntimeConfig();
  await loadEnglish();
  await loadTestTranslations(NAMESPACE, de, 'de');
  signInForTest({ userType: 'customer' });
});
afterAll(async () => {
  signOutForTest();
  await loadEnglish();
});

test('a listing left empty shows the spec’s fallbacks as null in the data…', () => {
  const entry = toFavoriteEntry({ listing_id: 'x', created_at: '2026-11-03T10:00:00Z', listing: null });
  expect([entry.title, entry.categoryName, entry.categorySlug, entry.location]).toEqual([null, null, null, null]);
});

test('…and in the reader’s language on the page, with the category translated by its slug', async () => {
  renderWithProviders(<FavoritesPage />);
  expect(await screen.findByRole('link', { name: 'Cedar Cabin' })).toBeTruthy();
  expect(screen.getByText('Häuser')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Objekt ohne Titel' })).toBeTruthy();
  expect(screen.getByText('Ohne Kategorie')).toBeTruthy();
  expect(screen.getByText('Standort folgt')).toBeTruthy();
});
