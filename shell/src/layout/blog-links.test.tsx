import { beforeAll, describe, expect, test } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@modula/router/testing';
import { ThemeProvider } from 'styled-components';
import { theme } from '@modula/shared';
import { loadTestTranslations } from '@modula/shared/testing';
import en from '../locales/shell/en.json';
import { Footer } from './footer';
import { Header } from './header/header';

beforeAll(() => {
  loadTestTranslations('shell', en);
  Object.assign(globalThis, {
    ResizeObserver: class {
      observe(): void {}
      disconnect(): void {}
    },
  });
});

function renderAt(ui: React.ReactElement) {
  return render(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={['/about']}>{ui}</MemoryRouter>
    </ThemeProvider>,
  );
}

describe('the blog is reachable from every page', () => {
  test('the footer links it', () => {
    renderAt(<Footer />);
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Blog' }).getAttribute('href')).toBe('/blog');
  });

  test('the phone menu links it', async () => {
    renderAt(<Header />);
    await userEvent.click(screen.getByRole('button', { name: en.menu.open }));
    const menu = document.getElementById('mobile-menu')!;
    expect(within(menu).getByRole('link', { name: 'Blog' }).getAttribute('href')).toBe('/blog');
  });
});
