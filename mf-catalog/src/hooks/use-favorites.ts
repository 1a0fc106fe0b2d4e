import { useCallback, useEffect } from 'react';
import { useMutation, useMutationState, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { addFavorite, dispatch, removeFavorite, subscribe, toast, track, watchFavorites } from '../services/api';
import { favoriteQueries } from '../services/queries';
import { NAMESPACE } from '../i18n';
import { useViewer } from './use-viewer';

/** The customer whose favourites the page shows: nobody's for guests and vendors. */
function useFavoritesUser(): string | null {
  const viewer = useViewer();
  return viewer.isCustomer ? viewer.userId : null;
}

interface Toggle {
  userId: string;
  listingId: string;
  favorited: boolean;
}

/** Adds or removes one id in the cached list of favourite ids (the optimistic update and its undo). */
function setCachedFavorite(client: QueryClient, { userId, listingId, favorited }: Toggle): void {
  client.setQueryData(favoriteQueries.ids(userId).queryKey, (ids) => {
    if (!ids) return ids;
    const without = ids.filter((id) => id !== listingId);
    return favorited ? [...without, listingId] : without;
  });
}

/**
 * Keeps the favourites live: a change from another tab or device (realtime) or another remote on this
 * page (the shared event) invalidates the user's favourite queries, which then refetch. A change this
 * page made itself is already in the cache (optimistic update) and is refetched once it is saved.
 */
export function useFollowFavorites(): void {
  const client = useQueryClient();
  const userId = useFavoritesUser();
  useEffect(() => {
    if (!userId) {
      // Signed out (or a vendor): nothing of another user's favourites stays in the page's cache.
      client.removeQueries({ queryKey: favoriteQueries.all() });
      return undefined;
    }
    const changed = ({ listingId, favorited }: { listingId: string; favorited: boolean }) => {
      const ids = client.getQueryData(favoriteQueries.ids(userId).queryKey);
      if (ids && ids.includes(listingId) === favorited) return;
      void client.invalidateQueries({ queryKey: favoriteQueries.user(userId) });
    };
    const stopWatching = watchFavorites(userId, changed);
    const stopEvents = subscribe('modula:favorites-changed', changed);
    return () => {
      stopWatching();
      stopEvents();
    };
  }, [client, userId]);
}

/** Whether the listing is a favourite of the signed-in customer, and whether a toggle of it is being saved. */
export function useIsFavorite(listingId: string): { favorite: boolean; busy: boolean } {
  const userId = useFavoritesUser();
  const { data: favorite = false } = useQuery({ ...favoriteQueries.ids(userId), select: (ids) => ids.includes(listingId) });
  const pending = useMutationState({
    filters: { mutationKey: favoriteQueries.toggle(), status: 'pending' },
    select: (mutation) => (mutation.state.variables as Toggle | undefined)?.listingId,
  });
  return { favorite, busy: pending.includes(listingId) };
}

/**
 * Toggles a favourite with the spec's messages (section 8), the shared event and analytics. The heart
 * changes at once; a failed write puts it back. Either way the user's favourite queries are
 * invalidated afterwards, so the saved-listings page shows what the database holds.
 */
export function useToggleFavorite(): (listing: { id: string; title: string }) => Promise<void> {
  const { t } = useTranslation(NAMESPACE);
  const client = useQueryClient();
  const userId = useFavoritesUser();
  const { mutateAsync } = useMutation({
    mutationKey: favoriteQueries.toggle(),
    mutationFn: ({ userId: user, listingId, favorited }: Toggle) => (favorited ? addFavorite(user, listingId) : removeFavorite(user, listingId)),
    onMutate: async (toggle) => {
      await client.cancelQueries({ queryKey: favoriteQueries.ids(toggle.userId).queryKey });
      setCachedFavorite(client, toggle);
    },
    onError: (_error, toggle) => setCachedFavorite(client, { ...toggle, favorited: !toggle.favorited }),
    onSettled: (_data, _error, toggle) => client.invalidateQueries({ queryKey: favoriteQueries.user(toggle.userId) }),
  });
  return useCallback(
    async (listing) => {
      if (!userId) {
        toast({ title: t('favorites.loginTitle'), description: t('favorites.loginBody'), variant: 'error' });
        return;
      }
      // A second click while the first is being saved is ignored.
      const saving = client.isMutating({ mutationKey: favoriteQueries.toggle(), predicate: (m) => (m.state.variables as Toggle | undefined)?.listingId === listing.id });
      if (saving > 0) return;
      const ids = client.getQueryData(favoriteQueries.ids(userId).queryKey) ?? [];
      const favorited = !ids.includes(listing.id);
      try {
        await mutateAsync({ userId, listingId: listing.id, favorited });
      } catch {
        toast({ title: t('favorites.errorTitle'), description: t('favorites.errorBody'), variant: 'error' });
        return;
      }
      toast({
        title: favorited ? t('favorites.savedTitle') : t('favorites.removedTitle'),
        description: favorited ? t('favorites.savedBody') : t('favorites.removedBody'),
        variant: 'success',
      });
      dispatch('modula:favorites-changed', { listingId: listing.id, favorited });
      track(favorited ? 'add_to_favorites' : 'remove_from_favorites', { listing_id: listing.id });
    },
    [client, mutateAsync, t, userId],
  );
}
