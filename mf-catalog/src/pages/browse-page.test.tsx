import { beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Mocked } from 'jest-mock';
import { setTestRuntimeConfig } from '@modula/shared/testing';
import * as api from '../services/api';
import { loadEnglish, makeListing, renderWithProviders } from '../testing/render';
import BrowsePage from './browse-page';

jest.mock('../services/api', () => {
  const actual = jest.requireActual<typeof import('../services/api')>('../services/api');
  return {
    ...actual,
    fetchCategories: jest.fn(async () => []),
    fetchCountries: jest.fn(async () => []),
    fetchFacets: jest.fn(async () => ({ features: [], certifications: [] })),
    fetchListings: jest.fn(),
    fetchSponsored: jest.fn(async () => []),
    track: jest.fn(),
  };
});
const mocked = api as Mocked<typeof api>;

beforeAll(async () => {
  setTestRuntimeConfig();
  await loadEnglish();
});
beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
});

describe('browse page: price sorting', () => {
  test('sorting by price says that unit prices and prices on request come after the fixed prices', async () => {
    mocked.fetchListings.mockResolvedValue({
      rows: [makeListing({ title: 'Cabin', price: 100_000 }), makeListing({ title: 'Cladding', price: 38, price_unit: 'per_sqm' }), makeListing({ title: 'Studio', price: 0 })],
      total: 3,
    });
    renderWithProviders(<BrowsePage />, { url: '/listings?sort=price_asc', path: '/listings' });
    expect(await screen.findByText('Prices per m², per hour, day or month and prices on request are listed after the fixed prices.')).toBeTruthy();
    expect(await screen.findByText('€38 per m²')).toBeTruthy();
    expect(screen.getByText('Price on request')).toBeTruthy();
  });

  test('no such note for the other orders', async () => {
    mocked.fetchListings.mockResolvedValue({ rows: [makeListing({ title: 'Cabin' })], total: 1 });
    renderWithProviders(<BrowsePage />, { url: '/listings', path: '/listings' });
    await screen.findByRole('link', { name: 'Cabin' });
    expect(screen.queryByText(/listed after the fixed prices/)).toBeNull();
  });
});

describe('browse page: one area unit', () => {
  test('the size filter works in the unit the visitor chose, and the cards show that unit', async () => {
    mocked.fetchListings.mockResolvedValue({ rows: [makeListing({ title: 'Skog 65', size: 27, size_unit: 'sqm' })], total: 1 });
    renderWithProviders(<BrowsePage />, { url: '/listings', path: '/listings' });
    await screen.findByRole('link', { name: 'Skog 65' });
    // jsdom's browser language is en-US: square feet until the visitor chooses.
    expect(screen.getByText('291 sq ft')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.selectOptions(screen.getByLabelText('Area unit'), 'm²');
    expect(await screen.findByText('27 m²')).toBeTruthy();
    expect(screen.getByText('Size (m²)')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Min size'), '25');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/listings?minSize=25&unit=sqm'));
    expect(mocked.fetchListings).toHaveBeenLastCalledWith(expect.objectContaining({ minSize: 25, sizeUnit: 'sqm' }), expect.anything());
  });
});

describe('browse page: sponsored cards', () => {
  test('the results wait for the sponsored cards, so nothing is pushed down after it is shown', async () => {
    mocked.fetchListings.mockResolvedValue({ rows: [makeListing({ title: 'Organic cabin' })], total: 1 });
    let answer: (rows: Awaited<ReturnType<typeof api.fetchSponsored>>) => void = () => undefined;
    mocked.fetchSponsored.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    renderWithProviders(<BrowsePage />, { url: '/listings', path: '/listings' });
    await waitFor(() => expect(mocked.fetchListings).toHaveBeenCalled());
    await waitFor(() => expect(mocked.fetchSponsored).toHaveBeenCalled());
    // The results are in, the sponsored cards are not: the grid is not shown yet.
    expect(await screen.findByText('1 result')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Organic cabin' })).toBeNull();
    answer([]);
    expect(await screen.findByRole('link', { name: 'Organic cabin' })).toBeTruthy();
  });

  test('a failed sponsored read does not hold the results back', async () => {
    mocked.fetchListings.mockResolvedValue({ rows: [makeListing({ title: 'Organic cabin' })], total: 1 });
    mocked.fetchSponsored.mockRejectedValue(new Error('offline'));
    renderWithProviders(<BrowsePage />, { url: '/listings', path: '/listings' });
    expect(await screen.findByRole('link', { name: 'Organic cabin' })).toBeTruthy();
  });
});
