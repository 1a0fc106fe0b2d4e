import { getPublicClient } from './supabase';

/** Event names the product sends (spec section 1 and the remotes' issues). */
export type AnalyticsEvent =
  | 'page_view'
  | 'view_item'
  | 'search'
  | 'contact_vendor'
  | 'add_to_favorites'
  | 'remove_from_favorites'
  | 'share'
  | 'newsletter_signup'
  | 'sign_up'
  | 'login'
  | 'create_listing'
  | 'publish_listing'
  | 'order_created'
  | 'schedule_meeting'
  | 'select_plan'
  | 'message_sent'
  | 'quotation_sent'
  | 'quotation_accepted'
  | 'meeting_requested'
  | 'meeting_confirmed'
  | 'begin_checkout'
  | 'purchase'
  // Advertising (issue 16): impressions and clicks from the browser; ad_lead and ad_budget_reached
  // are written by the database itself when they happen.
  | 'ad_impression'
  | 'ad_click'
  | 'ad_lead'
  | 'ad_budget_reached';

export type AnalyticsParams = Record<string, string | number | boolean | null>;

const SESSION_KEY = 'modula.analyticsSession';
const FLUSH_DELAY_MS = 2000;
const MAX_BATCH = 20;

interface QueuedEvent {
  name: AnalyticsEvent;
  params: AnalyticsParams;
  session_id: string;
  occurred_at: string;
}

let queue: QueuedEvent[] = [];
let timer: number | null = null;

function sessionId(): string {
  try {
    let id = window.sessionStorage.getItem(SESSION_KEY);
    if (!id) {
      id = crypto.randomUUID();
      window.sessionStorage.setItem(SESSION_KEY, id);
    }
    return id;
  } catch {
    return 'no-storage';
  }
}

async function flush(): Promise<void> {
  timer = null;
  const batch = queue.splice(0, MAX_BATCH);
  if (batch.length === 0) return;
  // The user id is filled in by the database from the caller's token, so it cannot be forged. Through
  // the public client: a guest's page views never wait for (or download) supabase-js.
  const { error } = await getPublicClient().from('analytics_events').insert(batch);
  if (error) console.warn('Analytics batch dropped', error.message);
  if (queue.length > 0) schedule();
}

function schedule(): void {
  if (timer === null) timer = window.setTimeout(() => void flush(), FLUSH_DELAY_MS);
}

/** Records a product event. Batched and sent in the background; never throws into the caller. */
export function track(name: AnalyticsEvent, params: AnalyticsParams = {}): void {
  queue.push({ name, params, session_id: sessionId(), occurred_at: new Date().toISOString() });
  if (queue.length >= MAX_BATCH) void flush();
  else schedule();
}

/** Sends what is queued now (the shell calls it when the page is hidden). */
export function flushAnalytics(): Promise<void> {
  if (timer !== null) window.clearTimeout(timer);
  return flush();
}
