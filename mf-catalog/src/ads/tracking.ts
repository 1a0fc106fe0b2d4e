import { getAuthState, track } from '@modula/shared';
import { db } from '../services/client';

/**
 * Advertising in the catalogue (issue 16): impressions and clicks of sponsored cards. The server
 * decides everything that costs money (which campaign, whether a click is charged); the browser only
 * reports what was seen and clicked, with a random visitor id the server combines with the client
 * address the gateway resolved.
 */

const VISITOR_KEY = 'modula.ads.visitor';
/** Impressions wait this long for more before one request goes out (one request per batch). */
export const IMPRESSION_FLUSH_MS = 3000;
/** The server counts at most this many listings per call. */
export const IMPRESSION_BATCH = 24;

let memoryVisitor: string | null = null;

/** The browser's visitor id: random, kept in local storage (a private window gets a fresh one). */
export function visitorId(): string {
  try {
    let id = window.localStorage.getItem(VISITOR_KEY);
    if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
      id = crypto.randomUUID();
      window.localStorage.setItem(VISITOR_KEY, id);
    }
    return id;
  } catch {
    memoryVisitor ??= crypto.randomUUID();
    return memoryVisitor;
  }
}

let pending = new Set<string>();
let timer: ReturnType<typeof setTimeout> | null = null;

/** Sends the queued impressions now, in batches of at most IMPRESSION_BATCH listings. */
export async function flushImpressions(): Promise<void> {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  const ids = [...pending];
  pending = new Set();
  for (let i = 0; i < ids.length; i += IMPRESSION_BATCH) {
    const batch = ids.slice(i, i + IMPRESSION_BATCH);
    // Impressions are statistics: a failed batch is dropped rather than retried into a double count.
    const { error } = await db().rpc('record_ad_impressions', { listing_ids: batch, visitor_id: visitorId() });
    if (error) console.warn('Ad impressions dropped', error.message);
  }
}

/** Queues one impression of a sponsored card (a card counts once per page view). */
export function queueImpression(listingId: string): void {
  if (pending.has(listingId)) return;
  pending.add(listingId);
  track('ad_impression', { listing_id: listingId });
  if (pending.size >= IMPRESSION_BATCH) void flushImpressions();
  else timer ??= setTimeout(() => void flushImpressions(), IMPRESSION_FLUSH_MS);
}

/** Set when a guest clicks an ad: once signed in, the clicks are claimed for the account (claim.ts). */
export const CLAIM_KEY = 'modula.ads.claim';

function markClaimPending(): void {
  if (getAuthState().isLoggedIn) return;
  try {
    window.localStorage.setItem(CLAIM_KEY, String(Date.now()));
  } catch {
    // no storage: nothing to claim later
  }
}

export type AdClickOutcome = 'charged' | 'duplicate' | 'own_company' | 'rate_limited' | 'budget_reached' | 'no_campaign';

/** Reports a click on a sponsored card; the server records it and charges it (or says why not). */
export async function recordAdClick(listingId: string): Promise<AdClickOutcome | null> {
  track('ad_click', { listing_id: listingId });
  markClaimPending();
  const { data, error } = await db().rpc('record_ad_click', { listing_id: listingId, visitor_id: visitorId() });
  if (error) {
    console.warn('Ad click not recorded', error.message);
    return null;
  }
  return data as AdClickOutcome;
}

/** For tests: forget queued impressions. */
export function resetAdTracking(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  pending = new Set();
}
