import type { SupabaseClient } from '@modula/shared';
import { errorResponse } from '../functions-error';

/** Spec: the local beta flag lasts 365 days; nothing in the app ever revokes it. */
export const BETA_ACCESS_DAYS = 365;
export const BETA_STORAGE_KEY = 'modula.betaAccess';
const DAY_MS = 24 * 60 * 60 * 1000;

interface StoredGrant {
  grantedAt: string;
  expiresAt: string;
}

export function readStoredGrant(storage: Pick<Storage, 'getItem'> | null, now = new Date()): boolean {
  try {
    const raw = storage?.getItem(BETA_STORAGE_KEY);
    if (!raw) return false;
    const grant = JSON.parse(raw) as Partial<StoredGrant>;
    const expires = Date.parse(grant.expiresAt ?? '');
    return Number.isFinite(expires) && expires > now.getTime();
  } catch {
    return false;
  }
}

export function storeGrant(storage: Pick<Storage, 'setItem'> | null, now = new Date()): void {
  const grant: StoredGrant = {
    grantedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + BETA_ACCESS_DAYS * DAY_MS).toISOString(),
  };
  try {
    storage?.setItem(BETA_STORAGE_KEY, JSON.stringify(grant));
  } catch {
    // Without storage the grant lasts for this page only; the visitor can enter the code again.
  }
}

export type UrlGrant = { kind: 'session' } | { kind: 'code'; code: string } | { kind: 'none' };

/**
 * What the address may grant on arrival. `verified=true` (back from the email link) and auth tokens in
 * the hash are only claims anyone can type: they grant when the server confirms a real session of a
 * confirmed account (checkSessionGrant). `?beta=CODE` is checked by the server too.
 */
export function grantFromUrl(url: URL): UrlGrant {
  if (url.searchParams.get('verified') === 'true') return { kind: 'session' };
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
  if (hash.get('access_token')) return { kind: 'session' };
  const code = url.searchParams.get('beta')?.trim();
  if (code) return { kind: 'code', code };
  return { kind: 'none' };
}

/** The address without ?beta=, so the code does not stay in the address bar or the history. */
export function withoutBetaParam(url: URL): string {
  const next = new URL(url.href);
  next.searchParams.delete('beta');
  return `${next.pathname}${next.search}${next.hash}`;
}

export type CodeCheck =
  | { result: 'granted' }
  | { result: 'denied' }
  | { result: 'empty' }
  | { result: 'rate-limited'; retryAfterSeconds: number }
  | { result: 'unavailable' };

/**
 * Whether this browser holds a real session of a confirmed account: supabase-js first turns tokens in
 * the hash into a session (it refuses made-up ones), then the auth server checks the token, that the
 * session was not signed out, and the account (GET /auth/v1/user). Any failure is no grant.
 */
export async function checkSessionGrant(supabase: Pick<SupabaseClient, 'auth'>): Promise<boolean> {
  try {
    const { data, error } = await supabase.auth.getUser();
    return !error && Boolean(data.user?.email_confirmed_at);
  } catch {
    return false;
  }
}

/**
 * Asks the backend function beta-access; the code itself never ships in JavaScript. Comparison is
 * case-insensitive after trimming on the server; blank input is not sent.
 */
export async function checkBetaCode(supabase: Pick<SupabaseClient, 'functions'>, code: string): Promise<CodeCheck> {
  const trimmed = code.trim();
  if (!trimmed) return { result: 'empty' };
  try {
    const { data, error } = await supabase.functions.invoke<{ granted?: unknown }>('beta-access', { body: { code: trimmed } });
    if (!error) return data?.granted === true ? { result: 'granted' } : { result: 'denied' };
    const response = errorResponse(error);
    if (response?.status === 429) {
      const body = (await response.json().catch(() => ({}))) as { retryAfter?: unknown };
      const retry = Number(body.retryAfter ?? response.headers?.get('Retry-After'));
      return { result: 'rate-limited', retryAfterSeconds: Number.isFinite(retry) && retry > 0 ? retry : 60 };
    }
    return { result: 'unavailable' };
  } catch {
    return { result: 'unavailable' };
  }
}
