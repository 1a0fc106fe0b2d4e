import { loadSupabase } from '@modula/shared';
import { CatalogError, db, unwrap } from './client';
import type { FavoriteEntry, ListingType } from './types';

/** The spec's "Unauthorized access": a favourite is only ever read or written for the session's user. */
async function assertSessionUser(userId: string): Promise<void> {
  const { data } = await (await loadSupabase()).auth.getSession();
  if (!data.session || data.session.user.id !== userId) throw new CatalogError('Unauthorized access', '42501');
}

export async function fetchFavoriteIds(userId: string): Promise<string[]> {
  await assertSessionUser(userId);
  const rows = unwrap<{ listing_id: string }[]>(await db().from('favorites').select('listing_id').eq('user_id', userId).limit(1000));
  return rows.map((r) => r.listing_id);
}

export async function addFavorite(userId: string, listingId: string): Promise<void> {
  await assertSessionUser(userId);
  // Adding an existing favourite is skipped, not an error (spec section 5).
  unwrap(await db().from('favorites').upsert({ user_id: userId, listing_id: listingId }, { onConflict: 'user_id,listing_id', ignoreDuplicates: true }));
}

export async function removeFavorite(userId: string, listingId: string): Promise<void> {
  await assertSessionUser(userId);
  unwrap(await db().from('favorites').delete().eq('user_id', userId).eq('listing_id', listingId));
}

interface FavoriteRow {
  listing_id: string;
  created_at: string;
  listing: {
    id: string;
    title: string | null;
    price: number | null;
    description: string | null;
    images: string[] | null;
    location: string | null;
    listing_type: ListingType;
    category: { name: string | null; slug: string } | null;
  } | null;
}

/** The saved listings of spec section 3; what a listing leaves empty is null (the page shows the spec's fallbacks). */
export async function fetchFavorites(userId: string): Promise<FavoriteEntry[]> {
  await assertSessionUser(userId);
  const rows = unwrap<FavoriteRow[]>(
    await db()
      .from('favorites')
      .select('listing_id,created_at,listing:listings(id,title,price,description,images,location,listing_type,category:categories(name,slug))')
      .eq('user_id', userId)
      .order('created_at', { ascending: false }),
  );
  return rows.map(toFavoriteEntry);
}

export function toFavoriteEntry(row: FavoriteRow): FavoriteEntry {
  const listing = row.listing;
  const images = listing?.images ?? [];
  return {
    listingId: row.listing_id,
    title: listing?.title?.trim() || null,
    price: listing?.price ?? null,
    description: listing?.description ?? '',
    images,
    imageUrl: images[0] ?? null,
    categoryName: listing?.category?.name?.trim() || null,
    categorySlug: listing?.category?.slug ?? null,
    location: listing?.location?.trim() || null,
    listingType: listing?.listing_type ?? null,
    dateAdded: row.created_at,
  };
}

/**
 * Live changes to the user's favourites from any tab or device (realtime postgres_changes); returns
 * the function that unsubscribes.
 */
export function watchFavorites(userId: string, onChange: (change: { listingId: string; favorited: boolean }) => void): () => void {
  let stopped = false;
  let stop = () => {
    stopped = true;
  };
  void loadSupabase().then(
    (supabase) => {
      if (stopped) return;
      const channel = supabase
        .channel(`catalog-favorites-${userId}-${Math.random().toString(36).slice(2)}`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'favorites', filter: `user_id=eq.${userId}` }, (payload) => {
          const row = (payload.eventType === 'DELETE' ? payload.old : payload.new) as { listing_id?: string };
          if (row.listing_id) onChange({ listingId: row.listing_id, favorited: payload.eventType !== 'DELETE' });
        })
        .subscribe();
      stop = () => {
        void supabase.removeChannel(channel);
      };
    },
    (error: unknown) => console.warn('Live favourites are off: the sign-in client could not be loaded', error),
  );
  return () => stop();
}
