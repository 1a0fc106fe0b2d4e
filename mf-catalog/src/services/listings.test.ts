import { describe, expect, test } from '@jest/globals';
import type { Mocked } from 'jest-mock';
import { makeListing } from '../testing/render';
import { fakeDb } from '../testing/fake-db';
import * as client from './client';
import { fetchFacets, fetchFeatured, fetchShowcase } from './listings';
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
