import { beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Mocked } from 'jest-mock';
import { createTestQueryClient, recordEvents, setTestRuntimeConfig, signInForTest, signOutForTest, currentToast, resetToasts } from '@modula/shared/testing';
import * as api from '../services/api';
import { loadEnglish, makeListing, renderWithProviders } from '../testing/render';
import { preload } from '../routes';
import type { ListingDetail } from '../services/types';
import ListingPage, { PHONE_QUERY } from './listing-page';

jest.mock('../services/api', () => {
  const actual = jest.requireActual<typeof import('../services/api')>('../services/api');
  return {
    ...actual,
    fetchListing: jest.fn(),
    fetchListingReviews: jest.fn(async () => ({ reviews: [], summary: { average: null, count: 0 } })),
    fetchRelated: jest.fn(async () => []),
    fetchCompanyRating: jest.fn(async () => ({ average: 4.6, count: 12 })),
    track: jest.fn(),
  };
});
const mocked = api as Mocked<typeof api>;

function detail(overrides: Partial<ListingDetail> = {}): ListingDetail {
  return {
    ...makeListing({ title: 'Fjell 42 A-frame cabin', price: 138500 }),
    subcategory_id: null,
    description: 'A steep roof sheds snow.',
    features: ['Sauna'],
    energy_class: 'A',
    certifications: ['PEFC'],
    materials: ['Spruce'],
    off_grid_ready: true,
    solar_powered: false,
    heat_pump: false,
    rainwater_harvesting: false,
    recycled_materials_pct: null,
    lead_time_weeks: 12,
    category: { name: 'Homes', slug: 'homes' },
    subcategory: null,
    vendor: { id: 'v1', name: 'Nordlys Hytter', company_type: 'manufacturer', verified: true, logo: null, country: 'NO', city: 'Bergen' },
    ...overrides,
  };
}

beforeAll(async () => {
  setTestRuntimeConfig();
  await loadEnglish();
});
beforeEach(() => {
  jest.clearAllMocks();
  signOutForTest();
  resetToasts();
});

function open(listing: ListingDetail | null) {
  mocked.fetchListing.mockResolvedValue(listing);
  renderWithProviders(<ListingPage />, { url: `/property/${listing?.id ?? 'missing'}`, path: '/property/:id' });
}

describe('listing page', () => {
  test('shows the listing with its price, facts, sustainability, shipping and a verified vendor card', async () => {
    const listing = detail();
    open(listing);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fjell 42 A-frame cabin' })).toBeTruthy();
    expect(screen.getByText('€138,500')).toBeTruthy();
    expect(screen.getByText('Off-grid ready')).toBeTruthy();
    expect(screen.getByText('Ships worldwide')).toBeTruthy();
    expect(screen.getByText('Verified vendor')).toBeTruthy();
    expect(await screen.findByText('4.6 / 5')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View vendor profile' }).getAttribute('href')).toBe('/vendor-profile/v1');
    expect(mocked.track).toHaveBeenCalledWith('view_item', { listing_id: listing.id, listing_type: 'property', price: 138500, currency: 'EUR' });
  });

  test('facts of 0 are left out', async () => {
    open(detail({ bedrooms: 0, bathrooms: 2, size: 0 }));
    const facts = await screen.findByTestId('key-facts');
    expect(facts.textContent).not.toMatch(/Bedrooms|Area/);
    expect(facts.textContent).toContain('Bathrooms');
  });

  test("the parcel's mount starts loading the listing, and the page shows it without asking again", async () => {
    const listing = detail();
    mocked.fetchListing.mockResolvedValue(listing);
    const queryClient = createTestQueryClient();
    preload(`/property/${listing.id}`, queryClient);
    expect(mocked.fetchListing).toHaveBeenCalledWith(listing.id);
    renderWithProviders(<ListingPage />, { url: `/property/${listing.id}`, path: '/property/:id', queryClient });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fjell 42 A-frame cabin' })).toBeTruthy();
    expect(mocked.fetchListing).toHaveBeenCalledTimes(1);
  });

  test('a failed load offers Try again, which loads the listing', async () => {
    const listing = detail();
    mocked.fetchListing.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(listing);
    renderWithProviders(<ListingPage />, { url: `/property/${listing.id}`, path: '/property/:id' });
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fjell 42 A-frame cabin' })).toBeTruthy();
  });

  test('a missing or unpublished listing is a proper not-found page', async () => {
    open(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Listing not found' })).toBeTruthy();
  });

  test('Contact vendor asks the messenger to open through the shared event', async () => {
    const listing = detail();
    open(listing);
    const events = recordEvents('modula:open-messenger');
    await userEvent.click(await screen.findByRole('button', { name: 'Contact vendor' }));
    expect(events.events).toEqual([{ vendorId: listing.vendor_id, listingId: listing.id }]);
    // contact_vendor is the messenger's to record, once a conversation actually starts.
    expect(mocked.track).not.toHaveBeenCalledWith('contact_vendor', expect.anything());
    events.stop();
  });

  test('a customer\'s Schedule Meeting opens the meeting form in the messenger', async () => {
    signInForTest({ userType: 'customer' });
    const listing = detail();
    open(listing);
    const events = recordEvents('modula:open-messenger');
    await userEvent.click(await screen.findByRole('button', { name: 'Schedule Meeting' }));
    expect(events.events).toEqual([{ vendorId: listing.vendor_id, listingId: listing.id, compose: 'meeting' }]);
    expect(mocked.track).toHaveBeenCalledWith('schedule_meeting', { listing_id: listing.id });
    events.stop();
  });

  test('guests see Schedule Meeting leading to /login, and saving asks them to log in', async () => {
    open(detail());
    expect((await screen.findByRole('link', { name: 'Schedule Meeting' })).getAttribute('href')).toBe('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(currentToast()).toMatchObject({ title: 'Login Required', description: 'Please log in to save favorites.' });
  });

  test('vendors see neither Schedule Meeting nor the favourite button', async () => {
    signInForTest({ userType: 'vendor', companyId: 'other-company' });
    open(detail());
    await screen.findByRole('button', { name: 'Contact vendor' });
    expect(screen.queryByRole('link', { name: 'Schedule Meeting' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  test('a term is listed under one facet: "Heat pump" is a sustainability fact, not a feature as well', async () => {
    open(detail({ features: ['Sauna', 'Heat pump'], heat_pump: true }));
    await screen.findByRole('heading', { level: 1, name: 'Fjell 42 A-frame cabin' });
    expect(screen.getAllByText('Heat pump')).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Sustainability' }).textContent).toContain('Heat pump');
    expect(screen.getByRole('region', { name: 'Features' }).textContent).not.toContain('Heat pump');
  });

  test('every photo is described by the listing title and its position', async () => {
    open(detail({ images: ['v1/l1/1.webp', 'v1/l1/2.webp'] }));
    expect((await screen.findAllByRole('img', { name: 'Photo 1 of 2: Fjell 42 A-frame cabin' })).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('img', { name: 'Photo 2 of 2: Fjell 42 A-frame cabin' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('img').filter((img) => img.getAttribute('alt') === '')).toEqual([]);
  });

  test('an address of the wrong kind (/upgrade/<id of a service>) moves to the right one', async () => {
    const listing = detail({ listing_type: 'service', space_type: null });
    mocked.fetchListing.mockResolvedValue(listing);
    renderWithProviders(<ListingPage />, { url: `/upgrade/${listing.id}?from=mail#reviews`, path: '/upgrade/:id' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/service/${listing.id}?from=mail`));
    expect(mocked.track).not.toHaveBeenCalledWith('view_item', expect.anything());
  });

  test('on a phone a bar keeps the price, Contact vendor and Schedule Meeting on screen, and the launcher moves above it', async () => {
    const listeners = new Set<() => void>();
    let phone = true;
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({
        get matches() {
          return query === PHONE_QUERY && phone;
        },
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      }),
    });
    signInForTest({ userType: 'customer' });
    const listing = detail();
    open(listing);
    const bar = await screen.findByRole('region', { name: 'Price and contact' });
    expect(within(bar).getByText('€138,500')).toBeTruthy();
    const events = recordEvents('modula:open-messenger');
    await userEvent.click(within(bar).getByRole('button', { name: 'Contact vendor' }));
    await userEvent.click(within(bar).getByRole('button', { name: 'Schedule Meeting' }));
    expect(events.events).toEqual([
      { vendorId: listing.vendor_id, listingId: listing.id },
      { vendorId: listing.vendor_id, listingId: listing.id, compose: 'meeting' },
    ]);
    events.stop();
    expect(document.documentElement.style.getPropertyValue('--modula-bottom-bar')).toMatch(/px$/);
    // A wider screen: no bar, and the launcher goes back to its corner.
    phone = false;
    act(() => listeners.forEach((listener) => listener()));
    expect(screen.queryByRole('region', { name: 'Price and contact' })).toBeNull();
    expect(document.documentElement.style.getPropertyValue('--modula-bottom-bar')).toBe('');
    Reflect.deleteProperty(window, 'matchMedia');
  });
});

