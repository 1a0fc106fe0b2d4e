import { describe, expect, test } from '@jest/globals';
import { boundInSqft, convertArea, defaultAreaUnit, rowUnit } from './area';
import { parseFilters } from './filters';

describe('area units', () => {
  test('metric by default; square feet only for American English', () => {
    expect(defaultAreaUnit('de', ['de-DE'])).toBe('sqm');
    expect(defaultAreaUnit('nl', ['en-US'])).toBe('sqm');
    expect(defaultAreaUnit('en', ['en-GB', 'en-US'])).toBe('sqm');
    expect(defaultAreaUnit('en', ['en-US'])).toBe('sqft');
  });

  test('converts both ways with the database factor', () => {
    expect(convertArea(27, 'sqm', 'sqft')).toBeCloseTo(290.63, 2);
    expect(convertArea(1076.39, 'sqft', 'sqm')).toBeCloseTo(100, 5);
    expect(convertArea(42, 'sqm', 'sqm')).toBe(42);
  });

  test('"size unit defaults to sqft" applies only to a row without a unit', () => {
    expect(rowUnit(null)).toBe('sqft');
    expect(rowUnit(undefined)).toBe('sqft');
    expect(rowUnit('sqm')).toBe('sqm');
  });

  test('a size filter in m² becomes whole square feet that include a listing of exactly the bound', () => {
    // A 27 m² listing is stored as size_sqft = round(27 * 10.7639) = 291.
    expect(boundInSqft(27, 'sqm', 'min')).toBeLessThanOrEqual(291);
    expect(boundInSqft(27, 'sqm', 'max')).toBeGreaterThanOrEqual(291);
    expect(boundInSqft(500, 'sqft', 'min')).toBe(500);
  });

  test('a size filter link says its unit; an old link without one is in square feet', () => {
    expect(parseFilters(new URLSearchParams('minSize=30&unit=sqm'))).toMatchObject({ minSize: 30, sizeUnit: 'sqm' });
    expect(parseFilters(new URLSearchParams('minSize=300'))).toMatchObject({ minSize: 300, sizeUnit: null });
  });
});
