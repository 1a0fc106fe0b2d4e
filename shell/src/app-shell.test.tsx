import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from '@modula/router/testing';
import { ThemeProvider } from 'styled-components';
import { theme } from '@modula/shared';
import { loadTestTranslations } from '@modula/shared/testing';
import en from './locales/shell/en.json';
import { Header } from './layout/header/header';

// The page as the server sends it: the app shell of index.html is what shows before any JavaScript runs.
const html = fs.readFileSync(path.join(__dirname, '../public/index.html'), 'utf8');
const css = html.slice(html.indexOf('<style>'), html.indexOf('</style>'));
const body = html.slice(html.indexOf('<body>') + '<body>'.length, html.indexOf('</body>'));

/** The declarations of one rule of the inline style sheet. */
function rule(selector: string): string {
  const found = css.match(new RegExp(`(?:^|\\s)${selector.replace('.', '\\.')} \\{([^}]*)\\}`));
  if (!found) throw new Error(`No rule for ${selector} in index.html`);
  return found[1]!;
}

beforeAll(() => {
  loadTestTranslations('shell', en);
  Object.assign(globalThis, {
    ResizeObserver: class {
      observe(): void {}
      disconnect(): void {}
    },
  });
});

describe('the app shell in index.html', () => {
  test('has the header bar of the React header: height, spacing and colours from the theme', () => {
    expect(rule('body')).toContain(`background: ${theme.colors.background}`);
    expect(rule('body')).toContain(`color: ${theme.colors.text}`);
    expect(rule('.shell-bar')).toContain(`border-block-end: 1px solid ${theme.colors.border}`);
    expect(rule('.shell-row')).toContain(`min-block-size: ${theme.layout.headerHeight}`);
    expect(rule('.shell-row')).toContain(`padding-inline: ${theme.space(4)}`);
    expect(rule('.shell-row')).toContain(`gap: ${theme.space(3)}`);
    expect(rule('.shell-toggle')).toContain(`border-radius: ${theme.radii.md}`);
  });

  test('holds no words but the brand, so it is right in every language, and is hidden from assistive technology', () => {
    document.body.innerHTML = body;
    const bar = document.querySelector('.shell-bar');
    expect(bar?.textContent?.trim()).toBe('Modula');
    expect(bar?.getAttribute('aria-hidden')).toBe('true');
    expect(bar?.querySelector('a, button, input, [tabindex]')).toBeNull();
  });

  test("is replaced by React's first render of the header", async () => {
    document.body.innerHTML = body;
    const root = createRoot(document.getElementById('root')!);
    await act(async () => {
      root.render(
        <ThemeProvider theme={theme}>
          <MemoryRouter>
            <Header />
          </MemoryRouter>
        </ThemeProvider>,
      );
    });
    expect(document.querySelector('.shell-bar')).toBeNull();
    expect(document.querySelector('.boot')).toBeNull();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('link', { name: en.brand.home })).toBeTruthy();
    act(() => root.unmount());
  });
});
