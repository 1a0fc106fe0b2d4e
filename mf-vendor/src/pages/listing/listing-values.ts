import { listingPrice, type ListingInput, type ListingValues } from '@modula/shared';
import type { ListingRow } from '../../services/vendor';

export const BLANK_LISTING: ListingInput = {
  listingType: 'property', title: '', description: '', categoryId: '', subcategoryId: '', spaceType: '', priceOnRequest: false, price: '',
  priceUnit: 'total', bedrooms: '', bathrooms: '', size: '', sizeUnit: 'sqm', leadTimeWeeks: '', location: '', country: '',
  shippingType: 'worldwide', shippingContinents: [], shippingCountries: [], freeShipping: false, features: '', energyClass: '',
  materials: '', certifications: '', recycledPct: '', offGridReady: false, solarPowered: false, heatPump: false, rainwaterHarvesting: false,
};

const text = (n: number | null | undefined) => (n === null || n === undefined || n === 0 ? '' : String(n));

/** The form's values for a stored listing. */
export function inputFromRow(row: ListingRow): ListingInput {
  return {
    listingType: row.listing_type,
    title: row.title,
    description: row.description,
    categoryId: row.category_id,
    subcategoryId: row.subcategory_id ?? '',
    spaceType: (row.space_type ?? '') as ListingInput['spaceType'],
    priceOnRequest: row.listing_type === 'service' && row.price === 0,
    price: row.price > 0 ? String(row.price) : '',
    priceUnit: row.price_unit,
    bedrooms: text(row.bedrooms),
    bathrooms: text(row.bathrooms),
    size: text(Number(row.size)),
    sizeUnit: row.size_unit,
    leadTimeWeeks: row.lead_time_weeks === null ? '' : String(row.lead_time_weeks),
    location: row.location ?? '',
    country: row.country ?? '',
    shippingType: row.shipping_type,
    shippingContinents: row.shipping_continents as ListingInput['shippingContinents'],
    shippingCountries: row.shipping_countries,
    freeShipping: row.free_shipping,
    features: row.features.join('\n'),
    energyClass: (row.energy_class ?? '') as ListingInput['energyClass'],
    materials: row.materials.join('\n'),
    certifications: row.certifications.join('\n'),
    recycledPct: row.recycled_materials_pct === null ? '' : String(row.recycled_materials_pct),
    offGridReady: row.off_grid_ready,
    solarPowered: row.solar_powered,
    heatPump: row.heat_pump,
    rainwaterHarvesting: row.rainwater_harvesting,
  };
}

/** The row a valid form writes. Fields that do not apply to the kind are stored empty. */
export function rowFromValues(
  values: ListingValues,
  ids: { id: string; companyId: string },
  images: string[],
  status: ListingRow['status'],
): ListingRow {
  const space = values.listingType === 'property' || values.listingType === 'commercial';
  return {
    id: ids.id,
    vendor_id: ids.companyId,
    listing_type: values.listingType,
    space_type: space ? values.spaceType || null : null,
    category_id: values.categoryId,
    subcategory_id: values.subcategoryId || null,
    title: values.title,
    description: values.description,
    price: listingPrice(values),
    price_unit: values.priceUnit,
    location: values.location || null,
    country: values.country || null,
    bedrooms: space ? values.bedrooms : 0,
    bathrooms: space ? values.bathrooms : 0,
    size: values.size,
    size_unit: values.sizeUnit,
    features: values.features,
    energy_class: values.energyClass || null,
    certifications: values.certifications,
    materials: values.materials,
    off_grid_ready: values.offGridReady,
    solar_powered: values.solarPowered,
    heat_pump: values.heatPump,
    rainwater_harvesting: values.rainwaterHarvesting,
    recycled_materials_pct: values.recycledPct,
    shipping_type: values.shippingType,
    shipping_continents: values.shippingType === 'continents' ? values.shippingContinents : [],
    shipping_countries: values.shippingType === 'specific' ? values.shippingCountries : [],
    free_shipping: values.freeShipping,
    lead_time_weeks: values.leadTimeWeeks,
    status,
    images,
  };
}

/** What was typed, kept in the browser until the server has it (a reload or a failed save loses nothing). */
export const localDraftKey = (userId: string, listingId: string | null) => `modula.vendor.listing.${userId}.${listingId ?? 'new'}`;

export function readLocalDraft(key: string): { id: string; values: ListingInput; images: string[] } | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { id?: unknown; values?: unknown; images?: unknown };
    if (typeof parsed.id !== 'string' || !parsed.values || typeof parsed.values !== 'object') return null;
    return {
      id: parsed.id,
      values: { ...BLANK_LISTING, ...(parsed.values as Partial<ListingInput>) },
      images: Array.isArray(parsed.images) ? parsed.images.filter((p): p is string => typeof p === 'string') : [],
    };
  } catch {
    return null;
  }
}

export function writeLocalDraft(key: string, draft: { id: string; values: ListingInput; images: string[] }): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the server draft still holds what was saved.
  }
}

export function clearLocalDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}
