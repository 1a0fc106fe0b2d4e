// The vendor's listing form (issue 15) and the company form. The limits are the database's (listings
// and companies in 20261122000200/000400 and check_listing), so the browser never sends what the server
// would refuse. Messages are keys of mf-vendor's `vendor` namespace.
import { z } from 'zod';
import { FORM_MESSAGES, formMessage } from './message.ts';

export const LISTING_TYPES = ['property', 'commercial', 'upgrade', 'service'] as const;
export const SPACE_TYPES = [
  'residential', 'commercial', 'tiny_home', 'container_home', 'prefab_house', 'modular_home', 'a_frame', 'mobile_office', 'pop_up_shop',
] as const;
export const PRICE_UNITS = ['total', 'from', 'per_sqm', 'per_hour', 'per_day', 'per_month'] as const;
export const SIZE_UNITS = ['sqft', 'sqm'] as const;
export const ENERGY_CLASSES = ['A+++', 'A++', 'A+', 'A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export const SHIPPING_TYPES = ['worldwide', 'continents', 'specific'] as const;
export const CONTINENTS = ['africa', 'antarctica', 'asia', 'europe', 'north_america', 'oceania', 'south_america'] as const;
export const COMPANY_TYPES = ['manufacturer', 'contractor', 'supplier', 'consultant'] as const;

export const MAX_LISTING_TITLE = 140;
export const MIN_LISTING_TITLE = 3;
export const MAX_LISTING_DESCRIPTION = 10_000;
export const MAX_LISTING_PRICE = 2_000_000_000;
export const MAX_FEATURES = 40;
export const MAX_MATERIALS = 20;
export const MAX_LISTING_PHOTOS = 20;
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const;

const key = (name: string, values?: Record<string, number>) =>
  values ? `vendor:form.${name}|${JSON.stringify(values)}` : `vendor:form.${name}`;
/** The shared messages (common namespace): a required field, so a form's summary can say "Please fill in all required fields". */
const REQUIRED = FORM_MESSAGES.requiredField;
const tooLong = (max: number) => formMessage(FORM_MESSAGES.tooLong, { max });
const INVALID_EMAIL = FORM_MESSAGES.invalidEmail;

/** A whole number typed in a field ("" when left blank gives `blank`). */
function wholeNumber(min: number, max: number, blank: number | null) {
  return z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === '') {
        if (blank === null) ctx.addIssue({ code: 'custom', message: REQUIRED });
        return blank ?? 0;
      }
      const n = Number(value.replace(',', '.'));
      if (!Number.isInteger(n)) ctx.addIssue({ code: 'custom', message: key('wholeNumber') });
      else if (n < min || n > max) ctx.addIssue({ code: 'custom', message: key('between', { min, max }) });
      return n;
    });
}

/** A list typed one item per line or separated by commas: trimmed, blanks and repeats dropped. */
export function splitList(value: string): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const raw of value.split(/[\n,]/)) {
    const item = raw.trim();
    if (item && !seen.has(item.toLowerCase())) {
      seen.add(item.toLowerCase());
      items.push(item);
    }
  }
  return items;
}

function list(max: number, itemMax: number) {
  return z
    .string()
    .transform(splitList)
    .refine((items) => items.length <= max, key('tooManyItems', { max }))
    .refine((items) => items.every((item) => item.length <= itemMax), key('itemTooLong', { max: itemMax }));
}

export const listingSchema = z
  .object({
    listingType: z.enum(LISTING_TYPES, { error: key('choose') }),
    title: z
      .string()
      .trim()
      .min(1, REQUIRED)
      .min(MIN_LISTING_TITLE, key('titleTooShort', { min: MIN_LISTING_TITLE }))
      .max(MAX_LISTING_TITLE, tooLong(MAX_LISTING_TITLE)),
    description: z.string().trim().max(MAX_LISTING_DESCRIPTION, tooLong(MAX_LISTING_DESCRIPTION)),
    categoryId: z.string().min(1, REQUIRED),
    subcategoryId: z.string(),
    spaceType: z.union([z.enum(SPACE_TYPES), z.literal('')]),
    priceOnRequest: z.boolean(),
    price: z.string().trim(),
    priceUnit: z.enum(PRICE_UNITS),
    bedrooms: wholeNumber(0, 50, 0),
    bathrooms: wholeNumber(0, 50, 0),
    size: z
      .string()
      .trim()
      .transform((value, ctx) => {
        if (value === '') return 0;
        const n = Number(value.replace(',', '.'));
        if (!Number.isFinite(n) || n < 0 || n > 99_999_999) ctx.addIssue({ code: 'custom', message: key('sizeInvalid') });
        return Math.round(n * 100) / 100;
      }),
    sizeUnit: z.enum(SIZE_UNITS),
    leadTimeWeeks: z
      .string()
      .trim()
      .transform((value, ctx) => {
        if (value === '') return null;
        const n = Number(value);
        if (!Number.isInteger(n) || n < 0 || n > 260) ctx.addIssue({ code: 'custom', message: key('between', { min: 0, max: 260 }) });
        return n;
      }),
    location: z.string().trim().max(200, tooLong(200)),
    country: z.string(),
    shippingType: z.enum(SHIPPING_TYPES),
    shippingContinents: z.array(z.enum(CONTINENTS)),
    shippingCountries: z.array(z.string().regex(/^[A-Z]{2}$/)),
    freeShipping: z.boolean(),
    features: list(MAX_FEATURES, 80),
    energyClass: z.union([z.enum(ENERGY_CLASSES), z.literal('')]),
    materials: list(MAX_MATERIALS, 80),
    certifications: list(MAX_MATERIALS, 80),
    recycledPct: z
      .string()
      .trim()
      .transform((value, ctx) => {
        if (value === '') return null;
        const n = Number(value);
        if (!Number.isInteger(n) || n < 0 || n > 100) ctx.addIssue({ code: 'custom', message: key('between', { min: 0, max: 100 }) });
        return n;
      }),
    offGridReady: z.boolean(),
    solarPowered: z.boolean(),
    heatPump: z.boolean(),
    rainwaterHarvesting: z.boolean(),
  })
  .superRefine((values, ctx) => {
    const needsSpace = values.listingType === 'property' || values.listingType === 'commercial';
    if (needsSpace && values.spaceType === '') ctx.addIssue({ code: 'custom', path: ['spaceType'], message: REQUIRED });
    const onRequest = values.listingType === 'service' && values.priceOnRequest;
    if (!onRequest) {
      const n = Number(values.price.replace(/[\s.'](?=\d{3}\b)/g, '').replace(',', '.'));
      if (values.price === '') ctx.addIssue({ code: 'custom', path: ['price'], message: REQUIRED });
      else if (!Number.isFinite(n) || n <= 0) ctx.addIssue({ code: 'custom', path: ['price'], message: key('pricePositive') });
      else if (!Number.isInteger(n)) ctx.addIssue({ code: 'custom', path: ['price'], message: key('priceWhole') });
      else if (n > MAX_LISTING_PRICE) ctx.addIssue({ code: 'custom', path: ['price'], message: key('priceTooLarge') });
    }
    if (values.shippingType === 'continents' && values.shippingContinents.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['shippingContinents'], message: key('chooseContinent') });
    }
    if (values.shippingType === 'specific' && values.shippingCountries.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['shippingCountries'], message: key('chooseCountry') });
    }
  });

export type ListingInput = z.input<typeof listingSchema>;
export type ListingValues = z.output<typeof listingSchema>;

/** The price in whole euros as the form holds it ("125.000", "125 000", "125000"), 0 when on request. */
export function listingPrice(values: Pick<ListingValues, 'listingType' | 'priceOnRequest' | 'price'>): number {
  if (values.listingType === 'service' && values.priceOnRequest) return 0;
  return Number(values.price.replace(/[\s.'](?=\d{3}\b)/g, '').replace(',', '.'));
}

export const companySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .min(2, key('nameTooShort', { min: 2 }))
    .max(120, tooLong(120)),
  companyType: z.enum(COMPANY_TYPES, { error: key('choose') }),
  country: z.string().regex(/^[A-Z]{2}$/, REQUIRED),
  description: z.string().trim().max(5000, tooLong(5000)),
});

export type CompanyInput = z.input<typeof companySchema>;
export type CompanyValues = z.output<typeof companySchema>;

export const inviteSchema = z.object({
  email: z.string().trim().min(1, REQUIRED).max(254, INVALID_EMAIL).regex(/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/, INVALID_EMAIL),
});
export type InviteInput = z.input<typeof inviteSchema>;
export type InviteValues = z.output<typeof inviteSchema>;

/** The keys of the `vendor` namespace these schemas use (mf-vendor's locale test checks they exist). */
export const LISTING_FORM_MESSAGES = [
  'choose', 'wholeNumber', 'between', 'tooManyItems', 'itemTooLong', 'titleTooShort', 'sizeInvalid', 'pricePositive', 'priceWhole',
  'priceTooLarge', 'chooseContinent', 'chooseCountry', 'nameTooShort',
] as const;
