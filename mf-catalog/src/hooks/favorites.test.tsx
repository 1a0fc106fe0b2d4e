import { beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Mocked } from 'jest-mock';
import { currentToast, recordEvents, resetToasts, setTestRuntimeConfig, signInForTest, signOutForTest } from '@modula/shared/testing';
import * as api from '../services/api';
import { favoriteQueries } from '../services/queries';
import { loadEnglish, makeListing, renderWithProviders } from '../testing/render';
import { PropertyCard, toCardProps } from '../components/property-card';
import FavoritesPage from '../pages/favorites-page';
import type { FavoriteEntry } from '../services/types';
import { useFollowFavorites } from './use-favorites';

jest.mock('../services/api', () => {
  const actual = jest.requireActual<typeof import('../services/api')>('../services/api');
  return {
    ...actual,
    fetchFavoriteIds: jest.fn(async () => []),
    fetchFavorites: jest.fn(async () => []),
    addFavorite: jest.fn(async () => undefined),
    removeFavorite: jest.fn(async () => undefined),
    watchFavorites: jest.fn(() => () => undefined),
    track: jest.fn(),
  };
});
const mocked = api as Mocked<typeof api>;
const USER = '00000000-0000-4000-8000-000000000001';
/** The favourites the mocked server holds: writes change it, reads answer from it. */
const saved = new Set<string>();

/** What the catalogue's root mounts on every page: the realtime and shared-event subscriptions. */
function Follow() {
  useFollowFavorites();
  return null;
}

/** The realtime callback useFollowFavorites registered (what a change from another tab calls). */
function realtimeChange(): (change: { listingId: string; favorited: boolean }) => void {
  const call = mocked.watchFavorites.mock.calls.at(-1);
  if (!call) throw new Error('no realtime subscription');
  return call[1];
}

function entry(listingId: string, title: string): FavoriteEntry {
  return {
    listingId,
    title,
    price: 1000,
    description: '',
    images: [],
    imageUrl: null,
    categoryName: 'Homes',
    categorySlug: null,
    location: 'Utrecht',
    listingType: 'property',
    dateAdded: '2026-11-01T10:00:00Z',
  };
}

beforeAll(async () => {
  setTestRuntimeConfig();
  await loadEnglish();
});
beforeEach(() => {
  jest.clearAllMocks();
  saved.clear();
  mocked.fetchFavoriteIds.mockImplementation(async () => [...saved]);
  mocked.fetchFavorites.mockImplementation(async () => []);
  mocked.addFavorite.mockImplementation(async (_user, listingId) => void saved.add(listingId));
  mocked.removeFavorite.mockImplementation(async (_user, listingId) => void saved.delete(listingId));
  resetToasts();
  signOutForTest();
});

async function customerCard() {
  signInForTest({ id: USER, userType: 'customer' });
  const listing = makeListing({ title: 'Cedar Cabin' });
  const rendered = renderWithProviders(
    <>
      <Follow />
      <PropertyCard {...toCardProps(listing)} />
    </>,
  );
  await waitFor(() => expect(rendered.queryClient.getQueryState(favoriteQueries.ids(USER).queryKey)?.status).toBe('success'));
  return { listing, queryClient: rendered.queryClient };
}

describe('favourites (spec sections 4 and 8)', () => {
  test('adding: toast, shared event, analytics, filled heart', async () => {
    const { listing } = await customerCard();
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
    const { listing } = await customerCard();
    await userEvent.click(screen.getByRole('button', { name: 'Save Cedar Cabin to favorites' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Listing Saved'));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Cedar Cabin from favorites' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Listing Removed'));
    expect(currentToast()?.description).toBe('Removed from favorites');
    expect(mocked.removeFavorite).toHaveBeenCalledWith(USER, listing.id);
  });

  test('the heart fills at once, and the favourite queries are refetched once the write is saved', async () => {
    await customerCard();
    let save: () => void = () => undefined;
    mocked.addFavorite.mockImplementationOnce(
      (_user, listingId) =>
        new Promise<void>((resolve) => {
          save = () => {
            saved.add(listingId);
            resolve();
          };
        }),
    );
    expect(mocked.fetchFavoriteIds).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Save Cedar Cabin to favorites' }));
    const heart = await screen.findByRole('button', { name: 'Remove Cedar Cabin from favorites' });
    // Saving: the heart is already filled and refuses a second click.
    expect((heart as HTMLButtonElement).disabled).toBe(true);
    act(() => save());
    await waitFor(() => expect(mocked.fetchFavoriteIds).toHaveBeenCalledTimes(2));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Remove Cedar Cabin from favorites' }) as HTMLButtonElement).disabled).toBe(false));
    expect(mocked.addFavorite).toHaveBeenCalledTimes(1);
  });

  test('a failed write restores the heart and shows the spec error', async () => {
    mocked.addFavorite.mockRejectedValueOnce(new Error('network down'));
    await customerCard();
    await userEvent.click(screen.getByRole('button', { name: 'Save Cedar Cabin to favorites' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Error'));
    expect(currentToast()?.description).toBe('Failed to update favorites. Please try again.');
    expect(screen.getByRole('button', { name: 'Save Cedar Cabin to favorites' }).getAttribute('aria-pressed')).toBe('false');
  });

  test('a change announced by another remote invalidates the favourites: they are refetched', async () => {
    const { listing } = await customerCard();
    saved.add(listing.id);
    act(() => api.dispatch('modula:favorites-changed', { listingId: listing.id, favorited: true }));
    expect(await screen.findByRole('button', { name: 'Remove Cedar Cabin from favorites' })).toBeTruthy();
    expect(mocked.fetchFavoriteIds).toHaveBeenCalledTimes(2);
  });

  test('a realtime change from another tab or device invalidates the favourites: they are refetched', async () => {
    const { listing } = await customerCard();
    expect(mocked.watchFavorites).toHaveBeenCalledWith(USER, expect.any(Function));
    saved.add(listing.id);
    act(() => realtimeChange()({ listingId: listing.id, favorited: true }));
    expect(await screen.findByRole('button', { name: 'Remove Cedar Cabin from favorites' })).toBeTruthy();
    expect(mocked.fetchFavoriteIds).toHaveBeenCalledTimes(2);
  });

  test('a realtime echo of what the cache already shows does not refetch', async () => {
    const { listing } = await customerCard();
    act(() => realtimeChange()({ listingId: listing.id, favorited: false }));
    await act(async () => undefined);
    expect(mocked.fetchFavoriteIds).toHaveBeenCalledTimes(1);
  });

  test('guests are asked to log in and nothing is loaded for them', async () => {
    const listing = makeListing({ title: 'Cedar Cabin' });
    renderWithProviders(
      <>
        <Follow />
        <PropertyCard {...toCardProps(listing)} />
      </>,
    );
    expect(screen.queryByRole('button', { name: 'Save Cedar Cabin to favorites' })).toBeNull();
    expect(mocked.fetchFavoriteIds).not.toHaveBeenCalled();
    expect(mocked.watchFavorites).not.toHaveBeenCalled();
  });
});

describe('saved listings page (/customer-dashboard/favorites)', () => {
  async function openPage() {
    signInForTest({ id: USER, userType: 'customer' });
    const rendered = renderWithProviders(
      <>
        <Follow />
        <FavoritesPage />
      </>,
    );
    return rendered;
  }

  test('lists the saved listings; a removal shows at once, and the list is refetched afterwards', async () => {
    const a = entry('00000000-0000-4000-8000-00000000000a', 'Alder Loft');
    const b = entry('00000000-0000-4000-8000-00000000000b', 'Birch Studio');
    mocked.fetchFavoriteIds.mockImplementation(async () => [a.listingId, b.listingId]);
    mocked.fetchFavorites.mockImplementation(async () => [a, b]);
    await openPage();
    expect(await screen.findByText('Alder Loft')).toBeTruthy();
    expect(screen.getAllByTestId('favorite-item')).toHaveLength(2);

    let save: () => void = () => undefined;
    mocked.removeFavorite.mockImplementationOnce(() => new Promise<void>((resolve) => (save = resolve)));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Alder Loft from favorites' }));
    // Before the server answered, the item is gone.
    await waitFor(() => expect(screen.queryByText('Alder Loft')).toBeNull());
    mocked.fetchFavoriteIds.mockImplementation(async () => [b.listingId]);
    mocked.fetchFavorites.mockImplementation(async () => [b]);
    act(() => save());
    await waitFor(() => expect(mocked.fetchFavorites).toHaveBeenCalledTimes(2));
    expect(screen.getAllByTestId('favorite-item')).toHaveLength(1);
  });

  test('a listing saved in another tab appears through the realtime refetch', async () => {
    const a = entry('00000000-0000-4000-8000-00000000000a', 'Alder Loft');
    const c = entry('00000000-0000-4000-8000-00000000000c', 'Cedar Cabin');
    mocked.fetchFavoriteIds.mockImplementation(async () => [a.listingId]);
    mocked.fetchFavorites.mockImplementation(async () => [a]);
    await openPage();
    expect(await screen.findByText('Alder Loft')).toBeTruthy();
    mocked.fetchFavoriteIds.mockImplementation(async () => [c.listingId, a.listingId]);
    mocked.fetchFavorites.mockImplementation(async () => [c, a]);
    act(() => realtimeChange()({ listingId: c.listingId, favorited: true }));
    expect(await screen.findByText('Cedar Cabin')).toBeTruthy();
    expect(screen.getByText('2 saved listings')).toBeTruthy();
  });

  test('a failed load shows the spec message, and Try again loads again', async () => {
    mocked.fetchFavorites.mockRejectedValueOnce(new Error('offline'));
    await openPage();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(currentToast()).toMatchObject({ title: 'Error loading favorites', description: 'Unable to load your saved properties. Please try again.' });
    const a = entry('00000000-0000-4000-8000-00000000000a', 'Alder Loft');
    mocked.fetchFavoriteIds.mockImplementation(async () => [a.listingId]);
    mocked.fetchFavorites.mockImplementation(async () => [a]);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Alder Loft')).toBeTruthy();
  });
});
