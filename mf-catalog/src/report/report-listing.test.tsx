import { beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Mocked } from 'jest-mock';
import { currentToast, resetToasts, signInForTest, signOutForTest } from '@modula/shared/testing';
import { loadEnglish, renderWithProviders } from '../testing/render';
import * as reports from './report-api';
import { ReportListing } from './report-listing';
import { CatalogError } from '../services/client';

jest.mock('./report-api', () => {
  const actual = jest.requireActual<typeof import('./report-api')>('./report-api');
  return { ...actual, reportListing: jest.fn(async () => undefined) };
});
const mocked = reports as Mocked<typeof reports>;
const listing = { id: '11111111-1111-4111-8111-111111111111', title: 'Alpine A-frame' };

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
  await loadEnglish();
});
beforeEach(() => {
  jest.clearAllMocks();
  resetToasts();
});

describe('Report this listing', () => {
  test('a guest is asked to log in and comes back to the listing', () => {
    signOutForTest();
    renderWithProviders(<ReportListing listing={listing} path="/listings/abc" />);
    const link = screen.getByRole('link', { name: 'Log in to report this listing' });
    expect(link.getAttribute('href')).toBe('/login?next=%2Flistings%2Fabc');
  });

  test('a signed-in user reports with a reason; the form says what is missing first', async () => {
    const user = userEvent.setup();
    signInForTest({ userType: 'customer' });
    renderWithProviders(<ReportListing listing={listing} path="/listings/abc" />);
    await user.click(screen.getByRole('button', { name: 'Report this listing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report “Alpine A-frame”' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Choose a reason.')).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'other');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Please describe the problem (at least 10 characters).')).toBeTruthy();
    expect(mocked.reportListing).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('What is wrong? (optional)'), 'The photos show another house');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(mocked.reportListing).toHaveBeenCalledWith(listing.id, { reason: 'other', details: 'The photos show another house' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Thank you. The Modula team will look at your report.'));
  });

  test('a second report while the first is open is explained, and what was typed is kept', async () => {
    const user = userEvent.setup();
    signInForTest({ userType: 'vendor' });
    mocked.reportListing.mockRejectedValueOnce(new CatalogError('You have already reported this', '23505'));
    renderWithProviders(<ReportListing listing={listing} path="/listings/abc" />);
    await user.click(screen.getByRole('button', { name: 'Report this listing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report “Alpine A-frame”' });
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'fraud');
    await user.type(within(dialog).getByLabelText('What is wrong? (optional)'), 'Asks for a deposit by wire');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await within(dialog).findByRole('alert', { hidden: true })).textContent).toBe('You have already reported this listing; the Modula team is looking into it.');
    expect((within(dialog).getByLabelText('What is wrong? (optional)') as HTMLTextAreaElement).value).toBe('Asks for a deposit by wire');
  });
});
