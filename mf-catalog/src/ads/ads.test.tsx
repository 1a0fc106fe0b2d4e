import { afterEach, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setTestRuntimeConfig, signInForTest, signOutForTest } from '@modula/shared/testing';
import { loadEnglish, makeListing, renderWithProviders } from '../testing/render';

import type { Mocked } from 'jest-mock';
import * as client from '../services/client';
import { SponsoredCard, VISIBLE_MS, withinThird } from './sponsored-card';
import { CLAIM_KEY, flushImpressions, resetAdTracking } from './tracking';
import { useClaimAdClicks } from './claim';

jest.mock('../services/client', () => {
  const actual = jest.requireActual<typeof import('../services/client')>('../services/client');
  return { ...actual, db: jest.fn() };
});
const mockRpc = jest.fn<(fn: string, args: Record<string, unknown>) => Promise<{ data: unknown; error: null }>>();

type ObserverCallback = (entries: { intersectionRatio: number }[]) => void;
let observe: ObserverCallback | null = null;

beforeAll(async () => {
  setTestRuntimeConfig();
  await loadEnglish();
});
beforeEach(() => {
  signOutForTest();
  mockRpc.mockReset();
  (client as Mocked<typeof client>).db.mockReturnValue({ rpc: mockRpc } as unknown as ReturnType<typeof client.db>);
  mockRpc.mockResolvedValue({ data: 'charged', error: null });
  resetAdTracking();
  observe = null;
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
    constructor(callback: ObserverCallback) {
      observe = callback;
    }
    observe() {}
    disconnect() {}
  };
});
afterEach(() => {
  jest.useRealTimers();
});

describe('sponsored slots', () => {
  const list = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}` }));

  test('never take more than a third of a results page', () => {
    expect(withinThird(list(3, 's'), list(12, 'r'))).toHaveLength(3);
    expect(withinThird(list(3, 's'), list(4, 'r'))).toHaveLength(2);
    expect(withinThird(list(3, 's'), list(1, 'r'))).toHaveLength(0);
    // A sponsored listing that is also a result is not repeated, so it leaves one result fewer.
    expect(withinThird([{ id: 'r0' }, { id: 's1' }], list(4, 'r'))).toEqual([{ id: 'r0' }]);
  });

  test('show the card marked Sponsored and send a click through the server call', async () => {
    const listing = makeListing({ sponsored: true, sponsored_until: new Date(Date.now() + 86_400_000).toISOString() });
    renderWithProviders(<SponsoredCard listing={listing} />);
    expect(screen.getByText('Sponsored')).toBeTruthy();
    await userEvent.click(screen.getAllByRole('link')[0]!);
    expect(mockRpc).toHaveBeenCalledWith('record_ad_click', { listing_id: listing.id, visitor_id: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) });
  });

  test('count an impression once a card is half visible for a second, in one batched request', async () => {
    jest.useFakeTimers();
    const listing = makeListing({ sponsored: true });
    renderWithProviders(<SponsoredCard listing={listing} />);
    act(() => observe?.([{ intersectionRatio: 0.4 }]));
    act(() => jest.advanceTimersByTime(VISIBLE_MS * 2));
    await flushImpressions();
    expect(mockRpc).not.toHaveBeenCalled();
    act(() => observe?.([{ intersectionRatio: 0.6 }]));
    act(() => jest.advanceTimersByTime(VISIBLE_MS - 10));
    act(() => observe?.([{ intersectionRatio: 0.2 }]));
    act(() => jest.advanceTimersByTime(VISIBLE_MS));
    await flushImpressions();
    expect(mockRpc).not.toHaveBeenCalled();
    act(() => observe?.([{ intersectionRatio: 0.75 }]));
    act(() => jest.advanceTimersByTime(VISIBLE_MS));
    await flushImpressions();
    expect(mockRpc).toHaveBeenCalledTimes(1);
    expect(mockRpc).toHaveBeenCalledWith('record_ad_impressions', { listing_ids: [listing.id], visitor_id: expect.any(String) });
  });

  test('a guest\'s clicks are claimed for the account once the visitor signs in (for lead attribution)', async () => {
    window.localStorage.removeItem(CLAIM_KEY);
    const listing = makeListing({ sponsored: true });
    const view = renderWithProviders(<SponsoredCard listing={listing} />);
    await userEvent.click(screen.getAllByRole('link')[0]!);
    expect(window.localStorage.getItem(CLAIM_KEY)).not.toBeNull();
    view.unmount();
    function Claimer() {
      useClaimAdClicks();
      return null;
    }
    signInForTest();
    renderWithProviders(<Claimer />);
    await waitFor(() => expect(mockRpc).toHaveBeenCalledWith('claim_ad_clicks', { visitor_id: expect.any(String) }));
    await waitFor(() => expect(window.localStorage.getItem(CLAIM_KEY)).toBeNull());
  });
});
