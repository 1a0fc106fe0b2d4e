import { describe, expect, test, beforeAll } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { configure, render, screen } from '@testing-library/react';
import { MemoryRouter, matchPath } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { theme, LANGUAGE_CODES, type ParcelProps } from '@modula/shared';
import { loadTestTranslations } from '@modula/shared/testing';
import remote from '../remote.json';
import en from './locales/en.json';
import { routes } from './routes';
import { AuthRoot } from './root';
import { NAMESPACE } from './i18n';

const props: ParcelProps = { remote: 'mf_auth', navigate: () => undefined, reportError: () => undefined };

function renderAt(url: string) {
  return render(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[url]}>
        <AuthRoot {...props} />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const isPlural = (key: string) => PLURAL.test(key);
const withoutPlural = (key: string) => key.replace(PLURAL, '');

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.assign({}, ...Object.entries(value as object).map(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k)));
}

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

// Lazy pages on a shared, busy machine: allow more than the default second.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => loadTestTranslations(NAMESPACE, en));

describe('mf-auth routes', () => {
  test('every registry path has a page and every page is reachable through the registry', () => {
    for (const entry of remote.routes) expect(routes.some((r) => r.path === entry.path)).toBe(true);
    for (const route of routes) {
      const concrete = route.path.replace(/\*$/, 'x').replace(/:(\w+)/g, '1');
      expect(remote.routes.some((entry) => matchPath(entry.path, concrete))).toBe(true);
    }
  });

  test.each(routes.map((route) => route.path).filter((p) => !['/profile', '/customer-dashboard/settings'].includes(p)))(
    '%s renders its page with a level-1 heading',
    async (url) => {
      renderAt(url);
      expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    },
  );

  test('every language has exactly the English keys (plural forms per language)', () => {
    const expected = [...new Set(keysOf(en).map(withoutPlural))].sort();
    for (const language of LANGUAGE_CODES) {
      const file = path.join(__dirname, 'locales', `${language}.json`);
      const keys = keysOf(JSON.parse(fs.readFileSync(file, 'utf8')));
      expect([...new Set(keys.map(withoutPlural))].sort()).toEqual(expected);
      // Each plural key has exactly the forms the language's plural rules use.
      const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const base of new Set(keys.filter(isPlural).map(withoutPlural))) {
        const present = keys.filter((k) => isPlural(k) && withoutPlural(k) === base).map((k) => k.slice(base.length + 1));
        expect([language, base, present.sort()]).toEqual([language, base, [...forms].sort()]);
      }
    }
  });

  test('the strings of every language interpolate the same values as English', () => {
    const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();
    const english = flatten(en);
    for (const language of LANGUAGE_CODES) {
      const strings = flatten(JSON.parse(fs.readFileSync(path.join(__dirname, 'locales', `${language}.json`), 'utf8')));
      for (const [key, text] of Object.entries(strings)) {
        const reference = placeholders(english[key] ?? english[`${withoutPlural(key)}_other`]!);
        // A plural form may spell its number out ("دقيقتين"), so it may leave {{count}} out.
        const expected = isPlural(key) ? reference.filter((p) => p !== 'count' || placeholders(text).includes('count')) : reference;
        expect([language, key, placeholders(text)]).toEqual([language, key, expected]);
      }
    }
  });
});
