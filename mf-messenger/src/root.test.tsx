import { describe, expect, test } from '@jest/globals';
import { matchPath } from '@modula/router';
import remote from '../remote.json';
import en from './locales/en.json';
import { routes } from './routes';

describe('mf-messenger routes', () => {
  test('every registry path has a page and every page is reachable through the registry', () => {
    for (const entry of remote.routes) expect(routes.some((r) => r.path === entry.path)).toBe(true);
    for (const route of routes) {
      const concrete = route.path.replace(/\*$/, 'x').replace(/:(\w+)/g, '1');
      expect(remote.routes.some((entry) => matchPath(entry.path, concrete))).toBe(true);
    }
  });

  test('the launcher namespace stays tiny: it is downloaded with the widget on every page', () => {
    expect(Object.keys(en).length).toBeLessThanOrEqual(5);
  });
});
