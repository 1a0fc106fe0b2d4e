import { describe, expect, test } from '@jest/globals';
import { companySchema, inviteSchema, listingPrice, listingSchema, splitList, type ListingInput } from './listing';

/** The first message of each field, as the form shows it. */
const errors = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  Object.fromEntries([...(result.error?.issues ?? [])].reverse().map((i) => [i.path.join('.'), i.message]));

const base: ListingInput = {
  listingType: 'property', title: 'Alpine A-frame', description: '', categoryId: 'c', subcategoryId: '', spaceType: 'a_frame',
  priceOnRequest: false, price: '89.000', priceUnit: 'total', bedrooms: '2', bathrooms: '1', size: '54,5', sizeUnit: 'sqm',
  leadTimeWeeks: '', location: 'Innsbruck', country: 'AT', shippingType: 'worldwide', shippingContinents: [], shippingCountries: [],
  freeShipping: false, features: 'Triple glazing, Heat pump\nTriple glazing', energyClass: 'A', materials: '', certifications: '',
  recycledPct: '', offGridReady: false, solarPowered: false, heatPump: true, rainwaterHarvesting: false,
};

describe('the listing form schema', () => {
  test('a valid property: numbers typed as the reader writes them, lists split and de-duplicated', () => {
    const values = listingSchema.parse(base);
    expect(listingPrice(values)).toBe(89000);
    expect(values.size).toBe(54.5);
    expect(values.bedrooms).toBe(2);
    expect(values.features).toEqual(['Triple glazing', 'Heat pump']);
    expect(values.leadTimeWeeks).toBeNull();
  });

  test('required fields, a price that is not a positive whole number, too long texts', () => {
    expect(errors(listingSchema.safeParse({ ...base, title: ' ', categoryId: '', price: '' }))).toEqual({
      title: 'form.requiredField', categoryId: 'form.requiredField', price: 'form.requiredField',
    });
    expect(errors(listingSchema.safeParse({ ...base, price: '-5' }))).toEqual({ price: 'vendor:form.pricePositive' });
    expect(errors(listingSchema.safeParse({ ...base, price: 'cheap' }))).toEqual({ price: 'vendor:form.pricePositive' });
    expect(errors(listingSchema.safeParse({ ...base, price: '0' }))).toEqual({ price: 'vendor:form.pricePositive' });
    expect(errors(listingSchema.safeParse({ ...base, price: '10.5' }))).toEqual({ price: 'vendor:form.priceWhole' });
    expect(errors(listingSchema.safeParse({ ...base, title: 'ab' }))).toEqual({ title: 'vendor:form.titleTooShort|{"min":3}' });
    expect(errors(listingSchema.safeParse({ ...base, title: 'x'.repeat(141) }))).toEqual({ title: 'form.tooLong|{"max":140}' });
    expect(errors(listingSchema.safeParse({ ...base, bedrooms: '51' }))).toEqual({ bedrooms: 'vendor:form.between|{"min":0,"max":50}' });
    expect(errors(listingSchema.safeParse({ ...base, bedrooms: '1.5' }))).toEqual({ bedrooms: 'vendor:form.wholeNumber' });
  });

  test('homes and commercial units need a space type; services may be priced on request', () => {
    expect(errors(listingSchema.safeParse({ ...base, spaceType: '' }))).toEqual({ spaceType: 'form.requiredField' });
    const service = listingSchema.parse({ ...base, listingType: 'service', spaceType: '', priceOnRequest: true, price: '' });
    expect(listingPrice(service)).toBe(0);
    // Only services: a home "on request" still needs its price.
    expect(errors(listingSchema.safeParse({ ...base, priceOnRequest: true, price: '' }))).toEqual({ price: 'form.requiredField' });
  });

  test('shipping to continents or countries needs at least one', () => {
    expect(errors(listingSchema.safeParse({ ...base, shippingType: 'continents' }))).toEqual({ shippingContinents: 'vendor:form.chooseContinent' });
    expect(errors(listingSchema.safeParse({ ...base, shippingType: 'specific' }))).toEqual({ shippingCountries: 'vendor:form.chooseCountry' });
    expect(listingSchema.safeParse({ ...base, shippingType: 'specific', shippingCountries: ['DE', 'AT'] }).success).toBe(true);
  });

  test('at most 40 features', () => {
    const many = Array.from({ length: 41 }, (_, i) => `Feature ${i}`).join('\n');
    expect(errors(listingSchema.safeParse({ ...base, features: many }))).toEqual({ features: 'vendor:form.tooManyItems|{"max":40}' });
    expect(splitList(' a, b ,\n\nA ')).toEqual(['a', 'b']);
  });

  test('the company and invitation forms', () => {
    expect(errors(companySchema.safeParse({ name: 'A', companyType: 'supplier', country: 'DE', description: '' }))).toEqual({ name: 'vendor:form.nameTooShort|{"min":2}' });
    expect(errors(companySchema.safeParse({ name: 'Alpha', companyType: 'bank', country: '', description: '' }))).toEqual({
      companyType: 'vendor:form.choose', country: 'form.requiredField',
    });
    expect(errors(inviteSchema.safeParse({ email: 'nobody' }))).toEqual({ email: 'form.invalidEmail' });
  });
});
