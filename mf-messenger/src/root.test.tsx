import { describe, expect, test, beforeAll } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { matchPath } from 'react-router-dom';
import { LANGUAGE_CODES } from '@modula/shared';
import { setTestRuntimeConfig } from '@modula/shared/testing';
import remote from '../remote.json';
import en from './locales/en.json';
import uiEn from './ui-locales/en.json';
import { routes } from './routes';
import { loadEnglish } from './testing/render';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

beforeAll(async () => {
  setTestRuntimeConfig();
  await loadEnglish();
});

describe('mf-messenger routes and strings', () => {
  test('every registry path has a page and every page is reachable through the registry', () => {
    for (const entry of remote.routes) expect(routes.some((r) => r.path === entry.path)).toBe(true);
    for (const route of routes) {
      const concrete = route.path.replace(/\*$/, 'x').replace(/:(\w+)/g, '1');
      expect(remote.routes.some((entry) => matchPath(entry.path, concrete))).toBe(true);
    }
  });

  test('every language has exactly the English keys, in both namespaces, and no English left untranslated', () => {
    for (const [folder, english] of [['locales', en], ['ui-locales', uiEn]] as const) {
      const expected = keysOf(english).sort();
      for (const language of LANGUAGE_CODES) {
        const file = JSON.parse(fs.readFileSync(path.join(__dirname, folder, `${language}.json`), 'utf8')) as unknown;
        expect(keysOf(file).sort()).toEqual(expected);
        if (language === 'en') continue;
        // A translation may keep an English word (a brand, "Modula"), but not a whole English file.
        const same = keysOf(english).filter((key) => {
          const get = (o: unknown) => key.split('.').reduce((v: unknown, k) => (v as Record<string, unknown>)?.[k], o);
          return get(file) === get(english) && /[a-z]{4,}/i.test(String(get(english)));
        });
        expect({ language, folder, same: same.length > expected.length / 10 ? same : [] }).toEqual({ language, folder, same: [] });
      }
    }
  });

  test('the launcher namespace stays tiny: it is downloaded on every page', () => {
    expect(keysOf(en).length).toBeLessThanOrEqual(5);
  });
});
