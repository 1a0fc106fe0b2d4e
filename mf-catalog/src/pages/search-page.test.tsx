import { beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Mocked } from 'jest-mock';
import { setTestRuntimeConfig } from '@modula/shared/testing';
import * as api from '../services/api';
import { PAGE_SIZE } from '../lib/filters';
import { loadEnglish, makeListing, renderWithProviders } from '../testing/render';
import type { SearchHit } from '../services/types';
import SearchPage from './search-page';

jest.mock('../services/api', () => {
  const actual = jest.requireActual<typeof import('../services/api')>('../services/api');
  return { ...actual, searchListings: jest.fn(), track: jest.fn() };
});
const mocked = api as Mocked<typeof api>;

function hit(title: string): SearchHit {
  return { ...makeListing({ title }), rank: 1, title_highlight: title, snippet: '' };
}

beforeAll(async () => {
  setTestRuntimeConfig();
  await loadEnglish();
});
beforeEach(() => {
  jest.clearAllMocks();
});

describe('search page (server state)', () => {
  test('blank text is never searched: no request', async () => {
    renderWithProviders(<SearchPage />, { url: '/search?q=%20%20', path: '/search' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(mocked.searchListings).not.toHaveBeenCalled();
  });

  test('the next page keeps the current results on screen, dimmed, until it arrives', async () => {
    let answerPage2: (page: { hits: SearchHit[]; total: number }) => void = () => undefined;
    mocked.searchListings.mockImplementation(async (_text, _types, page) =>
      page === 1 ? { hits: [hit('Larch Cabin')], total: PAGE_SIZE + 1 } : new Promise((resolve) => (answerPage2 = resolve)),
    );
    renderWithProviders(<SearchPage />, { url: '/search?q=cabin', path: '/search' });
    expect(await screen.findByText('Larch Cabin')).toBeTruthy();
    expect(mocked.track).toHaveBeenCalledWith('search', { search_term: 'cabin', results: PAGE_SIZE + 1, type: 'all' });

    await userEvent.click(screen.getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(mocked.searchListings).toHaveBeenCalledWith('cabin', null, 2));
    // Page 1's results stay (dimmed) instead of a skeleton while page 2 loads.
    const grid = screen.getByText('Larch Cabin').closest('ul') as HTMLElement;
    expect(grid.style.opacity).toBe('0.6');
    expect(mocked.track).toHaveBeenCalledTimes(1);

    answerPage2({ hits: [hit('Spruce Studio')], total: PAGE_SIZE + 1 });
    expect(await screen.findByText('Spruce Studio')).toBeTruthy();
    expect(screen.queryByText('Larch Cabin')).toBeNull();
    expect((screen.getByText('Spruce Studio').closest('ul') as HTMLElement).style.opacity).toBe('1');
    expect(mocked.track).toHaveBeenCalledTimes(2);
  });

  test('a failed search offers Try again, which asks again', async () => {
    mocked.searchListings.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ hits: [hit('Larch Cabin')], total: 1 });
    renderWithProviders(<SearchPage />, { url: '/search?q=cabin', path: '/search' });
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Larch Cabin')).toBeTruthy();
    expect(mocked.searchListings).toHaveBeenCalledTimes(2);
  });
});
