import crypto from 'node:crypto';
import type { Config } from '../../src/config.ts';
import { startTestServer, type TestDatabase, type TestServer } from '../helpers/server.ts';
import { inbox, waitFor, waitForMail, type InboxEntry } from '../mail/helpers.ts';

export { inbox, waitFor, waitForMail };

export const PASSWORD = 'Vx7#kettle-Orbit';
export const OTHER_PASSWORD = 'Qm4$lantern-Drift';

/** A fresh address per test, so tests never share rate-limit counters or accounts. */
export function uniqueEmail(label = 'user'): string {
  return `${label}.${crypto.randomBytes(5).toString('hex')}@example.com`;
}

/**
 * A server for auth tests: everything comes from 127.0.0.1, so the per-IP limit is raised (a
 * dedicated test checks it), and the refresh reuse interval is short so reuse detection is testable.
 */
export function startAuthServer(database: TestDatabase, overrides: { config?: Partial<Config>; env?: Record<string, string> } = {}): Promise<TestServer> {
  return startTestServer({
    database,
    env: overrides.env,
    config: {
      rateLimit: { windowSeconds: 900, emailMax: 5, ipMax: 100_000 },
      auth: { otpExpiry: 3600, reauthForPasswordChange: true, refreshReuseInterval: 1 },
      mail: { retryBaseMs: 100, retryMaxMs: 400, maxAttempts: 100, pollIntervalMs: 300 },
      ...overrides.config,
    },
  });
}

/** The auth link in the newest mail to `to` (the /auth/v1/verify URL). */
export async function latestLink(t: TestServer, to: string, count = 1): Promise<{ mail: InboxEntry; link: URL }> {
  const mail = await waitForMail(t.url, to, count);
  const href = mail.links.find((l) => l.includes('/auth/v1/verify'));
  if (!href) throw new Error(`no verify link in mail "${mail.subject}"`);
  return { mail, link: new URL(href) };
}

/** The 6-digit code in the newest mail to `to`. */
export async function latestCode(t: TestServer, to: string, count = 1): Promise<string> {
  const mail = await waitForMail(t.url, to, count);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail "${mail.subject}"`);
  return code;
}

/** Opens an email link like a browser would (no apikey) and returns the 303 target. */
export async function followLink(link: URL | string): Promise<{ status: number; location: URL; hash: URLSearchParams }> {
  const response = await fetch(link, { redirect: 'manual' });
  const location = new URL(response.headers.get('location') ?? 'about:blank');
  return { status: response.status, location, hash: new URLSearchParams(location.hash.slice(1)) };
}

/** Signs up and confirms through the emailed link; returns the email. */
export async function confirmedUser(t: TestServer, options: { email?: string; password?: string; data?: Record<string, unknown> } = {}): Promise<string> {
  const email = options.email ?? uniqueEmail();
  const { error } = await t.client().auth.signUp({ email, password: options.password ?? PASSWORD, options: { data: options.data ?? {} } });
  if (error) throw error;
  const { link } = await latestLink(t, email);
  const { status } = await followLink(link);
  if (status !== 303) throw new Error(`verify answered ${status}`);
  return email;
}

/** A signed-in client for a confirmed user. */
export async function signedIn(t: TestServer, email: string, password = PASSWORD) {
  const client = t.client();
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return { client, session: data.session! };
}

/** Raw call to /auth/v1 with the anon key, for wire-level assertions. */
export async function authFetch(t: TestServer, path: string, init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${t.url}/auth/v1${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      apikey: t.anonKey,
      Authorization: `Bearer ${init.token ?? t.anonKey}`,
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, json, text };
}
