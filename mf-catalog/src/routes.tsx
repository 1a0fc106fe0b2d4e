import { lazy, type ReactElement } from 'react';
import { matchPath } from '@modula/router';
import type { QueryClient } from '@tanstack/react-query';
import { currentLanguage } from './services/api';
import { BLOG_CARDS, blogQueries, homeQueries, listingQueries, lookupQueries } from './services/queries';

// One chunk per page: the home page downloads only what it shows.
const pages = {
  home: () => import('./pages/home-page'),
  browse: () => import('./pages/browse-page'),
  listing: () => import('./pages/listing-page'),
  search: () => import('./pages/search-page'),
  vendor: () => import('./pages/vendor-page'),
  blog: () => import('./pages/blog-page'),
  blogPost: () => import('./pages/blog-post-page'),
  favorites: () => import('./pages/favorites-page'),
};
type PageName = keyof typeof pages;

const HomePage = lazy(pages.home);
const BrowsePage = lazy(pages.browse);
const ListingPage = lazy(pages.listing);
const SearchPage = lazy(pages.search);
const VendorPage = lazy(pages.vendor);
const BlogPage = lazy(pages.blog);
const BlogPostPage = lazy(pages.blogPost);
const FavoritesPage = lazy(pages.favorites);

/** Every path here is listed in remote.json with its access rule (a test keeps them equal). */
export const routes: { path: string; page: PageName; element: ReactElement }[] = [
  { path: '/', page: 'home', element: <HomePage /> },
  { path: '/home', page: 'home', element: <HomePage /> },
  { path: '/listings', page: 'browse', element: <BrowsePage /> },
  { path: '/listings/:id', page: 'listing', element: <ListingPage /> },
  { path: '/property/:id', page: 'listing', element: <ListingPage /> },
  { path: '/listing-details/:id', page: 'listing', element: <ListingPage /> },
  { path: '/services', page: 'browse', element: <BrowsePage type="service" /> },
  { path: '/service/:id', page: 'listing', element: <ListingPage /> },
  { path: '/commercial-units', page: 'browse', element: <BrowsePage type="commercial" /> },
  { path: '/upgrades', page: 'browse', element: <BrowsePage type="upgrade" /> },
  { path: '/upgrade/:id', page: 'listing', element: <ListingPage /> },
  { path: '/search', page: 'search', element: <SearchPage /> },
  { path: '/vendor-profile/:id', page: 'vendor', element: <VendorPage /> },
  { path: '/blog', page: 'blog', element: <BlogPage /> },
  { path: '/blog/:slug', page: 'blogPost', element: <BlogPostPage /> },
  { path: '/customer-dashboard/favorites', page: 'favorites', element: <FavoritesPage /> },
];

/**
 * Starts downloading the page's code and its first data at once, when the parcel mounts, instead of
 * code, then strings, then code, then data one after another. The data goes into `client` (the page's
 * one query cache) under the same query options the page then reads, so it is requested once.
 */
export function preload(pathname: string, client: QueryClient): void {
  for (const route of routes) {
    const match = matchPath(route.path, pathname);
    if (!match) continue;
    void pages[route.page]().catch(() => undefined);
    // prefetchQuery never throws: a failed prefetch is retried and reported by the page's own query.
    if (route.page === 'home') {
      void client.prefetchQuery(homeQueries.featured());
      for (const types of [['commercial'], ['upgrade'], ['service']] as const) void client.prefetchQuery(homeQueries.row(types));
      void client.prefetchQuery(homeQueries.stats());
      void client.prefetchQuery(blogQueries.list(currentLanguage(), BLOG_CARDS));
      void client.prefetchQuery(homeQueries.partners());
    } else if (route.page === 'listing') {
      void client.prefetchQuery(listingQueries.detail(match.params.id));
    } else if (route.page === 'browse') {
      void client.prefetchQuery(lookupQueries.lookups());
    }
    return;
  }
}
