import { afterEach, beforeAll, describe, expect, test } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@modula/router/testing';
import { ThemeProvider } from 'styled-components';
import { theme } from '@modula/shared';
import { loadTestTranslations, signInForTest, signOutForTest } from '@modula/shared/testing';
import en from '../../locales/shell/en.json';
import { ProfileMenu } from './profile-menu';

beforeAll(() => loadTestTranslations('shell', en));
afterEach(() => signOutForTest());

async function openMenu(role: 'admin' | null) {
  const state = signInForTest({ role, email: 'ada@example.com', name: 'Ada' });
  render(
    <ThemeProvider theme={theme}>
      <MemoryRouter>
        <ProfileMenu user={state.user!} />
      </MemoryRouter>
    </ThemeProvider>,
  );
  await userEvent.setup().click(screen.getByRole('button', { name: 'Account menu for Ada' }));
}

describe('the profile menu', () => {
  test('administrators find the admin area in it', async () => {
    await openMenu('admin');
    expect(screen.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin/analytics');
  });

  test('nobody else sees that entry', async () => {
    await openMenu(null);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });
});
