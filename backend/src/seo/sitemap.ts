// What search engines are told about the public site: every published listing, vendor, article and
// content page, each in the 14 interface languages (?lang=xx, with hreflang alternates and x-default),
// as one sitemap or, past the protocol's limits (50,000 URLs or 50 MiB a file), an index of several.
import type { Queryable } from '../db/types.ts';

/** The interface languages (shared/src/i18n/languages.ts; a test keeps the two lists equal). */
export const SITEMAP_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'ja', 'zh', 'ko', 'ru', 'ar', 'hi', 'tr'] as const;

/** Public pages that exist whatever the data: the shell's content pages and the catalogue's browse pages. */
export const CONTENT_PATHS = [
  '/',
  '/listings',
  '/commercial-units',
  '/upgrades',
  '/services',
  '/blog',
  '/pricing',
  '/faq',
  '/about',
  '/contact',
  '/terms',
  '/privacy',
] as const;

export const SITEMAP_LIMITS = { maxUrls: 50_000, maxBytes: 50 * 1024 * 1024 } as const;

export interface SitemapPage {
  /** Path without language, e.g. /property/<id>. */
  path: string;
  /** When the page's content last changed, if known. */
  lastmod: Date | null;
}

export interface Limits {
  maxUrls: number;
  maxBytes: number;
}

/** The detail route of a listing by its kind (mf-catalog/src/lib/links.ts). */
export function listingPath(type: string, id: string): string {
  if (type === 'upgrade') return `/upgrade/${id}`;
  if (type === 'service') return `/service/${id}`;
  return `/property/${id}`;
}

/**
 * Every public page, read as the database owner with the same conditions the public read policies
 * apply: published listings, vendors with at least one published listing, articles published by now.
 */
export async function readSitemapPages(db: Queryable): Promise<SitemapPage[]> {
  const pages: SitemapPage[] = CONTENT_PATHS.map((path) => ({ path, lastmod: null }));
  const listings = await db.query<{ id: string; listing_type: string; updated_at: Date }>(
    "select id::text, listing_type, updated_at from public.listings where status = 'published' order by published_at, id",
  );
  for (const row of listings.rows) pages.push({ path: listingPath(row.listing_type, row.id), lastmod: new Date(row.updated_at) });
  const vendors = await db.query<{ id: string; updated_at: Date }>(
    `select c.id::text, greatest(c.updated_at, max(l.updated_at)) as updated_at
       from public.companies c join public.listings l on l.vendor_id = c.id and l.status = 'published'
      group by c.id order by c.id`,
  );
  for (const row of vendors.rows) pages.push({ path: `/vendor-profile/${row.id}`, lastmod: new Date(row.updated_at) });
  const posts = await db.query<{ slug: string; updated_at: Date }>(
    'select slug, updated_at from public.blog_posts where published_at is not null and published_at <= now() order by published_at, slug',
  );
  for (const row of posts.rows) pages.push({ path: `/blog/${encodeURIComponent(row.slug)}`, lastmod: new Date(row.updated_at) });
  return pages;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

function languageUrl(siteUrl: string, path: string, language: string | null): string {
  return `${siteUrl}${path}${language ? `?lang=${language}` : ''}`;
}

/** The <url> entries of one page: one per language, each listing every language version and x-default. */
function pageEntries(siteUrl: string, page: SitemapPage): string[] {
  const alternates = [
    ...SITEMAP_LANGUAGES.map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(languageUrl(siteUrl, page.path, lang))}"/>`),
    `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(languageUrl(siteUrl, page.path, null))}"/>`,
  ].join('');
  const lastmod = page.lastmod ? `<lastmod>${page.lastmod.toISOString()}</lastmod>` : '';
  return SITEMAP_LANGUAGES.map((lang) => `<url><loc>${escapeXml(languageUrl(siteUrl, page.path, lang))}</loc>${lastmod}${alternates}</url>\n`);
}

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
const URLSET_CLOSE = '</urlset>\n';

/**
 * The sitemap files by name: sitemap.xml alone when everything fits the limits, else sitemap-1.xml,
 * sitemap-2.xml, ... and sitemap.xml as their index. A page's language versions may span two files.
 */
export function renderSitemaps(siteUrl: string, pages: readonly SitemapPage[], limits: Limits = SITEMAP_LIMITS, now = new Date()): Map<string, string> {
  const base = siteUrl.replace(/\/+$/, '');
  const parts: string[][] = [[]];
  let bytes = Buffer.byteLength(URLSET_OPEN) + Buffer.byteLength(URLSET_CLOSE);
  for (const page of pages) {
    for (const entry of pageEntries(base, page)) {
      const size = Buffer.byteLength(entry);
      let current = parts[parts.length - 1] as string[];
      if (current.length > 0 && (current.length >= limits.maxUrls || bytes + size > limits.maxBytes)) {
        current = [];
        parts.push(current);
        bytes = Buffer.byteLength(URLSET_OPEN) + Buffer.byteLength(URLSET_CLOSE);
      }
      current.push(entry);
      bytes += size;
    }
  }
  const urlset = (entries: string[]) => `${URLSET_OPEN}${entries.join('')}${URLSET_CLOSE}`;
  if (parts.length === 1) return new Map([['sitemap.xml', urlset(parts[0] ?? [])]]);
  const files = new Map<string, string>();
  const index = parts.map((entries, i) => {
    const name = `sitemap-${i + 1}.xml`;
    files.set(name, urlset(entries));
    return `<sitemap><loc>${escapeXml(`${base}/${name}`)}</loc><lastmod>${now.toISOString()}</lastmod></sitemap>\n`;
  });
  files.set('sitemap.xml', `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${index.join('')}</sitemapindex>\n`);
  return files;
}

/** Paths crawlers are kept out of: dashboards, sign-in and account pages, admin, checkout and the API. */
export const DISALLOWED_PATHS = [
  '/admin',
  '/dashboard',
  '/customer-dashboard',
  '/advertising-dashboard',
  '/create-listing',
  '/edit-listing',
  '/create-ad',
  '/profile',
  '/checkout',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/verify',
  '/email-verification',
  '/check-email',
  '/newsletter',
  '/deployment-status',
  '/auth/v1/',
  '/rest/v1/',
  '/realtime/v1/',
  '/functions/v1/',
] as const;

export function renderRobots(siteUrl: string): string {
  const base = siteUrl.replace(/\/+$/, '');
  return ['User-agent: *', ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
}
