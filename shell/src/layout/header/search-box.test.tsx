import { beforeAll, describe, expect, jest, test } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { theme } from '@modula/shared';
import { loadTestTranslations } from '@modula/shared/testing';
import en from '../../locales/shell/en.json';
import { SearchBox } from './search-box';

beforeAll(() => loadTestTranslations('shell', en));

function setup() {
  const onSearch = jest.fn<(path: string) => void>();
  render(
    <ThemeProvider theme={theme}>
      <SearchBox id="search" onSearch={onSearch} />
    </ThemeProvider>,
  );
  const box = screen.getByRole('searchbox', { name: 'Search' });
  return { onSearch, box, user: userEvent.setup() };
}

describe('header search box', () => {
  test('shows the spec placeholder', () => {
    const { box } = setup();
    expect(box.getAttribute('placeholder')).toBe('Search homes, upgrades, services...');
  });

  test('Enter goes to /search?q= with the trimmed text and clears the box', async () => {
    const { onSearch, box, user } = setup();
    await user.type(box, '  tiny home & solar {Enter}');
    expect(onSearch).toHaveBeenCalledWith('/search?q=tiny+home+%26+solar');
    expect((box as HTMLInputElement).value).toBe('');
  });

  test('the button submits too', async () => {
    const { onSearch, box, user } = setup();
    await user.type(box, 'A-frame');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith('/search?q=A-frame');
  });

  test('blank text is ignored and kept as typed', async () => {
    const { onSearch, box, user } = setup();
    await user.type(box, '   {Enter}');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).not.toHaveBeenCalled();
    expect((box as HTMLInputElement).value).toBe('   ');
  });
});
