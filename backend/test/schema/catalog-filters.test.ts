import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import type { Database } from '../../src/db/types.ts';
import { seedScale } from '../../scripts/seed-scale.ts';
import { categoryId } from './helpers/fixture.ts';
import { as } from './helpers/sql.ts';

// The listings page's filters, as anon, against generated listings: the browse indexes check most
// filters inside the index (key columns), so every filter, alone and combined, must still return
// exactly the rows a plain scan finds, in the page's order.

interface Listing {
  id: string;
  listing_type: string;
  category_id: string;
  space_type: string | null;
  price: number;
  price_unit: string;
  bedrooms: number;
  bathrooms: number;
  size_sqft: number;
  features: string[];
  energy_class: string;
  solar_powered: boolean;
  shipping_type: string;
  shipping_countries: string[];
  shipping_continents: string[];
  location: string;
  featured: boolean;
  /** Seconds since the epoch. */
  published_at: number;
}

interface Filters {
  type?: string;
  category?: string;
  space?: string;
  location?: string;
  minPrice?: number;
  maxPrice?: number;
  beds?: number;
  baths?: number;
  minSize?: number;
  maxSize?: number;
  feature?: string;
  solar?: boolean;
  energy?: string;
  shipsToDE?: boolean;
  sort: 'relevance' | 'newest' | 'price_asc' | 'price_desc';
}

const ENERGY = ['A+++', 'A++', 'A+', 'A', 'B', 'C', 'D', 'E', 'F', 'G'];

// The searches of bench/catalog-queries.ts, plus filters that match nothing (commercial units have no
// bedrooms or bathrooms) and each sort order without any filter.
const CASES: Filters[] = [
  { type: 'property', category: 'homes', minPrice: 40_000, maxPrice: 200_000, beds: 1, sort: 'relevance' },
  { type: 'commercial', category: 'commercial-units', maxPrice: 260_000, baths: 1, sort: 'newest' },
  { minPrice: 80_000, minSize: 300, sort: 'price_asc' },
  { type: 'property', category: 'homes', maxPrice: 380_000, maxSize: 1500, sort: 'price_desc' },
  { type: 'commercial', category: 'commercial-units', minPrice: 120_000, maxPrice: 200_000, beds: 2, feature: 'Sauna', sort: 'relevance' },
  { solar: true, sort: 'newest' },
  { type: 'property', category: 'homes', minPrice: 60_000, maxPrice: 320_000, baths: 1, energy: 'A', sort: 'price_asc' },
  { type: 'commercial', category: 'commercial-units', maxPrice: 380_000, shipsToDE: true, sort: 'price_desc' },
  { minPrice: 100_000, beds: 3, minSize: 300, space: 'tiny_home', sort: 'relevance' },
  { type: 'property', category: 'homes', maxPrice: 260_000, location: 'berlin', sort: 'newest' },
  { minPrice: 40_000, beds: 3, minSize: 300, feature: 'Sauna', space: 'tiny_home', sort: 'relevance' },
  { location: 'Berlin', sort: 'price_desc' },
  { type: 'upgrade', sort: 'relevance' },
  { sort: 'relevance' },
  { sort: 'newest' },
  { sort: 'price_asc' },
  { sort: 'price_desc' },
];

function matches(l: Listing, f: Filters): boolean {
  return (
    (f.type === undefined || l.listing_type === f.type) &&
    (f.category === undefined || l.category_id === categoryId(f.category)) &&
    (f.space === undefined || l.space_type === f.space) &&
    (f.location === undefined || l.location.toLowerCase().includes(f.location.toLowerCase())) &&
    (f.minPrice === undefined || l.price >= f.minPrice) &&
    (f.maxPrice === undefined || l.price <= f.maxPrice) &&
    (f.beds === undefined || l.bedrooms >= f.beds) &&
    (f.baths === undefined || l.bathrooms >= f.baths) &&
    (f.minSize === undefined || l.size_sqft >= f.minSize) &&
    (f.maxSize === undefined || l.size_sqft <= f.maxSize) &&
    (f.feature === undefined || l.features.includes(f.feature)) &&
    (f.solar === undefined || l.solar_powered) &&
    (f.energy === undefined || ENERGY.indexOf(l.energy_class) <= ENERGY.indexOf(f.energy)) &&
    (!f.shipsToDE || l.shipping_type === 'worldwide' || l.shipping_countries.includes('DE') || l.shipping_continents.includes('europe'))
  );
}

const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/** Issue 19: prices per m², hour, day or month and prices on request (0) sort after every total. */
const sortsAfter = (l: Listing) => Number(!['total', 'from'].includes(l.price_unit) || l.price === 0);

function pageOrder(f: Filters): (a: Listing, b: Listing) => number {
  const byId = (a: Listing, b: Listing) => compare(a.id, b.id);
  const newest = (a: Listing, b: Listing) => compare(b.published_at, a.published_at);
  switch (f.sort) {
    case 'newest':
      return (a, b) => newest(a, b) || byId(a, b);
    case 'price_asc':
      return (a, b) => sortsAfter(a) - sortsAfter(b) || compare(a.price, b.price) || byId(a, b);
    case 'price_desc':
      return (a, b) => sortsAfter(a) - sortsAfter(b) || compare(b.price, a.price) || byId(a, b);
    default:
      return (a, b) => Number(b.featured) - Number(a.featured) || newest(a, b) || byId(a, b);
  }
}

/** The page's WHERE and ORDER BY in SQL, with the filters bound as parameters as PostgREST binds them. */
function sqlOf(f: Filters): { where: string; order: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = [`status = 'published'`];
  if (f.type !== undefined) where.push(`listing_type = ${p(f.type)}`);
  if (f.category !== undefined) where.push(`category_id = ${p(categoryId(f.category))}`);
  if (f.space !== undefined) where.push(`space_type = ${p(f.space)}`);
  if (f.location !== undefined) where.push(`location ilike ${p(`%${f.location}%`)}`);
  if (f.minPrice !== undefined) where.push(`price >= ${p(f.minPrice)}`);
  if (f.maxPrice !== undefined) where.push(`price <= ${p(f.maxPrice)}`);
  if (f.beds !== undefined) where.push(`bedrooms >= ${p(f.beds)}`);
  if (f.baths !== undefined) where.push(`bathrooms >= ${p(f.baths)}`);
  if (f.minSize !== undefined) where.push(`size_sqft >= ${p(f.minSize)}`);
  if (f.maxSize !== undefined) where.push(`size_sqft <= ${p(f.maxSize)}`);
  if (f.feature !== undefined) where.push(`features @> ${p(`{${f.feature}}`)}`);
  if (f.solar) where.push('solar_powered = true');
  if (f.energy !== undefined) where.push(`energy_class <= ${p(f.energy)}`);
  if (f.shipsToDE) where.push(`(shipping_type = 'worldwide' or shipping_countries @> '{DE}' or shipping_continents @> '{europe}')`);
  const order = {
    relevance: 'featured desc, published_at desc, id',
    newest: 'published_at desc, id',
    price_asc: 'price_sorts_after, price, id',
    price_desc: 'price_sorts_after, price desc, id',
  }[f.sort];
  return { where: where.join(' and '), order, params };
}

for (const database of await testDatabases()) {
  describe(`listings page filters on ${database}`, () => {
    let t: TestServer;
    let db: Database;
    let all: Listing[];
    before(async () => {
      t = await startTestServer({ database });
      db = t.server.context.db;
      await seedScale(db, 1200);
      // Drafts must never show, whichever index answers.
      await db.exec(`update public.listings set status = 'draft' where id in (select id from public.listings order by id limit 40)`);
      // Unit prices and prices on request among the totals: cheap per m², dear per day, and 0.
      await db.exec(`update public.listings set price_unit = 'per_sqm', price = 38 where id in (select id from public.listings order by md5(id::text) limit 30)`);
      await db.exec(`update public.listings set price_unit = 'per_day', price = 900000 where id in (select id from public.listings order by md5(id::text) offset 30 limit 10)`);
      await db.exec(`update public.listings set price = 0 where id in (select id from public.listings where listing_type = 'service' order by md5(id::text) limit 10)`);
      await db.exec('analyze public.listings');
      all = (
        await db.query<Listing>(
          `select id, listing_type, category_id, space_type, price, price_unit::text, bedrooms, bathrooms, size_sqft, features, energy_class::text,
                  solar_powered, shipping_type::text, shipping_countries, shipping_continents::text[], location, featured,
                  extract(epoch from published_at)::float8 as published_at
             from public.listings where status = 'published'`,
        )
      ).rows;
    });
    after(() => t?.close());

    it('returns exactly the matching published rows for every filter, in the page order, through the browse indexes', async () => {
      for (const f of CASES) {
        const expected = all.filter((l) => matches(l, f)).sort(pageOrder(f)).map((l) => l.id);
        const { where, order, params } = sqlOf(f);
        // Sequential and bitmap scans off: the answer must come from the in-index conditions.
        const rows = await db.asRole({ role: 'anon', claims: {} }, async (tx) => {
          await tx.exec('set local enable_seqscan = off; set local enable_bitmapscan = off');
          return (await tx.query<{ id: string }>(`select id from public.listings where ${where} order by ${order}`, params)).rows;
        });
        assert.deepEqual(rows.map((r) => r.id), expected, JSON.stringify(f));
      }
      assert.ok(all.filter((l) => matches(l, CASES[1]!)).length === 0, 'a filter that matches nothing is covered');
    });

    it('checks leakproof filters inside the index for anon (row-level security does not turn them into heap filters)', async () => {
      const plan = await db.asRole({ role: 'anon', claims: {} }, async (tx) => {
        await tx.exec('set local enable_seqscan = off; set local enable_bitmapscan = off');
        const { where, order, params } = sqlOf(CASES[1]!);
        const rows = await tx.query<Record<string, string>>(`explain select id, title from public.listings where ${where} order by ${order} limit 12`, params);
        return rows.rows.map((r) => Object.values(r)[0]).join('\n');
      });
      assert.match(plan, /Index Cond: .*bathrooms >= /);
      assert.doesNotMatch(plan, /Filter: .*bathrooms/);
    });

    it('answers the page as supabase-js sends it, with its count', async () => {
      const card = 'id,listing_type,title,price,location,bedrooms,bathrooms,featured,published_at';
      for (const f of [CASES[0]!, CASES[4]!, CASES[9]!, CASES[11]!]) {
        const expected = all.filter((l) => matches(l, f)).sort(pageOrder(f)).map((l) => l.id);
        let q = t.client().from('listings').select(card, { count: 'estimated' }).eq('status', 'published');
        if (f.type) q = q.eq('listing_type', f.type);
        if (f.category) q = q.eq('category_id', categoryId(f.category));
        if (f.location) q = q.ilike('location', `%${f.location}%`);
        if (f.minPrice !== undefined) q = q.gte('price', f.minPrice);
        if (f.maxPrice !== undefined) q = q.lte('price', f.maxPrice);
        if (f.beds !== undefined) q = q.gte('bedrooms', f.beds);
        if (f.feature) q = q.filter('features', 'cs', `{"${f.feature}"}`);
        q =
          f.sort === 'newest'
            ? q.order('published_at', { ascending: false })
            : f.sort === 'price_desc'
              ? q.order('price_sorts_after').order('price', { ascending: false })
              : q.order('featured', { ascending: false }).order('published_at', { ascending: false });
        const { data, count, error } = await q.order('id').range(0, 11);
        assert.equal(error, null);
        assert.deepEqual((data ?? []).map((r) => r.id), expected.slice(0, 12), JSON.stringify(f));
        assert.equal(count, expected.length, JSON.stringify(f));
      }
    });

    it('sorts by price with comparable totals first: a price per m² or on request never sorts among them', async () => {
      const unitPriced = all.filter((l) => sortsAfter(l) === 1).length;
      assert.ok(unitPriced >= 40, 'the fixture has unit prices and prices on request');
      for (const ascending of [true, false]) {
        // The end of the list (REST answers at most 1,000 rows): five totals, then every other price.
        const { data, error } = await t.client().from('listings').select('price,price_unit').eq('status', 'published')
          .order('price_sorts_after').order('price', { ascending }).order('id').range(all.length - unitPriced - 5, all.length - 1);
        assert.equal(error, null);
        const rows = (data ?? []) as Listing[];
        assert.deepEqual(rows.map(sortsAfter), [...Array<number>(5).fill(0), ...Array<number>(unitPriced).fill(1)], `ascending: ${ascending}`);
        const prices = rows.slice(5).map((r) => r.price);
        assert.deepEqual(prices, [...prices].sort((a, b) => (ascending ? a - b : b - a)));
      }
    });

    it('gives anon no unpublished listing through any index', async () => {
      const rows = await as<{ n: string }>(db, 'anon', `select count(*) as n from public.listings where price >= 0`);
      assert.equal(Number(rows[0]!.n), all.length);
    });
  });
}
