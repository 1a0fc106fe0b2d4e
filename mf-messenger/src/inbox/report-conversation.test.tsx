import { beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Mocked } from 'jest-mock';
import { currentToast, resetToasts, setTestRuntimeConfig } from '@modula/shared/testing';
import { loadEnglish, renderWithProviders, resetQueryCache } from '../testing/render';
import { MessengerError } from '../services/messenger';
import * as reports from './report-api';
import { ReportConversation } from './report-conversation';

jest.mock('./report-api', () => {
  const actual = jest.requireActual<typeof import('./report-api')>('./report-api');
  return { ...actual, reportConversation: jest.fn(async () => undefined) };
});
const mocked = reports as Mocked<typeof reports>;

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
  setTestRuntimeConfig();
  await loadEnglish();
});
beforeEach(() => {
  jest.clearAllMocks();
  resetQueryCache();
  resetToasts();
});

describe('reporting a conversation (issue 17)', () => {
  test('reports the conversation with a reason and thanks the reporter', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ReportConversation conversationId="c1" name="Vera Vendor" />);
    await user.click(screen.getByRole('button', { name: 'Report the conversation with Vera Vendor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report the conversation with Vera Vendor' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Choose a reason.')).toBeTruthy();
    expect(mocked.reportConversation).not.toHaveBeenCalled();
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'harassment');
    await user.type(within(dialog).getByLabelText('What happened? (optional)'), 'Insults after I declined');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(mocked.reportConversation).toHaveBeenCalledWith('c1', { reason: 'harassment', details: 'Insults after I declined' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Thank you. The Modula team will look at your report.'));
  });

  test('a second open report is explained in the dialog', async () => {
    const user = userEvent.setup();
    mocked.reportConversation.mockRejectedValueOnce(new MessengerError('already', '23505'));
    renderWithProviders(<ReportConversation conversationId="c1" name="Vera Vendor" />);
    await user.click(screen.getByRole('button', { name: 'Report the conversation with Vera Vendor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report the conversation with Vera Vendor' });
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'spam');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await within(dialog).findByRole('alert', { hidden: true })).textContent)
      .toBe('You have already reported this conversation; the Modula team is looking into it.');
  });
});
