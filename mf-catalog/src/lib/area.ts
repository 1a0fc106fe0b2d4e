import type { SizeUnit } from '../services/types';

/** The database's factor (listings.size_sqft): 1 m² = 10.7639 sq ft. */
export const SQFT_PER_SQM = 10.7639;

/**
 * The unit a row's size is in. The column is never null in the database; the spec's "size unit
 * defaults to sqft" is for a row that has none (an older API answer, a hand-made row).
 */
export function rowUnit(unit: SizeUnit | null | undefined): SizeUnit {
  return unit ?? 'sqft';
}

/** An area in another unit (unrounded). */
export function convertArea(value: number, from: SizeUnit, to: SizeUnit): number {
  if (from === to) return value;
  return from === 'sqm' ? value * SQFT_PER_SQM : value / SQFT_PER_SQM;
}

/**
 * A European marketplace measures in square metres; square feet are for American English, as the
 * browser's first language ("en-US") says, unless the visitor chose a unit.
 */
export function defaultAreaUnit(language: string, browserLanguages: readonly string[]): SizeUnit {
  return language === 'en' && browserLanguages[0]?.toLowerCase() === 'en-us' ? 'sqft' : 'sqm';
}

/** The size filter's bound in square feet (listings.size_sqft is whole square feet). */
export function boundInSqft(value: number, unit: SizeUnit, side: 'min' | 'max'): number {
  const sqft = convertArea(value, unit, 'sqft');
  // A listing of exactly the bound, stored in the other unit, rounds to the nearest square foot.
  return side === 'min' ? Math.floor(sqft) : Math.ceil(sqft);
}
