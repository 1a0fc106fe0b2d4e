import { describe, expect, test, beforeAll } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, matchPath } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { theme, type ParcelProps } from '@modula/shared';
import { loadTestTranslations, setTestRuntimeConfig } from '@modula/shared/testing';
import remote from '../remote.json';
import en from './locales/en.json';
import { routes } from './routes';
import { CatalogRoot } from './root';
import { NAMESPACE } from './i18n';

jest.mock('./services/api', () => {
  const actual = jest.requireActual<typeof import('./services/api')>('./services/api');
  const never = () => new Promise<never>(() => undefined);
  return { ...actual, fetchFeatured: never, fetchShowcase: never, fetchStats: never, fetchPosts: never, fetchPartners: never };
});

const props: ParcelProps = { remote: 'mf_catalog', navigate: () => undefined, reportError: () => undefined };

function renderAt(url: string) {
  return render(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[url]}>
        <CatalogRoot {...props} />
      </MemoryRouter>
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

  test('/ lazily loads the home page with the spec hero', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find the Perfect Home' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Revolutionizing sustainable living one home at a time')).toBeTruthy();
  });
});
