import { describe, expect, test } from '@jest/globals';
import type { Mocked } from 'jest-mock';
import { makeListing } from '../testing/render';
import { fakeDb } from '../testing/fake-db';
import * as client from './client';
import { fetchCompanyReviews, fetchFacets, fetchFeatured, fetchListings, fetchShowcase } from './listings';
import { EMPTY_FILTERS } from '../lib/filters';
import type { ListingSummary } from './types';

jest.mock('./client', () => {
  const actual = jest.requireActual<typeof import('./client')>('./client');
  return { ...actual, db: jest.fn() };
});
const mocked = client as Mocked<typeof client>;

function useRows(rows: ListingSummary[]) {
  mocked.db.mockReturnValue(fakeDb({ listings: rows.map((r) => ({ status: 'published', ...r })) }) as unknown as ReturnType<typeof client.db>);
}

describe('home page: Featured Properties', () => {
  test('shows featured homes, not commercial units, and fills up with other published homes', async () => {
    const featuredUnits = [1, 2, 3, 4].map((i) => makeListing({ listing_type: 'commercial', space_type: 'commercial', featured: true, title: `Unit ${i}` }));
    const featuredHome = makeListing({ featured: true, title: 'Skog 65', published_at: '2026-10-01T00:00:00Z' });
    const otherHomes = [1, 2, 3, 4].map((i) => makeListing({ title: `Home ${i}`, published_at: `2026-11-0${i}T00:00:00Z` }));
    useRows([...featuredUnits, featuredHome, ...otherHomes]);

    const featured = await fetchFeatured(4);
    expect(featured.map((l) => l.title)).toEqual(['Skog 65', 'Home 4', 'Home 3', 'Home 2']);
    expect(featured.every((l) => l.listing_type === 'property')).toBe(true);

    // The commercial row below it shows none of them.
    const commercial = await fetchShowcase(['commercial'], 4);
    const shown = new Set(featured.map((l) => l.id));
    expect(commercial.filter((l) => shown.has(l.id))).toEqual([]);
  });
});

describe('filter facets', () => {
  test('a term belongs to one facet: "Heat pump" is under Sustainability, not Features as well', async () => {
    mocked.db.mockReturnValue(
      fakeDb({}, { listing_facets: { features: ['Sauna', 'Heat pump', 'Solar powered', 'Triple glazing'], certifications: ['PEFC'] } }) as unknown as ReturnType<typeof client.db>,
    );
    expect(await fetchFacets('property')).toEqual({ features: ['Sauna', 'Triple glazing'], certifications: ['PEFC'] });
  });
});

describe('price sorting', () => {
  test('compares comparable totals: unit prices and prices on request come after them, in both directions', async () => {
    // price_sorts_after is a generated column (migration 20261127020000_price_sort.sql).
    const row = (title: string, price: number, unit: ListingSummary['price_unit'] = 'total') =>
      ({ ...makeListing({ title, price, price_unit: unit }), price_sorts_after: !['total', 'from'].includes(unit) || price === 0 }) as ListingSummary;
    useRows([row('House', 100_000), row('Cladding', 38, 'per_sqm'), row('Cabin', 60_000, 'from'), row('Studio', 0), row('Crane', 900, 'per_day')]);
    const lookups = { categories: [], countries: [] };
    const asc = await fetchListings({ ...EMPTY_FILTERS, sort: 'price_asc' }, lookups);
    expect(asc.rows.map((l) => l.title)).toEqual(['Cabin', 'House', 'Studio', 'Cladding', 'Crane']);
    const desc = await fetchListings({ ...EMPTY_FILTERS, sort: 'price_desc' }, lookups);
    expect(desc.rows.map((l) => l.title)).toEqual(['House', 'Cabin', 'Crane', 'Cladding', 'Studio']);
  });
});

describe('size filter', () => {
  test('bounds in m² compare with every listing in square feet, whatever unit the vendor used', async () => {
    const row = (title: string, size: number, unit: 'sqm' | 'sqft') =>
      ({ ...makeListing({ title, size, size_unit: unit }), size_sqft: Math.round(unit === 'sqm' ? size * 10.7639 : size) }) as ListingSummary;
    useRows([row('Skog 65', 27, 'sqm'), row('Barn', 300, 'sqft'), row('Loft', 26, 'sqm'), row('Hall', 900, 'sqft')]);
    const page = await fetchListings({ ...EMPTY_FILTERS, minSize: 27, maxSize: 28, sizeUnit: 'sqm' }, { categories: [], countries: [] });
    // 300 sq ft is 27.9 m².
    expect(page.rows.map((l) => l.title).sort()).toEqual(['Barn', 'Skog 65']);
    const feet = await fetchListings({ ...EMPTY_FILTERS, minSize: 280, maxSize: 300 }, { categories: [], countries: [] });
    expect(feet.rows.map((l) => l.title).sort()).toEqual(['Barn', 'Loft', 'Skog 65']);
  });
});

describe('vendor reviews', () => {
  test('the vendor page lists the reviews its rating counts: its own and its listings\', newest first', async () => {
    const review = (id: string, created_at: string, extra: Record<string, unknown>) => ({ id, author_name: 'A', rating: 5, title: null, body: `Text ${id}`, created_at, ...extra });
    mocked.db.mockReturnValue(
      fakeDb({
        reviews: [
          review('r1', '2026-03-01', { company_id: 'v1', listing: null }),
          review('r2', '2026-05-01', { company_id: null, listing: { vendor_id: 'v1' } }),
          review('r3', '2026-04-01', { company_id: null, listing: { vendor_id: 'v2' } }),
          review('r4', '2026-02-01', { company_id: null, listing: { vendor_id: 'v1' } }),
        ],
      }) as unknown as ReturnType<typeof client.db>,
    );
    expect((await fetchCompanyReviews('v1')).map((r) => r.id)).toEqual(['r2', 'r1', 'r4']);
  });
});
