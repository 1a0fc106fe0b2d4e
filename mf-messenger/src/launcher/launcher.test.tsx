import { beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Mocked } from 'jest-mock';
import { currentToast, setTestRuntimeConfig, signInForTest, signOutForTest, setSupabaseForTesting } from '@modula/shared/testing';
import type { SupabaseClient } from '@modula/shared';
import * as api from '../services/api';
import * as messenger from '../services/messenger';
import { fakeSupabase, loadEnglish, renderWithProviders, resetQueryCache } from '../testing/render';
import { Launcher } from './launcher';

jest.mock('../services/messenger', () => {
  const actual = jest.requireActual<typeof import('../services/messenger')>('../services/messenger');
  return {
    ...actual,
    fetchUnreadCount: jest.fn(async () => 0),
    fetchConversations: jest.fn(async () => []),
    fetchMessages: jest.fn(async () => []),
    fetchMeetings: jest.fn(async () => []),
    openConversation: jest.fn(async () => ({ id: 'c-new', started: true })),
    markConversationRead: jest.fn(async () => undefined),
  };
});
jest.mock('../services/api', () => {
  const actual = jest.requireActual<typeof import('../services/api')>('../services/api');
  return { ...actual, track: jest.fn() };
});
const mocked = messenger as Mocked<typeof messenger>;
const mockedApi = api as Mocked<typeof api>;

const ME = '00000000-0000-4000-8000-000000000001';
const VENDOR = '00000000-0000-4000-8000-000000000002';

function conversation(id: string, overrides: Partial<messenger.Conversation> = {}): messenger.Conversation {
  return {
    id, customerId: ME, vendorId: VENDOR, listingId: 'l1', lastMessageAt: '2026-11-20T10:00:00Z', createdAt: '2026-11-20T09:00:00Z',
    myRole: 'customer', counterpartId: VENDOR, counterpartName: 'Lukas Brenner', counterpartCompany: 'Haven Homes', counterpartAvatar: null,
    listingTitle: 'Haven Garden 96', listingType: 'property', listingImage: null, lastMessage: { content: 'Hello', kind: 'text', senderId: VENDOR },
    unreadCount: 0, ...overrides,
  };
}

// The first test loads the conversation UI's chunk (and its strings) cold: generous on a busy machine.
jest.setTimeout(20_000);

let realtime: ReturnType<typeof fakeSupabase>;
const navigate = jest.fn();

beforeAll(async () => {
  setTestRuntimeConfig();
  await loadEnglish();
});
beforeEach(() => {
  jest.clearAllMocks();
  resetQueryCache();
  signOutForTest();
  realtime = fakeSupabase();
  setSupabaseForTesting(realtime.client as unknown as SupabaseClient);
});

describe('the launcher', () => {
  test('Escape closes the messenger wherever the focus is, and focus returns to the launcher', async () => {
    renderWithProviders(<Launcher navigate={navigate} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open messenger' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    // The focus left the messenger (a click on the page behind it).
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open messenger' }));
  });

  test('a guest who opens it is asked to log in', async () => {
    renderWithProviders(<Launcher navigate={navigate} />);
    expect(screen.queryByText(/unread/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open messenger' }));
    expect(await screen.findByText('Please log in to view your messages')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Login' }));
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(mocked.fetchUnreadCount).not.toHaveBeenCalled();
  });

  test('shows the signed-in user\'s unread count and keeps it live', async () => {
    mocked.fetchUnreadCount.mockResolvedValueOnce(3).mockResolvedValue(4);
    signInForTest({ id: ME });
    renderWithProviders(<Launcher navigate={navigate} />);
    const button = await screen.findByRole('button', { name: 'Open messenger, unread messages: 3' });
    expect(button.textContent).toContain('3');
    // A new message arrives through realtime: the count is fetched again.
    act(() => realtime.emit('messages', { eventType: 'INSERT', new: { id: 'm9', conversation_id: 'c1', sender_id: VENDOR, content: 'Hi', message_type: 'text', read_at: null, created_at: '2026-11-20T10:00:00Z' } }));
    expect(await screen.findByRole('button', { name: 'Open messenger, unread messages: 4' })).toBeTruthy();
  });

  test('opening selects the first conversation', async () => {
    signInForTest({ id: ME });
    mocked.fetchConversations.mockResolvedValue([conversation('c1'), conversation('c2', { counterpartName: 'Anna Berg' })]);
    renderWithProviders(<Launcher navigate={navigate} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open messenger' }));
    expect(await screen.findByRole('heading', { name: 'Lukas Brenner' })).toBeTruthy();
    expect(mocked.fetchMessages).toHaveBeenCalledWith('c1');
  });

  test('says so when there are no conversations, and offers a retry when loading fails', async () => {
    signInForTest({ id: ME });
    mocked.fetchConversations.mockRejectedValueOnce(new Error('offline'));
    renderWithProviders(<Launcher navigate={navigate} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open messenger' }));
    expect(await screen.findByText('Failed to load conversations. Please try again.')).toBeTruthy();
    mocked.fetchConversations.mockResolvedValueOnce([]);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
    await waitFor(() => expect(currentToast()?.title).toBe('Conversations refreshed'));
  });
});

describe('the modula:open-messenger event', () => {
  test('with a listing: opens the vendor\'s conversation through open_conversation and records contact_vendor once it starts', async () => {
    signInForTest({ id: ME });
    mocked.fetchConversations.mockResolvedValue([conversation('c-new')]);
    renderWithProviders(<Launcher navigate={navigate} />);
    act(() => api.dispatch('modula:open-messenger', { vendorId: 'company-1', listingId: 'l1' }));
    expect(await screen.findByRole('heading', { name: 'Lukas Brenner' })).toBeTruthy();
    expect(mocked.openConversation).toHaveBeenCalledWith('l1');
    expect(mockedApi.track).toHaveBeenCalledWith('contact_vendor', { listing_id: 'l1', vendor_id: 'company-1' });
  });

  test('an existing conversation is reused and not counted as a new contact', async () => {
    signInForTest({ id: ME });
    mocked.openConversation.mockResolvedValueOnce({ id: 'c2', started: false });
    mocked.fetchConversations.mockResolvedValue([conversation('c1'), conversation('c2', { counterpartName: 'Anna Berg' })]);
    renderWithProviders(<Launcher navigate={navigate} />);
    act(() => api.dispatch('modula:open-messenger', { listingId: 'l2' }));
    expect(await screen.findByRole('heading', { name: 'Anna Berg' })).toBeTruthy();
    expect(mockedApi.track).not.toHaveBeenCalledWith('contact_vendor', expect.anything());
  });

  test('with a conversation id: opens that conversation', async () => {
    signInForTest({ id: ME });
    mocked.fetchConversations.mockResolvedValue([conversation('c1'), conversation('c2', { counterpartName: 'Anna Berg' })]);
    renderWithProviders(<Launcher navigate={navigate} />);
    act(() => api.dispatch('modula:open-messenger', { conversationId: 'c2' }));
    expect(await screen.findByRole('heading', { name: 'Anna Berg' })).toBeTruthy();
    expect(mocked.openConversation).not.toHaveBeenCalled();
  });

  test('a server refusal is explained in the reader\'s language', async () => {
    signInForTest({ id: ME, userType: 'vendor' });
    mocked.openConversation.mockRejectedValueOnce(new messenger.MessengerError('Only customer accounts can contact vendors', '42501'));
    renderWithProviders(<Launcher navigate={navigate} />);
    act(() => api.dispatch('modula:open-messenger', { listingId: 'l1' }));
    expect(await screen.findByText('Only customer accounts can contact vendors.')).toBeTruthy();
  });

  test('Schedule Meeting opens the meeting form; a guest sees the login message', async () => {
    renderWithProviders(<Launcher navigate={navigate} />);
    act(() => api.dispatch('modula:open-messenger', { listingId: 'l1', compose: 'meeting' }));
    expect(await screen.findByText('Please log in to view your messages')).toBeTruthy();
  });

  test('modula:messages-sent opens the messenger and reloads it', async () => {
    signInForTest({ id: ME });
    mocked.fetchConversations.mockResolvedValue([conversation('c1')]);
    renderWithProviders(<Launcher navigate={navigate} />);
    act(() => api.dispatch('modula:messages-sent', { conversationId: 'c1' }));
    expect(await screen.findByRole('dialog', { name: 'Messages' })).toBeTruthy();
    await waitFor(() => expect(mocked.fetchConversations).toHaveBeenCalled());
  });
});
