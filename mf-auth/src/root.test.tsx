import { describe, expect, test, beforeAll } from '@jest/globals';
import { configure, render, screen } from '@testing-library/react';
import { matchPath } from '@modula/router';
import { MemoryRouter } from '@modula/router/testing';
import { ThemeProvider } from 'styled-components';
import { theme, type ParcelProps } from '@modula/shared';
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
});
