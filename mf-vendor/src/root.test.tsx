import { describe, expect, test, beforeAll } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, matchPath } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { theme, type ParcelProps } from '@modula/shared';
import { createTestQueryClient, loadTestTranslations } from '@modula/shared/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import remote from '../remote.json';
import en from './locales/en.json';
import { routes } from './routes';
import { VendorRoot } from './root';
import { NAMESPACE } from './i18n';

const props: ParcelProps = { remote: 'mf_vendor', navigate: () => undefined, reportError: () => undefined };

function renderAt(url: string) {
  return render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter initialEntries={[url]}>
          <VendorRoot {...props} />
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

beforeAll(() => loadTestTranslations(NAMESPACE, en));

describe('mf-vendor routes', () => {
  test('every registry path has a page and every page is reachable through the registry', () => {
    for (const entry of remote.routes) expect(routes.some((r) => r.path === entry.path)).toBe(true);
    for (const route of routes) {
      const concrete = route.path.replace(/\*$/, 'x').replace(/:(\w+)/g, '1');
      expect(remote.routes.some((entry) => matchPath(entry.path, concrete))).toBe(true);
    }
  });

  test('/pricing shows an honest notice until the page is built', async () => {
    renderAt('/pricing');
    expect(await screen.findByRole('heading', { name: 'Pricing' })).toBeTruthy();
    expect(screen.getByText(/not built yet/)).toBeTruthy();
  });
});
