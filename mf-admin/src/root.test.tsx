import { describe, expect, test, beforeAll } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { matchPath } from '@modula/router';
import { MemoryRouter } from '@modula/router/testing';
import { ThemeProvider } from 'styled-components';
import { theme, type ParcelProps } from '@modula/shared';
import { loadTestTranslations, signInForTest } from '@modula/shared/testing';
import remote from '../remote.json';
import en from './locales/en.json';
import { routes } from './routes';
import { AdminRoot } from './root';
import { NAMESPACE } from './i18n';

const props: ParcelProps = { remote: 'mf_admin', navigate: () => undefined, reportError: () => undefined };

function renderAt(url: string) {
  return render(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[url]}>
        <AdminRoot {...props} />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

beforeAll(() => loadTestTranslations(NAMESPACE, en));

describe('mf-admin routes', () => {
  test('every registry path has a page and every page is reachable through the registry', () => {
    for (const entry of remote.routes) expect(routes.some((r) => r.path === entry.path)).toBe(true);
    for (const route of routes) {
      const concrete = route.path.replace(/\*$/, 'x').replace(/:(\w+)/g, '1');
      expect(remote.routes.some((entry) => matchPath(entry.path, concrete))).toBe(true);
    }
  });

  test('an unknown admin page says so', async () => {
    signInForTest({ role: 'admin' });
    renderAt('/admin/moderation');
    expect(await screen.findByRole('heading', { name: 'This admin page does not exist.' })).toBeTruthy();
  });
});
