import { describe, expect, test, beforeAll, afterEach, jest } from '@jest/globals';
import { render, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@modula/router';
import { MemoryRouter } from '@modula/router/testing';
import { ThemeProvider } from 'styled-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { theme } from '@modula/shared';
import { createTestQueryClient, loadTestTranslations } from '@modula/shared/testing';
import en from '../locales/en.json';
import { NAMESPACE } from '../i18n';
import type { AdminListing, AdminUser } from '../services/api';

jest.mock('../services/api', () => {
  const actual = jest.requireActual<typeof import('../services/api')>('../services/api');
  return {
    ...actual,
    searchListings: jest.fn(),
    setListingPublished: jest.fn(),
    searchUsers: jest.fn(),
    setUserSuspended: jest.fn(),
    setAdmin: jest.fn(),
    toast: jest.fn(),
  };
});

const api = jest.requireMock<Record<string, jest.Mock<(...args: unknown[]) => Promise<unknown>>>>('../services/api');
const { AdminCallError } = jest.requireActual<typeof import('../services/api')>('../services/api');
const { ListingsPage } = jest.requireActual<typeof import('./listings-page')>('./listings-page');
const { UsersPage } = jest.requireActual<typeof import('./users-page')>('./users-page');

jest.setTimeout(20_000);

const listing: AdminListing = {
  id: 'l1', title: 'Alpine A-frame', listing_type: 'property', status: 'published', vendor_id: 'c1', vendor_name: 'Alpha Modular',
  published_at: '2026-11-01T10:00:00Z', moderation_reason: null, moderated_at: null, suspension_hold: false, total: 1,
};
const adminUser: AdminUser = {
  id: 'u1', email: 'ada@example.com', name: 'Ada Admin', user_type: 'customer', role: 'admin', company_id: null, company_name: null,
  plan: 'free', suspended_at: null, created_at: '2026-01-01T00:00:00Z', last_sign_in_at: null, total: 1,
};

function renderAt(url: string, path: string, page: React.ReactElement) {
  return render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter initialEntries={[url]}>
          <Routes><Route path={path} element={page} /></Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

beforeAll(async () => {
  // jsdom has no showModal()/close() on <dialog>: open and close it as a browser would.
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      this.removeAttribute('open');
    },
  });
  await loadTestTranslations(NAMESPACE, en);
});
afterEach(() => {
  jest.clearAllMocks();
});

describe('moderation pages', () => {
  test('a listing is unpublished only with a reason, then the list is reloaded', async () => {
    const user = userEvent.setup();
    let current = listing;
    api.searchListings!.mockImplementation(async () => [current]);
    api.setListingPublished!.mockImplementation(async () => {
      current = { ...listing, status: 'archived', moderation_reason: 'Photos show another house' };
      return 'archived';
    });
    renderAt('/admin/listings?q=alpine', '/admin/listings', <ListingsPage />);
    const row = (await screen.findByText('Alpine A-frame')).closest('tr')!;
    expect(api.searchListings).toHaveBeenCalledWith('alpine', null, 0);
    await user.click(within(row).getByRole('button', { name: 'Unpublish “Alpine A-frame”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unpublish “Alpine A-frame”' });
    await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    expect(await within(dialog).findByText('Please give a reason (at least 3 characters).')).toBeTruthy();
    expect(api.setListingPublished).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Reason'), 'Photos show another house');
    await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(api.setListingPublished).toHaveBeenCalledWith('l1', false, 'Photos show another house'));
    expect(await screen.findByText('Photos show another house')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Republish “Alpine A-frame”' })).toBeTruthy();
  });

  test('the database\'s refusal is shown in the admin\'s words, and the reason typed is kept', async () => {
    const user = userEvent.setup();
    api.searchUsers!.mockResolvedValue([adminUser]);
    api.setAdmin!.mockRejectedValue(new AdminCallError('The last administrator cannot be demoted', '22023'));
    renderAt('/admin/users', '/admin/users', <UsersPage />);
    await user.click(await screen.findByRole('button', { name: 'Remove admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the admin role from ada@example.com' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Leaving the team');
    await user.click(within(dialog).getByRole('button', { name: 'Remove admin' }));
    expect((await within(dialog).findByRole('alert', { hidden: true })).textContent).toBe('The last administrator cannot be demoted.');
    expect((within(dialog).getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('Leaving the team');
    expect(api.setAdmin).toHaveBeenCalledWith('u1', false, 'Leaving the team');
  });
});
