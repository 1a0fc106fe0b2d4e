// What the catalogue loads, named once as TanStack Query options: pages and components read them with
// useQuery, the parcel's mount prefetches a page's first data with the same options (routes.tsx), and
// a mutation or a realtime change invalidates them by key prefix. ARCHITECTURE.md "Server state".
import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import {
  fetchCategories,
  fetchCompany,
  fetchCompanyRating,
  fetchCompanyReviews,
  fetchCountries,
  fetchFacets,
  fetchFavoriteIds,
  fetchFavorites,
  fetchFeatured,
  fetchListing,
  fetchListingReviews,
  fetchListings,
  fetchPartners,
  fetchPost,
  fetchPosts,
  fetchRelated,
  fetchShowcase,
  fetchSponsored,
  fetchStats,
  fetchVendorListings,
  isUuid,
  searchListings,
  type Lookups,
} from './api';
import { toSearchParams, type ListingFilters } from '../lib/filters';
import type { ListingSummary, ListingType } from './types';

/** Spec section 9: the carousel shows 4 featured items; the home page shows 4 blog cards. */
export const FEATURED_COUNT = 4;
export const BLOG_CARDS = 4;
export const ROW_SIZE = 4;
/** The blog page's list. */
export const BLOG_PAGE_SIZE = 48;

/**
 * Every key of this remote starts with 'catalog': the page has one QueryClient for all remotes, so a
 * remote's keys are namespaced like its translations.
 */
const ROOT = 'catalog';

export const homeQueries = {
  all: () => [ROOT, 'home'] as const,
  featured: () => queryOptions({ queryKey: [...homeQueries.all(), 'featured'], queryFn: () => fetchFeatured(FEATURED_COUNT) }),
  row: (types: readonly ListingType[]) =>
    queryOptions({ queryKey: [...homeQueries.all(), 'row', types.join(',')], queryFn: () => fetchShowcase([...types], ROW_SIZE) }),
  stats: () => queryOptions({ queryKey: [...homeQueries.all(), 'stats'], queryFn: fetchStats }),
  partners: () => queryOptions({ queryKey: [...homeQueries.all(), 'partners'], queryFn: fetchPartners }),
};

/** The listings' reference tables (categories with subcategories, countries), which every browse page needs. */
export const lookupQueries = {
  all: () => [ROOT, 'lookups'] as const,
  lookups: () =>
    queryOptions({
      queryKey: lookupQueries.all(),
      queryFn: async (): Promise<Lookups> => {
        const [categories, countries] = await Promise.all([fetchCategories(), fetchCountries()]);
        return { categories, countries };
      },
    }),
};

export const listingQueries = {
  all: () => [ROOT, 'listings'] as const,
  /** One page of a browse page; the previous page stays on screen (dimmed) while the next loads. */
  list: (filters: ListingFilters, lookups: Lookups | undefined) =>
    queryOptions({
      queryKey: [...listingQueries.all(), 'list', toSearchParams(filters).toString()],
      queryFn: lookups ? () => fetchListings(filters, lookups) : skipToken,
      placeholderData: keepPreviousData,
    }),
  sponsored: (filters: ListingFilters, lookups: Lookups | undefined) =>
    queryOptions({
      queryKey: [...listingQueries.all(), 'sponsored', toSearchParams({ ...filters, page: 1 }).toString()],
      queryFn: lookups ? () => fetchSponsored({ ...filters, page: 1 }, lookups) : skipToken,
      // Like the results: a filter change keeps the grid (dimmed) instead of a skeleton while both load.
      placeholderData: keepPreviousData,
    }),
  facets: (type: ListingType | null) => queryOptions({ queryKey: [...listingQueries.all(), 'facets', type ?? '*'], queryFn: () => fetchFacets(type) }),
  /** A listing, or null when it does not exist or is not published. */
  detail: (id: string | undefined) => queryOptions({ queryKey: [...listingQueries.all(), 'detail', id ?? ''], queryFn: () => fetchListing(id) }),
  related: (listing: Pick<ListingSummary, 'id' | 'category_id'>) =>
    queryOptions({ queryKey: [...listingQueries.all(), 'related', listing.id], queryFn: () => fetchRelated(listing) }),
  reviews: (listingId: string) => queryOptions({ queryKey: [...listingQueries.all(), 'reviews', listingId], queryFn: () => fetchListingReviews(listingId) }),
  /** Full-text search; blank text is never searched (spec section 5), so it has no query function. */
  search: (text: string, type: ListingType | null, page: number) =>
    queryOptions({
      queryKey: [...listingQueries.all(), 'search', text, type ?? '*', page],
      queryFn: text === '' ? skipToken : () => searchListings(text, type ? [type] : null, page),
      placeholderData: keepPreviousData,
    }),
};

export const companyQueries = {
  all: () => [ROOT, 'companies'] as const,
  /** A company, or null when the id is not a company's (or not a UUID at all). */
  detail: (id: string | undefined) =>
    queryOptions({ queryKey: [...companyQueries.all(), id ?? '', 'detail'], queryFn: () => (isUuid(id) ? fetchCompany(id) : Promise.resolve(null)) }),
  rating: (id: string) => queryOptions({ queryKey: [...companyQueries.all(), id, 'rating'], queryFn: () => fetchCompanyRating(id) }),
  reviews: (id: string) => queryOptions({ queryKey: [...companyQueries.all(), id, 'reviews'], queryFn: () => fetchCompanyReviews(id) }),
  listings: (id: string) => queryOptions({ queryKey: [...companyQueries.all(), id, 'listings'], queryFn: () => fetchVendorListings(id) }),
};

export const blogQueries = {
  all: () => [ROOT, 'blog'] as const,
  /** The newest posts in a language: the home page's four cards and the blog page's list. */
  list: (language: string, limit: number) => queryOptions({ queryKey: [...blogQueries.all(), 'list', language, limit], queryFn: () => fetchPosts(language, limit) }),
  /** A post, or null when there is none with this slug. */
  post: (slug: string | undefined) => queryOptions({ queryKey: [...blogQueries.all(), 'post', slug ?? ''], queryFn: () => fetchPost(slug) }),
};

/**
 * The signed-in customer's favourites. Both queries sit under one user's prefix, so a toggle or a
 * realtime change invalidates them together; without a user there is nothing to load.
 */
export const favoriteQueries = {
  all: () => [ROOT, 'favorites'] as const,
  user: (userId: string) => [...favoriteQueries.all(), userId] as const,
  ids: (userId: string | null) =>
    queryOptions({ queryKey: [...favoriteQueries.all(), userId, 'ids'], queryFn: userId ? () => fetchFavoriteIds(userId) : skipToken }),
  list: (userId: string | null) =>
    queryOptions({
      queryKey: [...favoriteQueries.all(), userId, 'list'],
      queryFn: userId ? () => fetchFavorites(userId) : skipToken,
      placeholderData: keepPreviousData,
    }),
  /** The key every favourite toggle runs under (its variables say which listing). */
  toggle: () => [...favoriteQueries.all(), 'toggle'] as const,
};
