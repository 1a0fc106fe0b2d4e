// The one module through which this remote reaches shared services and the backend, so tests mock a
// single module. Pages and components import from here only.
export {
  currentLanguage,
  dispatch,
  formatDate,
  formatNumber,
  formatPrice,
  subscribe,
  toast,
  track,
  useAuth,
} from '@modula/shared';
export { CatalogError, isUuid } from './client';
export {
  fetchCategories,
  fetchCompanyRating,
  fetchCompanyReviews,
  fetchCountries,
  fetchFacets,
  fetchFeatured,
  fetchListing,
  fetchListingReviews,
  fetchListings,
  EXACT_COUNT_LIMIT,
  fetchRelated,
  fetchShowcase,
  fetchSponsored,
  fetchVendorListings,
  searchListings,
} from './listings';
export type { ListingPage, Lookups, SearchPage } from './listings';
export { addFavorite, fetchFavoriteIds, fetchFavorites, removeFavorite, watchFavorites } from './favorites';
export { fetchCompany, fetchPartners, fetchPost, fetchPosts, fetchStats, subscribeNewsletter, SAMPLE_PARTNERS, DEFAULT_AVERAGE_RATING } from './content';
export type { NewsletterResult } from './content';
