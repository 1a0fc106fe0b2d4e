import { describe, expect, test, beforeAll } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, matchPath } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { theme, LANGUAGE_CODES, type ParcelProps } from '@modula/shared';
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

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Translation keys with plural forms folded: each language has the plural forms its grammar needs. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(PLURAL_SUFFIX, '')];
  return [...new Set(Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key)))];
}

function leaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value !== 'object' || value === null) return [[prefix, String(value)]];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
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

describe('translations', () => {
  const files = Object.fromEntries(
    LANGUAGE_CODES.map((language) => [language, JSON.parse(fs.readFileSync(path.join(__dirname, 'locales', `${language}.json`), 'utf8')) as unknown]),
  );

  test('every language has exactly the English keys', () => {
    const expected = keysOf(en).sort();
    for (const language of LANGUAGE_CODES) expect([language, keysOf(files[language]).sort()]).toEqual([language, expected]);
  });

  test('every language keeps the placeholders of each English string', () => {
    const placeholders = (s: string): string[] => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
    const english = new Map(leaves(en).map(([k, v]) => [k.replace(PLURAL_SUFFIX, ''), placeholders(v)]));
    for (const language of LANGUAGE_CODES) {
      for (const [key, value] of leaves(files[language])) {
        const wanted = english.get(key.replace(PLURAL_SUFFIX, '')) ?? [];
        // A plural form may spell its number out ("one week" instead of "1 week").
        const got = placeholders(value);
        const numeric = PLURAL_SUFFIX.test(key) ? ['{{count}}', '{{formatted}}'] : ['{{count}}'];
        const missing = wanted.filter((p) => !numeric.includes(p) && !got.includes(p));
        expect([language, key, missing]).toEqual([language, key, []]);
      }
    }
  });

  test('the translations are real: most strings differ from English', () => {
    const english = new Map(leaves(en));
    for (const language of LANGUAGE_CODES.filter((l) => l !== 'en')) {
      const pairs = leaves(files[language]);
      const same = pairs.filter(([key, value]) => english.get(key) === value).length;
      expect([language, same / pairs.length < 0.2]).toEqual([language, true]);
    }
  });
});
