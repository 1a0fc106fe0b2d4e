import { describe, expect, test, beforeAll } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, matchPath } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { theme, LANGUAGE_CODES, type ParcelProps } from '@modula/shared';
import { loadTestTranslations } from '@modula/shared/testing';
import remote from '../remote.json';
import en from './locales/en.json';
import { routes } from './routes';
import { CatalogRoot } from './root';
import { NAMESPACE } from './i18n';

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

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

beforeAll(() => loadTestTranslations(NAMESPACE, en));

describe('mf-catalog routes', () => {
  test('every registry path has a page and every page is reachable through the registry', () => {
    for (const entry of remote.routes) expect(routes.some((r) => r.path === entry.path)).toBe(true);
    for (const route of routes) {
      const concrete = route.path.replace(/\*$/, 'x').replace(/:(\w+)/g, '1');
      expect(remote.routes.some((entry) => matchPath(entry.path, concrete))).toBe(true);
    }
  });

  test('/ shows an honest notice until the page is built', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(screen.getByText(/not built yet/)).toBeTruthy();
  });

  test('every language has exactly the English keys', () => {
    const expected = keysOf(en).sort();
    for (const language of LANGUAGE_CODES) {
      const file = path.join(__dirname, 'locales', `${language}.json`);
      expect(keysOf(JSON.parse(fs.readFileSync(file, 'utf8'))).sort()).toEqual(expected);
    }
  });
});
