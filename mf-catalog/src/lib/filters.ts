import { vocabularyKey } from './vocabulary';
import { ENERGY_CLASSES, SPACE_TYPES, LISTING_TYPES, type EnergyClass, type ListingType, type SizeUnit, type SpaceType } from '../services/types';

const SIZE_UNITS: readonly SizeUnit[] = ['sqm', 'sqft'];

export const SORT_KEYS = ['relevance', 'newest', 'price_asc', 'price_desc'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** Sustainability facts a listing can be filtered by (boolean columns of public.listings). */
export const ECO_FLAGS = ['off_grid_ready', 'solar_powered', 'heat_pump', 'rainwater_harvesting'] as const;
export type EcoFlag = (typeof ECO_FLAGS)[number];

/**
 * The sustainability flag a free-text feature names ("Heat pump" is heat_pump), or null. Such a term
 * belongs to Sustainability only: it is never offered or listed as a feature as well.
 */
export function ecoFlagOf(term: string): EcoFlag | null {
  const key = vocabularyKey(term).replace(/-/g, '_');
  return (ECO_FLAGS as readonly string[]).includes(key) ? (key as EcoFlag) : null;
}

/** Features without the terms that are sustainability flags, and the flags those terms name. */
export function splitEcoTerms(features: readonly string[]): { features: string[]; eco: EcoFlag[] } {
  const eco = new Set<EcoFlag>();
  const rest: string[] = [];
  for (const feature of features) {
    const flag = ecoFlagOf(feature);
    if (flag) eco.add(flag);
    else rest.push(feature);
  }
  return { features: rest, eco: [...eco] };
}

export const PAGE_SIZE = 12;

/**
 * Everything the listings page can filter by. It lives in the URL only, so a search can be shared and
 * the back button restores it; this module is the one translation between the two.
 */
export interface ListingFilters {
  type: ListingType | null;
  category: string | null;
  sub: string | null;
  space: SpaceType | null;
  location: string | null;
  minPrice: number | null;
  maxPrice: number | null;
  beds: number | null;
  baths: number | null;
  minSize: number | null;
  maxSize: number | null;
  /** The unit of minSize and maxSize; a link without one is in square feet (the spec's default). */
  sizeUnit: SizeUnit | null;
  features: string[];
  eco: EcoFlag[];
  energy: EnergyClass | null;
  shipsTo: string | null;
  sort: SortKey;
  page: number;
}

export const EMPTY_FILTERS: ListingFilters = {
  type: null,
  category: null,
  sub: null,
  space: null,
  location: null,
  minPrice: null,
  maxPrice: null,
  beds: null,
  baths: null,
  minSize: null,
  maxSize: null,
  sizeUnit: null,
  features: [],
  eco: [],
  energy: null,
  shipsTo: null,
  sort: 'relevance',
  page: 1,
};

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const COUNTRY = /^[A-Z]{2}$/;
const MAX_TEXT = 100;

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | null {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

/** A non-negative whole number, or null for anything else (bad input in a shared link is ignored). */
function count(value: string | null, max: number): number | null {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n <= max ? n : null;
}

function text(value: string | null): string | null {
  const trimmed = value?.trim().slice(0, MAX_TEXT) ?? '';
  return trimmed === '' ? null : trimmed;
}

/** Free-text values (features) repeat the parameter, since they may contain commas themselves. */
function list(params: URLSearchParams, key: string, separator: string | null): string[] {
  const values = params.getAll(key).flatMap((v) => (separator ? v.split(separator) : [v]));
  return [...new Set(values.map((v) => v.trim()).filter((v) => v !== '' && v.length <= MAX_TEXT))].slice(0, 20);
}

export function parseFilters(params: URLSearchParams): ListingFilters {
  let minPrice = count(params.get('minPrice'), 1e9);
  let maxPrice = count(params.get('maxPrice'), 1e9);
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  let minSize = count(params.get('minSize'), 1e7);
  let maxSize = count(params.get('maxSize'), 1e7);
  if (minSize !== null && maxSize !== null && minSize > maxSize) [minSize, maxSize] = [maxSize, minSize];
  const category = params.get('category');
  const sub = params.get('sub');
  const shipsTo = params.get('shipsTo')?.toUpperCase() ?? null;
  return {
    type: oneOf(params.get('type'), LISTING_TYPES),
    category: category && SLUG.test(category) ? category : null,
    sub: sub && SLUG.test(sub) ? sub : null,
    space: oneOf(params.get('space'), SPACE_TYPES),
    location: text(params.get('location')),
    minPrice,
    maxPrice,
    beds: count(params.get('beds'), 50),
    baths: count(params.get('baths'), 50),
    minSize,
    maxSize,
    sizeUnit: minSize !== null || maxSize !== null ? oneOf(params.get('unit'), SIZE_UNITS) : null,
    features: list(params, 'features', null),
    eco: list(params, 'eco', ',').filter((flag): flag is EcoFlag => (ECO_FLAGS as readonly string[]).includes(flag)),
    energy: oneOf(params.get('energy'), ENERGY_CLASSES),
    shipsTo: shipsTo && COUNTRY.test(shipsTo) ? shipsTo : null,
    sort: oneOf(params.get('sort'), SORT_KEYS) ?? 'relevance',
    page: Math.max(1, count(params.get('page'), 100000) ?? 1),
  };
}

/** The URL form of the filters: defaults are left out and the order is fixed, so equal filters give equal URLs. */
export function toSearchParams(filters: ListingFilters): URLSearchParams {
  const params = new URLSearchParams();
  const put = (key: string, value: string | number | null) => {
    if (value !== null && value !== '') params.set(key, String(value));
  };
  put('type', filters.type);
  put('category', filters.category);
  put('sub', filters.sub);
  put('space', filters.space);
  put('location', filters.location);
  put('minPrice', filters.minPrice);
  put('maxPrice', filters.maxPrice);
  put('beds', filters.beds);
  put('baths', filters.baths);
  put('minSize', filters.minSize);
  put('maxSize', filters.maxSize);
  if (filters.minSize !== null || filters.maxSize !== null) put('unit', filters.sizeUnit);
  for (const feature of [...filters.features].sort()) params.append('features', feature);
  if (filters.eco.length > 0) params.set('eco', [...filters.eco].sort().join(','));
  put('energy', filters.energy);
  put('shipsTo', filters.shipsTo);
  if (filters.sort !== 'relevance') params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** Changes some filters; any change other than the page itself starts again at page 1. */
export function updateFilters(current: ListingFilters, change: Partial<ListingFilters>): ListingFilters {
  const next = { ...current, ...change };
  if (!('page' in change)) next.page = 1;
  // A subcategory belongs to one category.
  if ('category' in change && change.category !== current.category && !('sub' in change)) next.sub = null;
  return next;
}

/** How many filters narrow the results (type, category, sorting and page choose what to browse, not filters). */
export function activeFilterCount(filters: ListingFilters): number {
  const single = [filters.space, filters.location, filters.beds, filters.baths, filters.energy, filters.shipsTo];
  const ranges = [filters.minPrice !== null || filters.maxPrice !== null, filters.minSize !== null || filters.maxSize !== null];
  return single.filter((v) => v !== null).length + ranges.filter(Boolean).length + filters.features.length + filters.eco.length;
}

/** Keeps what defines the kind of listing (type, category) and drops everything else. */
export function clearFilters(filters: ListingFilters): ListingFilters {
  return { ...EMPTY_FILTERS, type: filters.type, category: filters.category };
}
