import { createStore } from 'zustand';
import { addFavorite, fetchFavoriteIds, removeFavorite, subscribe, watchFavorites } from '../services/api';

interface FavoritesState {
  userId: string | null;
  ids: ReadonlySet<string>;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Listings whose favourite is being written, so their hearts ignore a second click. */
  pending: ReadonlySet<string>;
}

const empty: FavoritesState = { userId: null, ids: new Set(), status: 'idle', pending: new Set() };

/** The signed-in customer's favourite listing ids, kept live across tabs and remotes. */
export const favoritesStore = createStore<FavoritesState>()(() => ({ ...empty }));

let stopWatching: (() => void) | null = null;
let stopEvents: (() => void) | null = null;

function apply(listingId: string, favorited: boolean): void {
  const ids = new Set(favoritesStore.getState().ids);
  if (favorited) ids.add(listingId);
  else ids.delete(listingId);
  favoritesStore.setState({ ids });
}

/** Starts (or stops, with null) following one user's favourites. Safe to call on every render. */
export function followFavorites(userId: string | null): void {
  const state = favoritesStore.getState();
  if (state.userId === userId) return;
  stopWatching?.();
  stopEvents?.();
  stopWatching = null;
  stopEvents = null;
  favoritesStore.setState({ ...empty, userId });
  if (!userId) return;
  favoritesStore.setState({ status: 'loading' });
  fetchFavoriteIds(userId).then(
    (ids) => {
      if (favoritesStore.getState().userId === userId) favoritesStore.setState({ ids: new Set(ids), status: 'ready' });
    },
    () => {
      if (favoritesStore.getState().userId === userId) favoritesStore.setState({ status: 'error' });
    },
  );
  stopWatching = watchFavorites(userId, ({ listingId, favorited }) => apply(listingId, favorited));
  // Other remotes on this page announce their changes with the shared event.
  stopEvents = subscribe('modula:favorites-changed', ({ listingId, favorited }) => apply(listingId, favorited));
}

/** Adds or removes a favourite, optimistically; resolves to the new state or rejects (state restored). */
export async function writeFavorite(listingId: string, favorited: boolean): Promise<void> {
  const { userId, pending } = favoritesStore.getState();
  if (!userId) throw new Error('Unauthorized access');
  favoritesStore.setState({ pending: new Set(pending).add(listingId) });
  apply(listingId, favorited);
  const done = () => {
    const next = new Set(favoritesStore.getState().pending);
    next.delete(listingId);
    favoritesStore.setState({ pending: next });
  };
  try {
    if (favorited) await addFavorite(userId, listingId);
    else await removeFavorite(userId, listingId);
  } catch (error) {
    apply(listingId, !favorited);
    throw error;
  } finally {
    done();
  }
}
