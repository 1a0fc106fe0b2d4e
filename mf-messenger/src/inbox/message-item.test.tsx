import { beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import { changeLanguage } from '@modula/shared';
import { setTestRuntimeConfig, setSupabaseForTesting } from '@modula/shared/testing';
import type { SupabaseClient } from '@modula/shared';
import type { Message } from '../services/messenger';
import { fakeSupabase, loadEnglish, renderWithProviders, resetQueryCache } from '../testing/render';
import { MessageItem } from './message-item';
import { parseContent, quotationStates } from './content';
import { formatAmount, dayLabel, groupByDay } from './format';

const ME = 'me';
const THEM = 'them';

function message(overrides: Partial<Message>): Message {
  return { id: 'm1', conversationId: 'c1', senderId: THEM, content: 'Hello', kind: 'text', readAt: null, createdAt: '2026-11-20T10:05:00Z', ...overrides };
}

function item(m: Message, extra: Partial<Parameters<typeof MessageItem>[0]> = {}) {
  return (
    <ul>
      <MessageItem message={m} userId={ME} myRole="customer" quotationState={undefined} meeting={undefined} latestOfMeeting={false} navigate={() => undefined} {...extra} />
    </ul>
  );
}

function show(m: Message, extra: Partial<Parameters<typeof MessageItem>[0]> = {}) {
  return renderWithProviders(item(m, extra));
}

beforeAll(async () => {
  setTestRuntimeConfig();
  await loadEnglish();
  const storage = { from: () => ({ createSignedUrl: async () => ({ data: { signedUrl: 'https://files.example/x' }, error: null }) }) };
  setSupabaseForTesting({ ...fakeSupabase().client, storage } as unknown as SupabaseClient);
});
beforeEach(() => resetQueryCache());

describe('message kinds', () => {
  test('text: links are clickable and safe, and no HTML from a user is ever rendered', () => {
    show(message({ content: 'See https://example.com/plan and <b>bold</b> <img src=x onerror=alert(1)>' }));
    const link = screen.getByRole('link', { name: 'https://example.com/plan' });
    expect(link.getAttribute('href')).toBe('https://example.com/plan');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByText(/<b>bold<\/b>/)).toBeTruthy();
    expect(document.querySelector('b')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
  });

  test('javascript: addresses never become links', () => {
    show(message({ content: 'javascript:alert(1) and www.modula.eu' }));
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['http://www.modula.eu']);
  });

  test('my messages say whether they were sent, read or are still sending', () => {
    for (const [state, label] of [[{}, /· Sent$/], [{ readAt: '2026-11-20T10:06:00Z' }, /· Read$/], [{ pending: 'sending' as const }, /· Sending…$/]] as const) {
      const { unmount } = show(message({ senderId: ME, ...state }));
      expect(screen.getByText(label)).toBeTruthy();
      unmount();
    }
    show(message({ senderId: THEM }));
    expect(screen.queryByText(/Sent|Read/)).toBeNull();
  });

  test('attachment: a card with the file name, size and open/download', () => {
    show(message({ kind: 'attachment', content: JSON.stringify({ type: 'attachment', fileName: 'Floor plan.pdf', path: 'c1/x/Floor plan.pdf', size: 1_572_864, mimeType: 'application/pdf' }) }));
    expect(screen.getByText('Floor plan.pdf')).toBeTruthy();
    expect(screen.getByText('1.5 MB')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open Floor plan.pdf' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download Floor plan.pdf' })).toBeTruthy();
  });

  test('quotation: amount in two decimals, deposit, validity, and Accept/Decline for the customer', () => {
    show(message({ kind: 'quotation', content: JSON.stringify({ type: 'quotation', title: 'Garden 96, delivered', amount: 231500, currency: 'EUR', depositPercent: 10, validUntil: '2026-12-31' }) }), { quotationState: { state: 'open' } });
    const card = screen.getByLabelText('Quotation');
    expect(within(card).getByText('€231,500.00')).toBeTruthy();
    expect(within(card).getByText('Deposit 10 %: €23,150.00')).toBeTruthy();
    expect(within(card).getByText('Valid until Dec 31, 2026')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Decline' })).toBeTruthy();
  });

  test('quotation: the vendor who sent it sees no Accept, and an answered one shows its state', () => {
    show(message({ senderId: ME, kind: 'quotation', content: JSON.stringify({ type: 'quotation', title: 'Deck', amount: 1200, currency: 'EUR' }) }), { myRole: 'vendor', quotationState: { state: 'accepted', reference: 'MOD-000042' } });
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.getByText('Accepted')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Order MOD-000042' })).toBeTruthy();
  });

  test('quotation amounts are formatted for the reader\'s language', () => {
    const amounts = Object.fromEntries(['en', 'de', 'fr', 'ja', 'ar', 'hi'].map((language) => [language, formatAmount(231500.5, 'EUR', language)]));
    expect(amounts.en).toBe('€231,500.50');
    expect(amounts.de).toBe('231.500,50\u00a0€');
    expect(amounts.fr).toBe('231\u202f500,50\u00a0€');
    expect(amounts.ja).toBe('€231,500.50');
    expect(amounts.hi).toBe('€2,31,500.50');
    expect(amounts.ar).toMatch(/€/);
    expect(formatAmount(12, 'JPY', 'en')).toBe('¥12.00');
    // Spec section 3: an old quotation without a currency is in US dollars.
    const legacy = parseContent({ kind: 'quotation', content: JSON.stringify({ type: 'quotation', title: 'Old', amount: 5 }) });
    expect(legacy).toMatchObject({ currency: 'USD', depositPercent: 10 });
  });

  test('a quotation renders in German when the page is in German', async () => {
    await act(() => changeLanguage('de', { persist: false }));
    try {
      const { unmount } = show(message({ kind: 'quotation', content: JSON.stringify({ type: 'quotation', title: 'Terrasse', amount: 1234.5, currency: 'EUR' }) }), { quotationState: { state: 'open' } });
      expect(screen.getByLabelText('Quotation').textContent).toContain(`1.234,50${'\u00a0'}€`);
      unmount();
    } finally {
      await act(() => changeLanguage('en', { persist: false }));
    }
  });

  test('meeting updates and system notes', () => {
    show(message({ kind: 'meeting', content: JSON.stringify({ type: 'meeting', event: 'requested', meetingId: 'mt1', meetingType: 'on_site', times: ['2026-12-03T14:00:00Z'], note: 'Two adults' }) }));
    expect(screen.getByRole('heading', { name: 'Tour requested' })).toBeTruthy();
    expect(screen.getByText('On-site visit')).toBeTruthy();
    expect(screen.getByText('Note: Two adults')).toBeTruthy();
  });

  test('a system note says what became of a quotation', () => {
    show(message({ kind: 'system', content: JSON.stringify({ type: 'system', event: 'quotation_accepted', quotationId: 'q1', reference: 'MOD-000007' }) }));
    expect(screen.getByText('The customer accepted the quotation. Order MOD-000007 has been created.')).toBeTruthy();
  });

  test('malformed content is shown as unreadable, never as raw JSON', () => {
    show(message({ kind: 'quotation', content: '{"type":"quotation"' }));
    expect(screen.getByText('This message cannot be shown.')).toBeTruthy();
  });
});

describe('thread helpers', () => {
  test('quotation states follow the system notes; old ones expire', () => {
    const list = [
      message({ id: 'q1', kind: 'quotation', content: JSON.stringify({ type: 'quotation', title: 'A', amount: 1 }) }),
      message({ id: 'q2', kind: 'quotation', content: JSON.stringify({ type: 'quotation', title: 'B', amount: 1 }) }),
      message({ id: 'q3', kind: 'quotation', content: JSON.stringify({ type: 'quotation', title: 'C', amount: 1, validUntil: '2026-01-01' }) }),
      message({ id: 's1', kind: 'system', content: JSON.stringify({ type: 'system', event: 'quotation_accepted', quotationId: 'q1', reference: 'MOD-1' }) }),
      message({ id: 's2', kind: 'system', content: JSON.stringify({ type: 'system', event: 'quotation_declined', quotationId: 'q2' }) }),
    ];
    const states = quotationStates(list, '2026-06-01');
    expect(states.get('q1')).toEqual({ state: 'accepted', reference: 'MOD-1' });
    expect(states.get('q2')).toEqual({ state: 'declined' });
    expect(states.get('q3')).toEqual({ state: 'expired' });
  });

  test('days are labelled Today, Yesterday or by date, in the reader\'s language', () => {
    const now = new Date(2026, 10, 20, 15, 0);
    expect(dayLabel('2026-11-20', 'en', now)).toBe('Today');
    expect(dayLabel('2026-11-19', 'en', now)).toBe('Yesterday');
    expect(dayLabel('2026-11-19', 'de', now)).toBe('Gestern');
    expect(dayLabel('2026-11-02', 'en', now)).toBe('Nov 2, 2026');
    const groups = groupByDay([
      message({ id: 'a', createdAt: new Date(2026, 10, 19, 9).toISOString() }),
      message({ id: 'b', createdAt: new Date(2026, 10, 19, 18).toISOString() }),
      message({ id: 'c', createdAt: new Date(2026, 10, 20, 8).toISOString() }),
    ]);
    expect(groups.map((g) => [g.day, g.messages.map((m) => m.id)])).toEqual([['2026-11-19', ['a', 'b']], ['2026-11-20', ['c']]]);
  });
});
