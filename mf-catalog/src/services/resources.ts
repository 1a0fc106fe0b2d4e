// What each page loads, named once: the page's components read these through useResource, and the
// parcel's mount starts them early (preload.ts) so data and code arrive in parallel, not one after the other.
import { fetchCategories, fetchCountries, fetchFeatured, fetchListing, fetchPartners, fetchPosts, fetchShowcase, fetchStats, type Lookups } from './api';
import type { ListingType } from './types';

export interface ResourceSpec<T> {
  key: string;
  load: () => Promise<T>;
}

/** Spec section 9: the carousel shows 4 featured items; the home page shows 4 blog cards. */
export const FEATURED_COUNT = 4;
export const BLOG_CARDS = 4;
export const ROW_SIZE = 4;

export const homeFeatured: ResourceSpec<Awaited<ReturnType<typeof fetchFeatured>>> = { key: 'home:featured', load: () => fetchFeatured(FEATURED_COUNT) };

export function homeRow(types: ListingType[]): ResourceSpec<Awaited<ReturnType<typeof fetchShowcase>>> {
  return { key: `home:row:${types.join(',')}`, load: () => fetchShowcase(types, ROW_SIZE) };
}

export function homePosts(language: string): ResourceSpec<Awaited<ReturnType<typeof fetchPosts>>> {
  return { key: `home:posts:${language}`, load: () => fetchPosts(language, BLOG_CARDS) };
}

export const homeStats: ResourceSpec<Awaited<ReturnType<typeof fetchStats>>> = { key: 'home:stats', load: fetchStats };
export const homePartners: ResourceSpec<Awaited<ReturnType<typeof fetchPartners>>> = { key: 'home:partners', load: fetchPartners };

export function listingDetail(id: string | undefined): ResourceSpec<Awaited<ReturnType<typeof fetchListing>>> {
  return { key: `listing:${id}`, load: () => fetchListing(id) };
}

export const lookups: ResourceSpec<Lookups> = {
  key: 'lookups',
  load: async () => {
    const [categories, countries] = await Promise.all([fetchCategories(), fetchCountries()]);
    return { categories, countries };
  },
};
