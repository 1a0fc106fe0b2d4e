import { getSupabase } from './api';

// Every call the messenger makes to the backend. Row types are the messenger's own (the generated
// types of set-returning functions make every column nullable).

export type MessageKind = 'text' | 'attachment' | 'quotation' | 'meeting' | 'system';
export type MeetingType = 'video' | 'phone' | 'on_site' | 'showroom';
export type MeetingStatus = 'requested' | 'confirmed' | 'declined' | 'cancelled' | 'completed';

export interface Conversation {
  id: string;
  customerId: string;
  vendorId: string;
  listingId: string | null;
  lastMessageAt: string | null;
  createdAt: string;
  myRole: 'customer' | 'vendor';
  counterpartId: string;
  counterpartName: string;
  counterpartCompany: string | null;
  counterpartAvatar: string | null;
  listingTitle: string | null;
  listingType: string | null;
  listingImage: string | null;
  lastMessage: { content: string; kind: MessageKind; senderId: string } | null;
  unreadCount: number;
}

export interface Message {
  id: string;
  conversationId: string;
  senderId: string;
  content: string;
  kind: MessageKind;
  readAt: string | null;
  createdAt: string;
  /** Only on this browser's own messages until the server has them. */
  pending?: 'sending';
}

export interface Meeting {
  id: string;
  customerId: string;
  vendorId: string;
  listingId: string | null;
  conversationId: string | null;
  scheduledAt: string;
  durationMinutes: number;
  meetingType: MeetingType;
  status: MeetingStatus;
  notes: string | null;
  proposedTimes: string[];
  proposedBy: string | null;
  timeZone: string | null;
  statusReason: string | null;
  myRole: 'customer' | 'vendor';
  awaitingMe: boolean;
  counterpartName: string;
  counterpartCompany: string | null;
  listingTitle: string | null;
  listingType: string | null;
}

export interface Order {
  id: string;
  reference: string;
}

/** A failed call, with the server's message (which the database words for people). */
export class MessengerError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code?: string) {
    super(message);
    this.name = 'MessengerError';
    this.code = code;
  }
}

function unwrap<T>(result: { data: T | null; error: { message: string; code?: string } | null }): T {
  if (result.error) throw new MessengerError(result.error.message, result.error.code);
  return result.data as T;
}

type ConversationRow = Record<string, unknown> & { id: string };

function toConversation(row: ConversationRow): Conversation {
  return {
    id: row.id,
    customerId: row.customer_id as string,
    vendorId: row.vendor_id as string,
    listingId: (row.listing_id as string | null) ?? null,
    lastMessageAt: (row.last_message_at as string | null) ?? null,
    createdAt: row.created_at as string,
    myRole: row.my_role === 'vendor' ? 'vendor' : 'customer',
    counterpartId: row.counterpart_id as string,
    counterpartName: (row.counterpart_name as string | null) ?? '',
    counterpartCompany: (row.counterpart_company as string | null) ?? null,
    counterpartAvatar: (row.counterpart_avatar as string | null) ?? null,
    listingTitle: (row.listing_title as string | null) ?? null,
    listingType: (row.listing_type as string | null) ?? null,
    listingImage: (row.listing_image as string | null) ?? null,
    lastMessage: row.last_message_content
      ? { content: row.last_message_content as string, kind: row.last_message_type as MessageKind, senderId: row.last_message_sender_id as string }
      : null,
    unreadCount: (row.unread_count as number | null) ?? 0,
  };
}

export function toMessage(row: Record<string, unknown>): Message {
  return {
    id: row.id as string,
    conversationId: row.conversation_id as string,
    senderId: row.sender_id as string,
    content: row.content as string,
    kind: row.message_type as MessageKind,
    readAt: (row.read_at as string | null) ?? null,
    createdAt: row.created_at as string,
  };
}

function toMeeting(row: Record<string, unknown>): Meeting {
  return {
    id: row.id as string,
    customerId: row.customer_id as string,
    vendorId: row.vendor_id as string,
    listingId: (row.listing_id as string | null) ?? null,
    conversationId: (row.conversation_id as string | null) ?? null,
    scheduledAt: row.scheduled_at as string,
    durationMinutes: (row.duration_minutes as number | null) ?? 60,
    meetingType: row.meeting_type as MeetingType,
    status: row.status as MeetingStatus,
    notes: (row.notes as string | null) ?? null,
    proposedTimes: (row.proposed_times as string[] | null) ?? [],
    proposedBy: (row.proposed_by as string | null) ?? null,
    timeZone: (row.time_zone as string | null) ?? null,
    statusReason: (row.status_reason as string | null) ?? null,
    myRole: row.my_role === 'vendor' ? 'vendor' : 'customer',
    awaitingMe: row.awaiting_me === true,
    counterpartName: (row.counterpart_name as string | null) ?? '',
    counterpartCompany: (row.counterpart_company as string | null) ?? null,
    listingTitle: (row.listing_title as string | null) ?? null,
    listingType: (row.listing_type as string | null) ?? null,
  };
}

const MESSAGE_COLUMNS = 'id,conversation_id,sender_id,content,message_type,read_at,created_at';
/** The latest messages of a conversation the thread shows. */
export const THREAD_LIMIT = 200;

export async function fetchConversations(): Promise<Conversation[]> {
  const rows = unwrap(await getSupabase().rpc('my_conversations', {}));
  return (rows as ConversationRow[]).map(toConversation);
}

export async function fetchMessages(conversationId: string): Promise<Message[]> {
  const rows = unwrap(
    await getSupabase()
      .from('messages')
      .select(MESSAGE_COLUMNS)
      .eq('conversation_id', conversationId)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(THREAD_LIMIT),
  );
  return (rows as Record<string, unknown>[]).map(toMessage).reverse();
}

export async function fetchUnreadCount(): Promise<number> {
  return (unwrap(await getSupabase().rpc('unread_message_count')) as number | null) ?? 0;
}

export async function fetchMeetings(): Promise<Meeting[]> {
  const rows = unwrap(await getSupabase().rpc('my_meetings'));
  return (rows as Record<string, unknown>[]).map(toMeeting);
}

/** "Contact vendor": the existing conversation about the listing, or a new one. */
export async function openConversation(listingId: string): Promise<{ id: string; started: boolean }> {
  const row = unwrap(await getSupabase().rpc('open_conversation', { listing_id: listingId })) as { id: string; last_message_at: string | null };
  return { id: row.id, started: row.last_message_at === null };
}

/**
 * Sends one message. `id` is generated by the browser, so a retry after a lost answer is stored once
 * (the database ignores a repeated id from the same sender).
 */
export async function sendMessage(input: { id: string; conversationId: string; senderId: string; kind: 'text' | 'attachment' | 'quotation'; content: string }): Promise<void> {
  unwrap(
    await getSupabase().from('messages').insert({
      id: input.id,
      conversation_id: input.conversationId,
      sender_id: input.senderId,
      message_type: input.kind,
      content: input.content,
    }),
  );
}

/** Marks the other side's messages read (spec section 7), with the spec's fallback when the procedure fails. */
export async function markConversationRead(conversationId: string, me: string): Promise<void> {
  const supabase = getSupabase();
  const { error } = await supabase.rpc('mark_conversation_read', { conversation_id: conversationId });
  if (!error) return;
  unwrap(
    await supabase
      .from('messages')
      .update({ read_at: new Date().toISOString() })
      .eq('conversation_id', conversationId)
      .neq('sender_id', me)
      .is('read_at', null),
  );
}

export const ATTACHMENT_BUCKET = 'message-attachments';

export async function uploadAttachment(conversationId: string, file: File): Promise<string> {
  // oxlint-disable-next-line no-control-regex -- control characters are exactly what is replaced
  const safeName = file.name.replace(/[\\/\u0000-\u001f\u007f]/g, '_').trim().slice(-150) || 'file';
  const path = `${conversationId}/${crypto.randomUUID()}/${safeName}`;
  unwrap(await getSupabase().storage.from(ATTACHMENT_BUCKET).upload(path, file, { contentType: file.type, upsert: false }));
  return path;
}

/** A link to an attachment for the next hour; images may ask for a small rendering. */
export async function attachmentUrl(path: string, options: { thumbnail?: boolean; download?: string } = {}): Promise<string> {
  const { data, error } = await getSupabase()
    .storage.from(ATTACHMENT_BUCKET)
    .createSignedUrl(path, 3600, {
      ...(options.thumbnail ? { transform: { width: 480, height: 360, resize: 'contain' as const } } : {}),
      ...(options.download ? { download: options.download } : {}),
    });
  if (error || !data) throw new MessengerError(error?.message ?? 'No link');
  return data.signedUrl;
}

export async function acceptQuotation(messageId: string): Promise<Order> {
  const row = unwrap(await getSupabase().rpc('accept_quotation', { message_id: messageId })) as { id: string; reference: string };
  return { id: row.id, reference: row.reference };
}

export async function declineQuotation(messageId: string): Promise<void> {
  unwrap(await getSupabase().rpc('decline_quotation', { message_id: messageId }));
}

export async function requestMeeting(input: { listingId: string; meetingType: 'on_site' | 'video'; times: string[]; timeZone: string; note: string }): Promise<Meeting> {
  const row = unwrap(
    await getSupabase().rpc('request_meeting', {
      listing_id: input.listingId,
      meeting_type: input.meetingType,
      proposed_times: input.times,
      time_zone: input.timeZone,
      note: input.note || undefined,
    }),
  ) as Record<string, unknown>;
  return toMeeting({ ...row, my_role: 'customer', awaiting_me: false });
}

export async function confirmMeeting(meetingId: string, scheduledAt: string): Promise<void> {
  unwrap(await getSupabase().rpc('confirm_meeting', { meeting_id: meetingId, scheduled_at: scheduledAt }));
}

export async function declineMeeting(meetingId: string, reason: string): Promise<void> {
  unwrap(await getSupabase().rpc('decline_meeting', { meeting_id: meetingId, reason }));
}

export async function proposeMeetingTimes(meetingId: string, times: string[], timeZone: string): Promise<void> {
  unwrap(await getSupabase().rpc('propose_meeting_times', { meeting_id: meetingId, proposed_times: times, time_zone: timeZone }));
}

export async function cancelMeeting(meetingId: string, reason: string): Promise<void> {
  unwrap(await getSupabase().rpc('cancel_meeting', { meeting_id: meetingId, reason: reason || undefined }));
}

/** The listing a Schedule Meeting form is about (published listings are public). */
export async function fetchListingSummary(listingId: string): Promise<{ id: string; title: string; vendorName: string | null } | null> {
  const row = unwrap(
    await getSupabase().from('listings').select('id,title,vendor:companies(name)').eq('id', listingId).maybeSingle(),
  ) as { id: string; title: string; vendor: { name: string } | null } | null;
  return row ? { id: row.id, title: row.title, vendorName: row.vendor?.name ?? null } : null;
}
