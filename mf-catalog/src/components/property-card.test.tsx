import { beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { signInForTest, signOutForTest, setTestRuntimeConfig } from '@modula/shared/testing';
import { loadEnglish, makeListing, renderWithProviders } from '../testing/render';
import { PropertyCard, toCardProps, type CardProps } from './property-card';
import { AREA_UNIT_KEY } from '../hooks/use-area-unit';

beforeAll(async () => {
  setTestRuntimeConfig();
  await loadEnglish();
});
beforeEach(() => signOutForTest());

function renderCard(overrides: Partial<CardProps> = {}, options: { priority?: boolean } = {}) {
  const props = { ...toCardProps(makeListing()), ...overrides };
  renderWithProviders(<PropertyCard {...props} priority={options.priority} />);
  return { props, card: screen.getByTestId('property-card') };
}

describe('shipping badge (spec section 2)', () => {
  const badge = () => screen.queryByTestId('shipping-badge')?.textContent ?? null;

  test('worldwide', () => {
    renderCard({ shippingType: 'worldwide' });
    expect(badge()).toBe('Ships worldwide');
  });

  test('the listed continents, in words of the language', () => {
    renderCard({ shippingType: 'continents', shippingContinents: ['europe', 'asia'] });
    expect(badge()).toBe('Ships to Europe and Asia');
  });

  test('three or fewer countries are named', () => {
    renderCard({ shippingType: 'specific', shippingCountries: ['DE', 'FR', 'NL'] });
    expect(badge()).toBe('Ships to Germany, France, and Netherlands');
  });

  test('a single country is named', () => {
    renderCard({ shippingType: 'specific', shippingCountries: ['DE'] });
    expect(badge()).toBe('Ships to Germany');
  });

  test('more than three countries are counted', () => {
    renderCard({ shippingType: 'specific', shippingCountries: ['DE', 'FR', 'NL', 'BE'] });
    expect(badge()).toBe('Ships to 4 countries');
  });

  test('no badge when the listing names no continent or country', () => {
    renderCard({ shippingType: 'continents', shippingContinents: [] });
    expect(badge()).toBeNull();
  });

  test('free shipping is its own badge', () => {
    renderCard({ freeShipping: true });
    expect(screen.getByText('Free shipping')).toBeTruthy();
  });
});

describe('visibility by role (spec sections 2 and 6)', () => {
  const controls = () => ({
    favourite: screen.queryByRole('button', { name: /to favorites/ }),
    share: screen.queryByRole('button', { name: /^Share / }),
    meeting: screen.queryByRole('link', { name: 'Schedule Meeting' }),
  });

  test('guests see neither favourite, share nor Schedule Meeting', () => {
    renderCard();
    const c = controls();
    expect([c.favourite, c.share, c.meeting]).toEqual([null, null, null]);
  });

  test('vendors see none of them either', () => {
    signInForTest({ userType: 'vendor' });
    renderCard();
    const c = controls();
    expect([c.favourite, c.share, c.meeting]).toEqual([null, null, null]);
  });

  test('customers see all three; Schedule Meeting opens the property', () => {
    signInForTest({ userType: 'customer' });
    const { props } = renderCard();
    const c = controls();
    expect(c.favourite).toBeTruthy();
    expect(c.share).toBeTruthy();
    expect(c.meeting?.getAttribute('href')).toBe(`/property/${props.id}`);
  });

  test('a customer whose email is not confirmed counts as a guest', () => {
    signInForTest({ userType: 'customer', emailConfirmed: false });
    renderCard();
    expect(controls().favourite).toBeNull();
  });
});

describe('facts', () => {
  test('bedrooms, bathrooms and area are hidden when 0', () => {
    renderCard({ bedrooms: 0, bathrooms: 0, size: 0 });
    expect(screen.queryByRole('list', { name: 'Key facts' })).toBeNull();
    expect(screen.queryByText(/bed/)).toBeNull();
    expect(screen.queryByText(/sq ft/)).toBeNull();
  });

  test('each shows on its own when above 0, with plural forms', () => {
    renderCard({ bedrooms: 1, bathrooms: 0, size: 0 });
    const facts = screen.getByRole('list', { name: 'Key facts' });
    expect(within(facts).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1 bed']);
  });

  test('size unit defaults to sq ft', () => {
    renderCard({ bedrooms: 2, bathrooms: 2, size: 1450, sizeUnit: null });
    const facts = screen.getByRole('list', { name: 'Key facts' });
    expect(within(facts).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['2 beds', '2 baths', '1,450 sq ft']);
  });

  test('one unit on the page: a size entered in m² is converted for an en-US visitor', () => {
    renderCard({ size: 80, sizeUnit: 'sqm' });
    expect(screen.getByText('861 sq ft')).toBeTruthy();
  });

  test('the unit the visitor chose: square feet converted to m²', () => {
    localStorage.setItem(AREA_UNIT_KEY, 'sqm');
    renderCard({ size: 1450, sizeUnit: 'sqft' });
    expect(screen.getByText('135 m²')).toBeTruthy();
    localStorage.removeItem(AREA_UNIT_KEY);
  });
});

describe('link target by type (spec section 2)', () => {
  test.each([
    ['property', '/property/'],
    ['commercial', '/property/'],
    ['upgrade', '/upgrade/'],
    ['service', '/service/'],
  ] as const)('%s cards go to %s{id}', (type, prefix) => {
    const { props } = renderCard({ type });
    expect(screen.getByRole('link', { name: props.title }).getAttribute('href')).toBe(`${prefix}${props.id}`);
  });
});

describe('image', () => {
  test('comes from the storage image renderer at card size, with width and height set', () => {
    renderCard({ imageUrl: 'v1/l1/1.webp' });
    const img = screen.getByTestId('property-card').querySelector('img')!;
    expect(img.getAttribute('width')).toBe('400');
    expect(img.getAttribute('height')).toBe('300');
    const src = new URL(img.getAttribute('src')!);
    expect(src.pathname).toBe('/storage/v1/render/image/public/listing-images/v1/l1/1.webp');
    expect(Object.fromEntries(src.searchParams)).toEqual({ width: '400', height: '300', resize: 'cover', quality: '70', format: 'webp' });
    expect(img.getAttribute('srcset')).toContain('width=800');
  });

  test('is lazy below the fold and eager above it', () => {
    renderCard();
    expect(screen.getByTestId('property-card').querySelector('img')!.getAttribute('loading')).toBe('lazy');
  });

  test('above the fold it loads at once', () => {
    renderCard({}, { priority: true });
    expect(screen.getByTestId('property-card').querySelector('img')!.getAttribute('loading')).toBe('eager');
  });

  test('a listing without photos shows a placeholder', () => {
    renderCard({ imageUrl: null });
    expect(screen.getByText('No photo yet')).toBeTruthy();
  });
});

test('featured and sponsored listings are marked', () => {
  renderCard({ featured: true, sponsored: true });
  expect(screen.getByText('Featured')).toBeTruthy();
  expect(screen.getByText('Sponsored')).toBeTruthy();
});

test('a sponsorship that has ended is not marked', () => {
  const props = toCardProps(makeListing({ sponsored: true, sponsored_until: '2020-01-01T00:00:00Z' }));
  expect(props.sponsored).toBe(false);
});

describe('the card photo', () => {
  test('is described by the listing title and its position', () => {
    renderCard({ ...toCardProps(makeListing({ title: 'Skog 65', images: ['v1/l1/1.webp', 'v1/l1/2.webp', 'v1/l1/3.webp'] })) });
    expect(screen.getByRole('img', { name: 'Photo 1 of 3: Skog 65' })).toBeTruthy();
  });
});
