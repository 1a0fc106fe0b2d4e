import type { Message, MeetingType } from '../services/messenger';

// What a message says, read from its content: text as it is, attachments, quotations, meeting updates
// and system notes from their JSON object (spec section 3: type, fileName, title, amount, currency).
// A message another client wrote badly is shown as unreadable, never as raw JSON or HTML.

export interface AttachmentContent {
  kind: 'attachment';
  fileName: string;
  path: string;
  size: number | null;
  mimeType: string | null;
}

export interface QuotationContent {
  kind: 'quotation';
  title: string;
  amount: number;
  currency: string;
  depositPercent: number;
  validUntil: string | null;
}

export type MeetingEvent = 'requested' | 'confirmed' | 'declined' | 'proposed' | 'cancelled';

export interface MeetingContent {
  kind: 'meeting';
  event: MeetingEvent;
  meetingId: string;
  meetingType: MeetingType;
  times: string[];
  scheduledAt: string | null;
  reason: string | null;
  note: string | null;
}

export interface SystemContent {
  kind: 'system';
  event: 'quotation_accepted' | 'quotation_declined';
  quotationId: string;
  reference: string | null;
}

export type MessageContent =
  | { kind: 'text'; text: string }
  | AttachmentContent
  | QuotationContent
  | MeetingContent
  | SystemContent
  | { kind: 'unreadable' };

const MEETING_EVENTS = new Set(['requested', 'confirmed', 'declined', 'proposed', 'cancelled']);
const MEETING_TYPES = new Set(['video', 'phone', 'on_site', 'showroom']);

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
const number = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function parseObject(content: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(content);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function parseContent(message: Pick<Message, 'kind' | 'content'>): MessageContent {
  if (message.kind === 'text') return { kind: 'text', text: message.content };
  const body = parseObject(message.content);
  if (!body) return { kind: 'unreadable' };
  switch (message.kind) {
    case 'attachment': {
      const fileName = text(body.fileName);
      const path = text(body.path);
      if (!fileName || !path) return { kind: 'unreadable' };
      return { kind: 'attachment', fileName, path, size: number(body.size), mimeType: text(body.mimeType) };
    }
    case 'quotation': {
      const title = text(body.title);
      const amount = number(body.amount);
      if (!title || amount === null) return { kind: 'unreadable' };
      const currency = text(body.currency)?.toUpperCase();
      return {
        kind: 'quotation',
        title,
        amount,
        // Spec section 3: quotations without a currency are in US dollars.
        currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : 'USD',
        depositPercent: number(body.depositPercent) ?? 10,
        validUntil: text(body.validUntil),
      };
    }
    case 'meeting': {
      const event = text(body.event);
      const meetingId = text(body.meetingId);
      const meetingType = text(body.meetingType);
      if (!event || !MEETING_EVENTS.has(event) || !meetingId || !meetingType || !MEETING_TYPES.has(meetingType)) return { kind: 'unreadable' };
      return {
        kind: 'meeting',
        event: event as MeetingEvent,
        meetingId,
        meetingType: meetingType as MeetingType,
        times: Array.isArray(body.times) ? body.times.filter((t): t is string => typeof t === 'string') : [],
        scheduledAt: text(body.scheduledAt),
        reason: text(body.reason),
        note: text(body.note),
      };
    }
    case 'system': {
      const event = text(body.event);
      const quotationId = text(body.quotationId);
      if ((event !== 'quotation_accepted' && event !== 'quotation_declined') || !quotationId) return { kind: 'unreadable' };
      return { kind: 'system', event, quotationId, reference: text(body.reference) };
    }
    default:
      return { kind: 'unreadable' };
  }
}

export type QuotationState = { state: 'open' } | { state: 'accepted'; reference: string | null } | { state: 'declined' } | { state: 'expired' };

/** What became of each quotation of a thread, from the system notes that answered it. */
export function quotationStates(messages: Pick<Message, 'kind' | 'content' | 'id'>[], today: string): Map<string, QuotationState> {
  const answers = new Map<string, QuotationState>();
  for (const message of messages) {
    if (message.kind !== 'system') continue;
    const content = parseContent(message);
    if (content.kind !== 'system') continue;
    answers.set(content.quotationId, content.event === 'quotation_accepted' ? { state: 'accepted', reference: content.reference } : { state: 'declined' });
  }
  const states = new Map<string, QuotationState>();
  for (const message of messages) {
    if (message.kind !== 'quotation') continue;
    const content = parseContent(message);
    if (content.kind !== 'quotation') continue;
    const answer = answers.get(message.id);
    states.set(message.id, answer ?? (content.validUntil && content.validUntil < today ? { state: 'expired' } : { state: 'open' }));
  }
  return states;
}
