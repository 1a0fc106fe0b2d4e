import { useCallback, useEffect } from 'react';
import { useStore } from 'zustand';
import { useTranslation } from 'react-i18next';
import { dispatch, toast, track } from '../services/api';
import { NAMESPACE } from '../i18n';
import { favoritesStore, followFavorites, writeFavorite } from './favorites-store';
import { useViewer } from './use-viewer';

/** Keeps the favourites store on the signed-in customer (nobody's for guests and vendors). */
export function useFollowFavorites(): void {
  const viewer = useViewer();
  const userId = viewer.isCustomer ? viewer.userId : null;
  useEffect(() => followFavorites(userId), [userId]);
}

export function useIsFavorite(listingId: string): { favorite: boolean; busy: boolean } {
  const favorite = useStore(favoritesStore, (s) => s.ids.has(listingId));
  const busy = useStore(favoritesStore, (s) => s.pending.has(listingId));
  return { favorite, busy };
}

/** Toggles a favourite with the spec's messages (section 8), the shared event and analytics. */
export function useToggleFavorite(): (listing: { id: string; title: string }) => Promise<void> {
  const { t } = useTranslation(NAMESPACE);
  const viewer = useViewer();
  return useCallback(
    async (listing) => {
      if (!viewer.isCustomer) {
        toast({ title: t('favorites.loginTitle'), description: t('favorites.loginBody'), variant: 'error' });
        return;
      }
      const { ids, pending } = favoritesStore.getState();
      if (pending.has(listing.id)) return;
      const favorited = !ids.has(listing.id);
      try {
        await writeFavorite(listing.id, favorited);
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
    [t, viewer.isCustomer],
  );
}
