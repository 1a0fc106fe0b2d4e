import { beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Mocked } from 'jest-mock';
import { currentToast, recordEvents, resetToasts, setTestRuntimeConfig, signInForTest, signOutForTest } from '@modula/shared/testing';
import * as api from '../services/api';
import { loadEnglish, makeListing, renderWithProviders } from '../testing/render';
import { PropertyCard, toCardProps } from '../components/property-card';
import { followFavorites, favoritesStore } from './favorites-store';

jest.mock('../services/api', () => {
  const actual = jest.requireActual<typeof import('../services/api')>('../services/api');
  return {
    ...actual,
    fetchFavoriteIds: jest.fn(async () => []),
    addFavorite: jest.fn(async () => undefined),
    removeFavorite: jest.fn(async () => undefined),
    watchFavorites: jest.fn(() => () => undefined),
    track: jest.fn(),
  };
});
const mocked = api as Mocked<typeof api>;
const USER = '00000000-0000-4000-8000-000000000001';

beforeAll(async () => {
  setTestRuntimeConfig();
  await loadEnglish();
});
beforeEach(() => {
  jest.clearAllMocks();
  resetToasts();
  followFavorites(null);
  signOutForTest();
});

async function customerCard() {
  signInForTest({ id: USER, userType: 'customer' });
  followFavorites(USER);
  await waitFor(() => expect(favoritesStore.getState().status).toBe('ready'));
  const listing = makeListing({ title: 'Cedar Cabin' });
  renderWithProviders(<PropertyCard {...toCardProps(listing)} />);
  return listing;
}

describe('favourites (spec sections 4 and 8)', () => {
  test('adding: toast, shared event, analytics, filled heart', async () => {
    const listing = await customerCard();
    const events = recordEvents('modula:favorites-changed');
    await userEvent.click(screen.getByRole('button', { name: 'Save Cedar Cabin to favorites' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Listing Saved'));
    expect(currentToast()?.description).toBe('Added to favorites');
    expect(mocked.addFavorite).toHaveBeenCalledWith(USER, listing.id);
    expect(events.events).toEqual([{ listingId: listing.id, favorited: true }]);
    expect(mocked.track).toHaveBeenCalledWith('add_to_favorites', { listing_id: listing.id });
    expect(screen.getByRole('button', { name: 'Remove Cedar Cabin from favorites' }).getAttribute('aria-pressed')).toBe('true');
    events.stop();
  });

  test('removing says so', async () => {
    const listing = await customerCard();
    await userEvent.click(screen.getByRole('button', { name: 'Save Cedar Cabin to favorites' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Listing Saved'));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Cedar Cabin from favorites' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Listing Removed'));
    expect(currentToast()?.description).toBe('Removed from favorites');
    expect(mocked.removeFavorite).toHaveBeenCalledWith(USER, listing.id);
  });

  test('a failed write restores the heart and shows the spec error', async () => {
    mocked.addFavorite.mockRejectedValueOnce(new Error('network down'));
    await customerCard();
    await userEvent.click(screen.getByRole('button', { name: 'Save Cedar Cabin to favorites' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Error'));
    expect(currentToast()?.description).toBe('Failed to update favorites. Please try again.');
    expect(screen.getByRole('button', { name: 'Save Cedar Cabin to favorites' }).getAttribute('aria-pressed')).toBe('false');
  });

  test('a change announced by another remote (or tab) updates the heart', async () => {
    const listing = await customerCard();
    act(() => api.dispatch('modula:favorites-changed', { listingId: listing.id, favorited: true }));
    expect(await screen.findByRole('button', { name: 'Remove Cedar Cabin from favorites' })).toBeTruthy();
  });
});
