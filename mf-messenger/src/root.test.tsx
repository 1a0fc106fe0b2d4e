import { describe, expect, test, beforeAll } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, matchPath } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { dispatch, theme, type ParcelProps } from '@modula/shared';
import { loadTestTranslations } from '@modula/shared/testing';
import remote from '../remote.json';
import en from './locales/en.json';
import { routes } from './routes';
import { MessengerRoot } from './root';
import { NAMESPACE } from './i18n';

const props: ParcelProps = { remote: 'mf_messenger', navigate: () => undefined, reportError: () => undefined };

function renderAt(url: string) {
  return render(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[url]}>
        <MessengerRoot {...props} />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

beforeAll(() => loadTestTranslations(NAMESPACE, en));

describe('mf-messenger routes', () => {
  test('every registry path has a page and every page is reachable through the registry', () => {
    for (const entry of remote.routes) expect(routes.some((r) => r.path === entry.path)).toBe(true);
    for (const route of routes) {
      const concrete = route.path.replace(/\*$/, 'x').replace(/:(\w+)/g, '1');
      expect(remote.routes.some((entry) => matchPath(entry.path, concrete))).toBe(true);
    }
  });

  test('/customer-dashboard/messages shows an honest notice until the page is built', async () => {
    renderAt('/customer-dashboard/messages');
    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeTruthy();
    expect(screen.getByText(/not built yet/)).toBeTruthy();
  });
});

describe('messenger widget slot', () => {
  test('opens from its button and from the modula:open-messenger event', async () => {
    render(
      <ThemeProvider theme={theme}>
        <MemoryRouter>
          <MessengerRoot {...props} slot="messenger-widget" />
        </MemoryRouter>
      </ThemeProvider>,
    );
    const toggle = await screen.findByRole('button', { name: 'Open messenger' });
    fireEvent.click(toggle);
    expect(screen.getByRole('heading', { name: 'Messages' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close messenger' }));
    expect(screen.queryByRole('heading', { name: 'Messages' })).toBeNull();
    act(() => dispatch('modula:open-messenger', { vendorId: 'v1' }));
    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeTruthy();
  });
});
