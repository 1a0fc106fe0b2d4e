// mf-catalog's first-screen template (issue 18, ARCHITECTURE.md "A public page's request path"): the
// server runs it for the catalogue's public routes and puts the result into the shell's index.html.
// Built into dist/server/ by tooling/first-screen.cjs and named in the registry fragment.
import type { FirstScreenInput, FirstScreenResult } from '@modula/shared/contracts';
import { listingPage } from './listing.ts';
import { blogPage, blogPostPage, browsePage, homePage, vendorPage } from './lists.ts';
import { translator } from './strings.ts';

const DETAIL_ROUTES = new Set(['/property/:id', '/listings/:id', '/listing-details/:id', '/service/:id', '/upgrade/:id']);
const BROWSE_ROUTES = new Set(['/listings', '/services', '/upgrades', '/commercial-units']);

export async function render(input: FirstScreenInput): Promise<FirstScreenResult | null> {
  const t = translator(input.language);
  if (input.route === '/' || input.route === '/home') return homePage(input, t);
  if (BROWSE_ROUTES.has(input.route)) return browsePage(input, t);
  if (DETAIL_ROUTES.has(input.route)) return listingPage(input, t);
  if (input.route === '/vendor-profile/:id') return vendorPage(input, t);
  if (input.route === '/blog') return blogPage(input, t);
  if (input.route === '/blog/:slug') return blogPostPage(input, t);
  // /search and anything else: the app's page without a server-rendered first screen.
  return null;
}
