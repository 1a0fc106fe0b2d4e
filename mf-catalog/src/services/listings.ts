import { PAGE_SIZE, splitEcoTerms, type ListingFilters } from '../lib/filters';
import { boundInSqft, rowUnit } from '../lib/area';
import { arrayLiteral, CatalogError, db, isUuid, likeFragment, unwrap } from './client';
import type { Category, Country, ListingDetail, ListingSummary, ListingType, RatingSummary, Review, SearchHit } from './types';

export const CARD_COLUMNS =
  'id,listing_type,space_type,category_id,vendor_id,title,price,price_unit,location,country,bedrooms,bathrooms,size,size_unit,' +
  'images,featured,sponsored,sponsored_until,sponsor_priority,shipping_type,shipping_continents,shipping_countries,free_shipping,published_at';

const DETAIL_COLUMNS =
  `${CARD_COLUMNS},subcategory_id,description,features,energy_class,certifications,materials,off_grid_ready,solar_powered,heat_pump,` +
  'rainwater_harvesting,recycled_materials_pct,lead_time_weeks,category:categories(name,slug),subcategory:subcategories(name,slug),' +
  'vendor:companies(id,name,company_type,verified,logo,country,city)';

export interface Lookups {
  categories: Category[];
  countries: Country[];
}

export async function fetchCategories(): Promise<Category[]> {
  const data = unwrap<Category[]>(
    await db()
      .from('categories')
      .select('id,listing_type,slug,name,description,sort_order,subcategories(id,category_id,slug,name,sort_order)')
      .order('sort_order'),
  );
  return data.map((c) => ({ ...c, subcategories: [...(c.subcategories ?? [])].sort((a, b) => a.sort_order - b.sort_order) }));
}

export async function fetchCountries(): Promise<Country[]> {
  return unwrap<Country[]>(await db().from('countries').select('code,continent').order('code'));
}

// supabase-js types every step of a query builder separately, which is too deep for a helper shared by
// two queries; this is the part of the builder the filters use.
interface ListingQuery extends PromiseLike<{ data: unknown; error: { message: string; code?: string } | null; count: number | null }> {
  eq(column: string, value: unknown): ListingQuery;
  gt(column: string, value: unknown): ListingQuery;
  gte(column: string, value: unknown): ListingQuery;
  lte(column: string, value: unknown): ListingQuery;
  ilike(column: string, pattern: string): ListingQuery;
  filter(column: string, operator: string, value: unknown): ListingQuery;
  or(filters: string): ListingQuery;
  order(column: string, options?: { ascending?: boolean }): ListingQuery;
  range(from: number, to: number): ListingQuery;
  limit(count: number): ListingQuery;
}

function listingQuery(count: boolean): ListingQuery {
  // Counting every match of a broad filter at 100,000 listings costs hundreds of milliseconds; an
  // estimated count is exact up to the API's max rows (1,000) and the planner's estimate beyond.
  return db().from('listings').select(CARD_COLUMNS, count ? { count: 'estimated' } : undefined) as unknown as ListingQuery;
}

/** What the filters resolve to, or null when they cannot match anything (an unknown category). */
export function resolveScope(filters: ListingFilters, lookups: Lookups): { type: ListingType | null; categoryId: string | null; subcategoryId: string | null } | null {
  let type = filters.type;
  let categoryId: string | null = null;
  let subcategoryId: string | null = null;
  if (filters.category) {
    const category = lookups.categories.find((c) => c.slug === filters.category);
    if (!category || (type && category.listing_type !== type)) return null;
    type = category.listing_type;
    categoryId = category.id;
    if (filters.sub) {
      const sub = category.subcategories.find((s) => s.slug === filters.sub);
      if (!sub) return null;
      subcategoryId = sub.id;
    }
  }
  return { type, categoryId, subcategoryId };
}

/** Applies every filter of the listings page to a query on published listings. */
function applyFilters(query: ListingQuery, filters: ListingFilters, scope: NonNullable<ReturnType<typeof resolveScope>>, lookups: Lookups): ListingQuery {
  let q = query.eq('status', 'published');
  if (scope.type) q = q.eq('listing_type', scope.type);
  if (scope.categoryId) q = q.eq('category_id', scope.categoryId);
  if (scope.subcategoryId) q = q.eq('subcategory_id', scope.subcategoryId);
  if (filters.space) q = q.eq('space_type', filters.space);
  const location = filters.location ? likeFragment(filters.location) : '';
  if (location) q = q.ilike('location', `%${location}%`);
  if (filters.minPrice !== null) q = q.gte('price', filters.minPrice);
  if (filters.maxPrice !== null) q = q.lte('price', filters.maxPrice);
  if (filters.beds !== null) q = q.gte('bedrooms', filters.beds);
  if (filters.baths !== null) q = q.gte('bathrooms', filters.baths);
  // size_sqft is every listing's size in whole square feet, whatever unit the vendor entered.
  const sizeUnit = rowUnit(filters.sizeUnit);
  if (filters.minSize !== null) q = q.gte('size_sqft', boundInSqft(filters.minSize, sizeUnit, 'min'));
  if (filters.maxSize !== null) q = q.lte('size_sqft', boundInSqft(filters.maxSize, sizeUnit, 'max'));
  if (filters.features.length > 0) q = q.filter('features', 'cs', arrayLiteral(filters.features));
  for (const flag of filters.eco) q = q.eq(flag, true);
  // Energy classes are ordered best first, so "B or better" is a plain <=.
  if (filters.energy) q = q.lte('energy_class', filters.energy);
  if (filters.shipsTo) {
    const continent = lookups.countries.find((c) => c.code === filters.shipsTo)?.continent;
    const parts = ['shipping_type.eq.worldwide', `shipping_countries.cs.{${filters.shipsTo}}`];
    if (continent) parts.push(`shipping_continents.cs.{${continent}}`);
    q = q.or(parts.join(','));
  }
  return q;
}

/** Above this many matches the count is the planner's estimate (PostgREST max rows). */
export const EXACT_COUNT_LIMIT = 1000;

export interface ListingPage {
  rows: ListingSummary[];
  total: number;
}

export async function fetchListings(filters: ListingFilters, lookups: Lookups): Promise<ListingPage> {
  const scope = resolveScope(filters, lookups);
  if (!scope) return { rows: [], total: 0 };
  let query = applyFilters(listingQuery(true), filters, scope, lookups);
  switch (filters.sort) {
    case 'newest':
      query = query.order('published_at', { ascending: false });
      break;
    // Comparable totals first, in either direction; prices per m², hour, day or month and prices on
    // request after them (price_sorts_after, a generated column).
    case 'price_asc':
      query = query.order('price_sorts_after', { ascending: true }).order('price', { ascending: true });
      break;
    case 'price_desc':
      query = query.order('price_sorts_after', { ascending: true }).order('price', { ascending: false });
      break;
    default:
      query = query.order('featured', { ascending: false }).order('published_at', { ascending: false });
  }
  const from = (filters.page - 1) * PAGE_SIZE;
  const result = await query.order('id').range(from, from + PAGE_SIZE - 1);
  // Past the last page PostgREST answers 416; the page then has no rows.
  if (result.error?.code === 'PGRST103') return { rows: [], total: result.count ?? 0 };
  const rows = unwrap<ListingSummary[]>(result);
  return { rows, total: result.count ?? rows.length };
}

/** Active sponsorships among the listings matching the filters, highest priority first. */
export async function fetchSponsored(filters: ListingFilters, lookups: Lookups): Promise<ListingSummary[]> {
  const scope = resolveScope(filters, lookups);
  if (!scope) return [];
  const query = applyFilters(listingQuery(false), filters, scope, lookups);
  return unwrap<ListingSummary[]>(
    await query
      .eq('sponsored', true)
      .gt('sponsored_until', new Date().toISOString())
      .order('sponsor_priority', { ascending: false })
      .limit(12),
  );
}

/**
 * The most used features and certifications of published listings, for the filter panel. A feature that
 * names a sustainability flag ("Heat pump") is left out: the panel's Sustainability group has it.
 */
export async function fetchFacets(type: ListingType | null): Promise<{ features: string[]; certifications: string[] }> {
  const data = unwrap<{ features: string[]; certifications: string[] }>(
    await db().rpc('listing_facets', { listing_types: type ? [type] : null, max_values: 24 }),
  );
  return { features: splitEcoTerms(data.features ?? []).features, certifications: data.certifications ?? [] };
}

/** One published listing, or null when the id is not one (missing, draft, archived or malformed). */
export async function fetchListing(id: string | undefined): Promise<ListingDetail | null> {
  if (!isUuid(id)) return null;
  return unwrap<ListingDetail | null>(await db().from('listings').select(DETAIL_COLUMNS).eq('id', id).eq('status', 'published').maybeSingle());
}

export async function fetchRelated(listing: Pick<ListingSummary, 'id' | 'category_id'>): Promise<ListingSummary[]> {
  return unwrap<ListingSummary[]>(
    await db()
      .from('listings')
      .select(CARD_COLUMNS)
      .eq('status', 'published')
      .eq('category_id', listing.category_id)
      .neq('id', listing.id)
      .order('featured', { ascending: false })
      .order('published_at', { ascending: false })
      .limit(4),
  );
}

function summarize(ratings: { rating: number }[]): RatingSummary {
  if (ratings.length === 0) return { average: null, count: 0 };
  return { average: ratings.reduce((sum, r) => sum + r.rating, 0) / ratings.length, count: ratings.length };
}

export async function fetchListingReviews(listingId: string): Promise<{ reviews: Review[]; summary: RatingSummary }> {
  const [list, ratings] = await Promise.all([
    db().from('reviews').select('id,author_name,rating,title,body,created_at').eq('listing_id', listingId).order('created_at', { ascending: false }).limit(20),
    db().from('reviews').select('rating').eq('listing_id', listingId).limit(5000),
  ]);
  return { reviews: unwrap<Review[]>(list), summary: summarize(unwrap<{ rating: number }[]>(ratings)) };
}

/** A company's rating: its own reviews and those of its listings together. */
export async function fetchCompanyRating(companyId: string): Promise<RatingSummary> {
  const [own, listings] = await Promise.all([
    db().from('reviews').select('rating').eq('company_id', companyId).limit(5000),
    db().from('reviews').select('rating,listing:listings!inner(vendor_id)').eq('listing.vendor_id', companyId).limit(5000),
  ]);
  return summarize([...unwrap<{ rating: number }[]>(own), ...unwrap<{ rating: number }[]>(listings)]);
}

/**
 * A company's reviews as its rating counts them: its own and those of its listings, newest first, so
 * "(11 reviews)" lists the same reviews it counts.
 */
export async function fetchCompanyReviews(companyId: string): Promise<Review[]> {
  const columns = 'id,author_name,rating,title,body,created_at';
  const [own, listings] = await Promise.all([
    db().from('reviews').select(columns).eq('company_id', companyId).order('created_at', { ascending: false }).limit(20),
    db().from('reviews').select(`${columns},listing:listings!inner(vendor_id)`).eq('listing.vendor_id', companyId).order('created_at', { ascending: false }).limit(20),
  ]);
  const all = [...unwrap<Review[]>(own), ...unwrap<(Review & { listing?: unknown })[]>(listings).map(({ listing: _listing, ...review }) => review)];
  return all.sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id)).slice(0, 20);
}

export async function fetchVendorListings(companyId: string): Promise<ListingSummary[]> {
  return unwrap<ListingSummary[]>(
    await db()
      .from('listings')
      .select(CARD_COLUMNS)
      .eq('status', 'published')
      .eq('vendor_id', companyId)
      .order('featured', { ascending: false })
      .order('published_at', { ascending: false })
      .limit(24),
  );
}

/** Newest published listings of some types, featured first; for the home page's rows. */
export async function fetchShowcase(types: ListingType[], limit: number, options: { featuredOnly?: boolean; exclude?: string[] } = {}): Promise<ListingSummary[]> {
  let query = db().from('listings').select(CARD_COLUMNS).eq('status', 'published').in('listing_type', types);
  if (options.featuredOnly) query = query.eq('featured', true);
  if (options.exclude && options.exclude.length > 0) query = query.not('id', 'in', `(${options.exclude.join(',')})`);
  return unwrap<ListingSummary[]>(
    await query.order('featured', { ascending: false }).order('published_at', { ascending: false }).order('id').limit(limit),
  );
}

/**
 * Featured properties for the home carousel: featured homes (properties), filled up with other published
 * homes, never invented. The page's other rows show commercial units, upgrades and services, so nothing
 * here repeats them.
 */
export async function fetchFeatured(count: number): Promise<ListingSummary[]> {
  return fetchShowcase(['property'], count);
}

export interface SearchPage {
  hits: SearchHit[];
  total: number;
}

/** Full-text search (search_listings). Blank text is refused here too, before any request. */
export async function searchListings(text: string, types: ListingType[] | null, page: number): Promise<SearchPage> {
  const query = text.trim();
  if (query === '') throw new CatalogError('Search text must be non-blank', '22023');
  const rows = unwrap<(SearchHit & { total_count: number })[]>(
    await db().rpc('search_listings', { query, listing_types: types, result_limit: PAGE_SIZE, result_offset: (page - 1) * PAGE_SIZE }),
  );
  return { hits: rows, total: rows[0] ? Number(rows[0].total_count) : 0 };
}
