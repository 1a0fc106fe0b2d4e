import { describe, expect, test } from '@jest/globals';
import { activeFilterCount, clearFilters, EMPTY_FILTERS, parseFilters, toSearchParams, updateFilters, type ListingFilters } from './filters';

const parse = (query: string) => parseFilters(new URLSearchParams(query));

describe('filters in the URL', () => {
  test('no parameters are the empty filters', () => {
    expect(parse('')).toEqual(EMPTY_FILTERS);
  });

  test('every filter survives the round trip through the URL', () => {
    const filters: ListingFilters = {
      type: 'property',
      category: 'homes',
      sub: 'off-grid',
      space: 'tiny_home',
      location: 'Bavaria',
      minPrice: 50000,
      maxPrice: 250000,
      beds: 2,
      baths: 1,
      minSize: 30,
      maxSize: 150,
      sizeUnit: 'sqm',
      features: ['Sauna', 'Green roof, extensive'],
      eco: ['solar_powered', 'heat_pump'],
      energy: 'A+',
      shipsTo: 'DE',
      sort: 'price_asc',
      page: 3,
    };
    const again = parseFilters(toSearchParams(filters));
    expect(again).toEqual({ ...filters, features: [...filters.features].sort(), eco: [...filters.eco].sort() });
  });

  test('the URL leaves defaults out and has a fixed order', () => {
    expect(toSearchParams({ ...EMPTY_FILTERS, beds: 2, minPrice: 1000 }).toString()).toBe('minPrice=1000&beds=2');
    expect(toSearchParams(EMPTY_FILTERS).toString()).toBe('');
  });

  test('the search the e2e test makes', () => {
    expect(parse('category=homes&minPrice=100000&maxPrice=300000&beds=2')).toMatchObject({ category: 'homes', minPrice: 100000, maxPrice: 300000, beds: 2 });
  });

  test('bad values from a hand-edited link are ignored, not errors', () => {
    const f = parse('category=../x&space=castle&beds=-1&baths=two&minPrice=1e3&energy=Z&shipsTo=Germany&sort=random&page=0&eco=flying');
    expect(f).toEqual(EMPTY_FILTERS);
  });

  test('a reversed range is put in order', () => {
    expect(parse('minPrice=500&maxPrice=100')).toMatchObject({ minPrice: 100, maxPrice: 500 });
    expect(parse('minSize=900&maxSize=300')).toMatchObject({ minSize: 300, maxSize: 900 });
  });

  test('features repeat the parameter (they may contain commas), without duplicates', () => {
    expect(parse('features=Sauna&features=Deck,+covered&features=Sauna').features).toEqual(['Sauna', 'Deck, covered']);
  });

  test('sustainability flags are comma-separated', () => {
    expect(parse('eco=heat_pump,solar_powered').eco).toEqual(['heat_pump', 'solar_powered']);
  });

  test('country codes are upper-cased', () => {
    expect(parse('shipsTo=de').shipsTo).toBe('DE');
  });
});

describe('changing filters', () => {
  test('any change but the page goes back to page 1', () => {
    const current = { ...EMPTY_FILTERS, page: 4 };
    expect(updateFilters(current, { beds: 3 }).page).toBe(1);
    expect(updateFilters(current, { page: 5 }).page).toBe(5);
  });

  test('a new category drops the subcategory of the old one', () => {
    expect(updateFilters({ ...EMPTY_FILTERS, category: 'energy', sub: 'solar-panels' }, { category: 'water' }).sub).toBeNull();
  });

  test('clearing keeps the kind of listing', () => {
    const cleared = clearFilters({ ...EMPTY_FILTERS, type: 'upgrade', category: 'energy', beds: 2, eco: ['heat_pump'] });
    expect(cleared).toEqual({ ...EMPTY_FILTERS, type: 'upgrade', category: 'energy' });
  });

  test('active filters are counted, ranges once', () => {
    expect(activeFilterCount({ ...EMPTY_FILTERS, minPrice: 1, maxPrice: 2, beds: 1, features: ['a', 'b'], sort: 'newest', page: 2 })).toBe(4);
  });
});
