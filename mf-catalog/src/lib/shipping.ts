import type { Continent, ShippingType } from '../services/types';

/** Country names are listed up to this many; beyond it the badge shows a count (spec section 9). */
export const MAX_NAMED_COUNTRIES = 3;

export interface ShippingInput {
  shippingType?: ShippingType | null;
  shippingContinents?: readonly Continent[] | null;
  shippingCountries?: readonly string[] | null;
}

export type ShippingBadge =
  | { kind: 'worldwide' }
  | { kind: 'continents'; continents: Continent[] }
  | { kind: 'countries'; countries: string[] }
  | { kind: 'country-count'; count: number };

/**
 * The shipping badge of spec section 2: worldwide; the listed continents; or specific countries,
 * named when 3 or fewer, otherwise counted. Nothing when the listing says nothing usable.
 */
export function shippingBadge(input: ShippingInput): ShippingBadge | null {
  switch (input.shippingType) {
    case 'worldwide':
      return { kind: 'worldwide' };
    case 'continents': {
      const continents = [...new Set(input.shippingContinents ?? [])];
      return continents.length > 0 ? { kind: 'continents', continents } : null;
    }
    case 'specific': {
      const countries = [...new Set(input.shippingCountries ?? [])];
      if (countries.length === 0) return null;
      return countries.length <= MAX_NAMED_COUNTRIES ? { kind: 'countries', countries } : { kind: 'country-count', count: countries.length };
    }
    default:
      return null;
  }
}
