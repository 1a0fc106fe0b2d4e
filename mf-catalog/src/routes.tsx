import { lazy, type ReactElement } from 'react';

// One chunk per page: the home page downloads only what it shows.
const HomePage = lazy(() => import('./pages/home-page'));
const BrowsePage = lazy(() => import('./pages/browse-page'));
const ListingPage = lazy(() => import('./pages/listing-page'));
const SearchPage = lazy(() => import('./pages/search-page'));
const VendorPage = lazy(() => import('./pages/vendor-page'));
const BlogPage = lazy(() => import('./pages/blog-page'));
const BlogPostPage = lazy(() => import('./pages/blog-post-page'));
const FavoritesPage = lazy(() => import('./pages/favorites-page'));

/** Every path here is listed in remote.json with its access rule (a test keeps them equal). */
export const routes: { path: string; element: ReactElement }[] = [
  { path: '/', element: <HomePage /> },
  { path: '/home', element: <HomePage /> },
  { path: '/listings', element: <BrowsePage /> },
  { path: '/listings/:id', element: <ListingPage /> },
  { path: '/property/:id', element: <ListingPage /> },
  { path: '/listing-details/:id', element: <ListingPage /> },
  { path: '/services', element: <BrowsePage type="service" /> },
  { path: '/service/:id', element: <ListingPage /> },
  { path: '/commercial-units', element: <BrowsePage type="commercial" /> },
  { path: '/upgrades', element: <BrowsePage type="upgrade" /> },
  { path: '/upgrade/:id', element: <ListingPage /> },
  { path: '/search', element: <SearchPage /> },
  { path: '/vendor-profile/:id', element: <VendorPage /> },
  { path: '/blog', element: <BlogPage /> },
  { path: '/blog/:slug', element: <BlogPostPage /> },
  { path: '/customer-dashboard/favorites', element: <FavoritesPage /> },
];
