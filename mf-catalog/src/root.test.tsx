import { describe, expect, test, beforeAll } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { matchPath } from '@modula/router';
import { MemoryRouter } from '@modula/router/testing';
import { ThemeProvider } from 'styled-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { theme, type ParcelProps } from '@modula/shared';
import { createTestQueryClient, loadTestTranslations, setTestRuntimeConfig } from '@modula/shared/testing';
import type { Mocked } from 'jest-mock';
import remote from '../remote.json';
import * as api from './services/api';
import { homeQueries, lookupQueries } from './services/queries';
import en from './locales/en.json';
import { preload, routes } from './routes';
import { CatalogRoot } from './root';
import { NAMESPACE } from './i18n';

jest.mock('./services/api', () => {
  const actual = jest.requireActual<typeof import('./services/api')>('./services/api');
  const never = () => new Promise<never>(() => undefined);
  return {
    ...actual,
    fetchFeatured: jest.fn(never),
    fetchShowcase: jest.fn(never),
    fetchStats: jest.fn(never),
    fetchPosts: jest.fn(never),
    fetchPartners: jest.fn(never),
    fetchCategories: jest.fn(never),
    fetchCountries: jest.fn(never),
  };
});
const mocked = api as Mocked<typeof api>;

const props: ParcelProps = { remote: 'mf_catalog', navigate: () => undefined, reportError: () => undefined };

function renderAt(url: string) {
  return render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter initialEntries={[url]}>
          <CatalogRoot {...props} />
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

beforeAll(async () => {
  setTestRuntimeConfig();
  await loadTestTranslations(NAMESPACE, en);
});

describe('mf-catalog routes', () => {
  test('every registry path has a page and every page is reachable through the registry', () => {
    for (const entry of remote.routes) expect(routes.some((r) => r.path === entry.path)).toBe(true);
    for (const route of routes) {
      const concrete = route.path.replace(/\*$/, 'x').replace(/:(\w+)/g, '1');
      expect(remote.routes.some((entry) => matchPath(entry.path, concrete))).toBe(true);
    }
  });

  test("preload starts a page's first data in the page's query cache while its code loads", () => {
    const home = createTestQueryClient();
    preload('/', home);
    expect(mocked.fetchFeatured).toHaveBeenCalledWith(4);
    expect(mocked.fetchShowcase.mock.calls.map(([types]) => types)).toEqual([['commercial'], ['upgrade'], ['service']]);
    expect(mocked.fetchStats).toHaveBeenCalled();
    expect(mocked.fetchPosts).toHaveBeenCalledWith('en', 4);
    expect(home.getQueryState(homeQueries.featured().queryKey)?.fetchStatus).toBe('fetching');
    expect(home.getQueryState(homeQueries.partners().queryKey)?.fetchStatus).toBe('fetching');

    const browse = createTestQueryClient();
    preload('/commercial-units', browse);
    expect(browse.getQueryState(lookupQueries.lookups().queryKey)?.fetchStatus).toBe('fetching');
    // A page without first data (or an unknown path) loads nothing.
    const none = createTestQueryClient();
    preload('/blog', none);
    preload('/nowhere', none);
    expect(none.getQueryCache().getAll()).toHaveLength(0);
  });

  test('/ lazily loads the home page with the spec hero', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find the Perfect Home' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Revolutionizing sustainable living one home at a time')).toBeTruthy();
  });
});
