import { beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentToast, resetToasts, signInForTest } from '@modula/shared/testing';
import type { Mocked } from 'jest-mock';
import * as vendor from '../../services/vendor';
import { loadEnglish, renderVendor } from '../../testing/render';

jest.mock('../../services/vendor', () => {
  const actual = jest.requireActual<typeof import('../../services/vendor')>('../../services/vendor');
  return {
    ...actual,
    fetchQuota: jest.fn(),
    fetchCategories: jest.fn(async () => [
      { id: 'cat-homes', listing_type: 'property', slug: 'homes', name: 'Homes', subcategories: [] },
      { id: 'cat-design', listing_type: 'service', slug: 'design-planning', name: 'Design & planning', subcategories: [] },
    ]),
    fetchCountries: jest.fn(async () => [{ code: 'DE', name: 'Germany' }]),
    saveListing: jest.fn(async () => undefined),
    fetchOwnListing: jest.fn(async () => null),
  };
});

const mocked = vendor as Mocked<typeof vendor>;
// The form is long and the machine shared: typing into it takes longer than jest's 5 s default.
jest.setTimeout(20_000);
const COMPANY = '00000000-0000-4000-8000-00000000c0de';
const quota = (plan: string, maxListings: number, published: number, demo = false) =>
  ({ plan, planName: plan[0]!.toUpperCase() + plan.slice(1), maxListings, published, drafts: 0, demo });

beforeAll(loadEnglish);
beforeEach(() => {
  jest.clearAllMocks();
  resetToasts();
  window.localStorage.clear();
  signInForTest({ userType: 'vendor', companyId: COMPANY });
});

describe('/create-listing: who may create (spec section 5)', () => {
  test('a vendor without a plan gets "Subscription needed" and goes to /pricing', async () => {
    mocked.fetchQuota.mockResolvedValue(quota('free', 0, 0));
    renderVendor('/create-listing');
    await waitFor(() => expect(currentToast()?.title).toBe('Subscription needed'));
    expect(currentToast()?.description).toBe('You need a subscription to create listings. Please select a plan.');
    expect(await screen.findByRole('heading', { name: 'Plans for vendors' }, { timeout: 10_000 })).toBeTruthy();
  });

  test('a paying vendor at the limit is told so, with a link to upgrade', async () => {
    mocked.fetchQuota.mockResolvedValue(quota('starter', 1, 1));
    renderVendor('/create-listing');
    expect(await screen.findByRole('heading', { name: 'Listing limit reached' })).toBeTruthy();
    expect(screen.getByText('Your Starter plan allows 1 published listing. Unpublish one or upgrade to add more.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans and upgrade' }).getAttribute('href')).toBe('/pricing');
  });

  test('a demo account may create even without a plan', async () => {
    mocked.fetchQuota.mockResolvedValue(quota('free', 0, 0, true));
    renderVendor('/create-listing');
    expect(await screen.findByLabelText('Title')).toBeTruthy();
  });
});

describe('/create-listing: validation messages at the field, nothing typed is lost', () => {
  test('publishing an empty form: the spec\'s summary, required fields marked', async () => {
    mocked.fetchQuota.mockResolvedValue(quota('entrepreneur', 5, 0));
    renderVendor('/create-listing');
    const user = userEvent.setup();
    await screen.findByLabelText('Title');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please fill in all required fields');
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(mocked.saveListing).not.toHaveBeenCalled();
  });

  test('a price that is not a positive number and a too short title get their own messages', async () => {
    mocked.fetchQuota.mockResolvedValue(quota('pro', -1, 12));
    renderVendor('/create-listing');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'ab');
    await user.type(screen.getByLabelText('Price in euros'), '-5');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('The title needs at least 3 characters.')).toBeTruthy();
    expect(screen.getByText('The price must be a positive number.')).toBeTruthy();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('ab');
  });

  test('a valid home is published with its price in whole euros', async () => {
    mocked.fetchQuota.mockResolvedValue(quota('pro', -1, 0));
    renderVendor('/create-listing');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Alpine A-frame');
    await screen.findByRole('option', { name: 'Homes' });
    await user.selectOptions(screen.getByLabelText('Category'), 'cat-homes');
    await user.selectOptions(screen.getByLabelText('Space type'), 'a_frame');
    await user.type(screen.getByLabelText('Price in euros'), '89.000');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(mocked.saveListing).toHaveBeenCalled());
    const [row, exists] = mocked.saveListing.mock.calls.at(-1)!;
    expect(exists).toBe(false);
    expect(row).toMatchObject({ title: 'Alpine A-frame', price: 89000, status: 'published', vendor_id: COMPANY, space_type: 'a_frame', category_id: 'cat-homes' });
  });
});

describe('/edit-listing/{id}', () => {
  test('a listing of another company is not found', async () => {
    renderVendor('/edit-listing/8b0c3c55-3a69-4a8b-9a42-6f7c4b1f0e11');
    expect(await screen.findByRole('heading', { name: 'Listing not found' })).toBeTruthy();
    expect(mocked.fetchOwnListing).toHaveBeenCalledWith('8b0c3c55-3a69-4a8b-9a42-6f7c4b1f0e11', COMPANY);
  });
});

describe('/pricing from the create-listing button (spec section 4)', () => {
  test('a demo vendor who may create is sent on to /create-listing', async () => {
    mocked.fetchQuota.mockResolvedValue(quota('free', 0, 0, true));
    renderVendor('/pricing?from=create-listing');
    expect(await screen.findByRole('heading', { name: 'Create listing' })).toBeTruthy();
  });

  test('anyone else stays on /pricing', async () => {
    mocked.fetchQuota.mockResolvedValue(quota('free', 0, 0));
    renderVendor('/pricing?from=create-listing');
    expect(await screen.findByRole('heading', { name: 'Plans for vendors' }, { timeout: 10_000 })).toBeTruthy();
  });
});
