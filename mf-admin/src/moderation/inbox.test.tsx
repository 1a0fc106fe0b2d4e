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
import type { AdminReport, ContactMessage } from '../services/api';

jest.mock('../services/api', () => {
  const actual = jest.requireActual<typeof import('../services/api')>('../services/api');
  return {
    ...actual,
    reportQueue: jest.fn(),
    resolveReport: jest.fn(),
    setListingPublished: jest.fn(),
    contactMessages: jest.fn(),
    replyToContact: jest.fn(),
    setContactStatus: jest.fn(),
    toast: jest.fn(),
  };
});

const api = jest.requireMock<Record<string, jest.Mock<(...args: unknown[]) => Promise<unknown>>>>('../services/api');
const { AdminCallError } = jest.requireActual<typeof import('../services/api')>('../services/api');
const { ReportsPage, reportDecisions, parseFilter } = jest.requireActual<typeof import('./reports-page')>('./reports-page');
const { MessagesPage, inboxStatus, replySchema } = jest.requireActual<typeof import('./messages-page')>('./messages-page');

jest.setTimeout(20_000);

const listingReport: AdminReport = {
  id: 'r1', reason: 'fraud', details: 'Asks for payment outside Modula', status: 'open', created_at: '2026-11-20T10:00:00Z',
  reporter_id: 'u1', reporter_email: 'carla@example.com', reporter_name: 'Carla', listing_id: 'l1', listing_title: 'Alpine A-frame',
  listing_status: 'published', listing_moderation_reason: null, vendor_name: 'Alpha Modular', conversation_id: null, message_id: null,
  conversation_listing_title: null, customer_name: null, conversation_vendor_name: null, evidence: [], resolution_note: null,
  resolved_by_email: null, resolved_at: null, total: 2,
};
const conversationReport: AdminReport = {
  ...listingReport, id: 'r2', reason: 'harassment', details: '', listing_id: null, listing_title: null, listing_status: null, vendor_name: null,
  conversation_id: 'c1', conversation_listing_title: 'Harbour home', customer_name: 'Carla', conversation_vendor_name: 'Vera',
  evidence: [{ sender: 'Vera', senderRole: 'vendor', type: 'text', content: 'Rude words', at: '2026-11-19T10:00:00Z', reported: true }],
};
const contact: ContactMessage = {
  id: 'm1', name: 'Gina Guest', email: 'gina@example.com', subject: 'Delivery to Malta', message: 'Do you deliver to Malta?', status: 'new',
  language: 'en', user_id: null, created_at: '2026-11-20T09:00:00Z', updated_at: '2026-11-20T09:00:00Z', replies: [], total: 1,
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

describe('report decisions', () => {
  test('an open report of a published listing may unpublish it; a conversation only resolves or dismisses; a closed one nothing', () => {
    expect(reportDecisions(listingReport)).toEqual(['unpublish', 'resolved', 'dismissed']);
    expect(reportDecisions({ ...listingReport, listing_status: 'archived' })).toEqual(['resolved', 'dismissed']);
    expect(reportDecisions(conversationReport)).toEqual(['resolved', 'dismissed']);
    expect(reportDecisions({ ...listingReport, status: 'resolved' })).toEqual([]);
  });

  test('the status filter defaults to open reports', () => {
    expect(parseFilter(null)).toBe('open');
    expect(parseFilter('dismissed')).toBe('dismissed');
    expect(parseFilter('all')).toBe('all');
    expect(parseFilter('bogus')).toBe('open');
  });
});

describe('/admin/reports', () => {
  test('resolves a report only with a note, then reloads the queue', async () => {
    const user = userEvent.setup();
    let queue = [listingReport, conversationReport];
    api.reportQueue!.mockImplementation(async () => queue);
    api.resolveReport!.mockImplementation(async () => {
      queue = [conversationReport];
      return 'resolved';
    });
    renderAt('/admin/reports', '/admin/reports', <ReportsPage />);
    const row = (await screen.findByRole('link', { name: 'Alpine A-frame' })).closest('tr')!;
    expect(api.reportQueue).toHaveBeenCalledWith('open', 0);
    expect(within(row).getByText('Fraud or scam')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Resolve the report about “Alpine A-frame”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve the report about “Alpine A-frame”' });
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('Please give a reason (at least 3 characters).')).toBeTruthy();
    expect(api.resolveReport).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Note'), 'Vendor warned');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(api.resolveReport).toHaveBeenCalledWith('r1', 'resolved', 'Vendor warned'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Alpine A-frame' })).toBeNull());
  });

  test('unpublishes the reported listing through the moderation function, and shows a closed report\'s refusal', async () => {
    const user = userEvent.setup();
    api.reportQueue!.mockResolvedValue([listingReport, conversationReport]);
    api.setListingPublished!.mockResolvedValue('archived');
    api.resolveReport!.mockRejectedValue(new AdminCallError('This report is already closed', '22023'));
    renderAt('/admin/reports?status=all', '/admin/reports', <ReportsPage />);
    await user.click(await screen.findByRole('button', { name: 'Unpublish “Alpine A-frame”' }));
    let dialog = await screen.findByRole('dialog', { name: 'Unpublish “Alpine A-frame”' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Reported as fraud');
    await user.click(within(dialog).getByRole('button', { name: 'Unpublish listing' }));
    await waitFor(() => expect(api.setListingPublished).toHaveBeenCalledWith('l1', false, 'Reported as fraud'));
    expect(api.reportQueue).toHaveBeenCalledWith(null, 0);

    // The reported conversation is shown as the reporter saw it.
    expect(screen.getByText(/Between Carla and Vera/)).toBeTruthy();
    expect(screen.getByText('Rude words')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Dismiss the report about “Harbour home”' }));
    dialog = await screen.findByRole('dialog', { name: 'Dismiss the report about “Harbour home”' });
    await user.type(within(dialog).getByLabelText('Note'), 'Heated but polite');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect((await within(dialog).findByRole('alert', { hidden: true })).textContent).toBe('This report is already closed.');
    expect(api.resolveReport).toHaveBeenCalledWith('r2', 'dismissed', 'Heated but polite');
  });
});

describe('/admin/messages', () => {
  test('the inbox shows old statuses as new and archived; a reply needs 2 to 5000 characters', () => {
    expect(inboxStatus('in_progress')).toBe('new');
    expect(inboxStatus('closed')).toBe('archived');
    expect(inboxStatus('answered')).toBe('answered');
    expect(replySchema.safeParse({ body: ' a ' }).success).toBe(false);
    expect(replySchema.safeParse({ body: 'x'.repeat(5001) }).success).toBe(false);
    expect(replySchema.safeParse({ body: 'Yes, we do.' }).success).toBe(true);
  });

  test('answers a message by email and keeps the answer with it; archives it', async () => {
    const user = userEvent.setup();
    let current = contact;
    api.contactMessages!.mockImplementation(async () => [current]);
    api.replyToContact!.mockImplementation(async () => {
      current = { ...contact, status: 'answered', replies: [{ id: 1, body: 'Yes, in spring.', authorEmail: 'ada@example.com', createdAt: '2026-11-20T10:00:00Z' }] };
      return 1;
    });
    api.setContactStatus!.mockResolvedValue('archived');
    renderAt('/admin/messages', '/admin/messages', <MessagesPage />);
    const item = await screen.findByRole('article', { name: 'Delivery to Malta' });
    expect(api.contactMessages).toHaveBeenCalledWith('new', '', 0);
    expect(within(item).getByText('Do you deliver to Malta?')).toBeTruthy();
    await user.click(within(item).getByRole('button', { name: 'Reply to “Delivery to Malta”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reply to Gina Guest: Delivery to Malta' });
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(await within(dialog).findByText('Please write a reply.')).toBeTruthy();
    expect(api.replyToContact).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Your reply'), 'Yes, in spring.');
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(api.replyToContact).toHaveBeenCalledWith('m1', 'Yes, in spring.'));
    expect(await screen.findByText('Yes, in spring.')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Delivery to Malta' })).getByText('Answered')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Archive “Delivery to Malta”' }));
    await waitFor(() => expect(api.setContactStatus).toHaveBeenCalledWith('m1', 'archived'));
  });
});
