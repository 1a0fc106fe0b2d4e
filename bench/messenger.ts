// The messenger's figures for npm run bench:realtime (issue 14):
//  1. delivery: 100 open conversations, each vendor's browser subscribed the way the messenger is
//     (one postgres_changes channel on messages, no filter: row-level security picks the rows), all in
//     one Chromium page; a customer sends a message through /rest/v1 and the time to the vendor's
//     browser event is measured, from the commit (commit_timestamp) and from the moment the insert
//     was sent. PGlite and PostgreSQL.
//  2. the launcher: the JavaScript mf-messenger's remote costs a first visit of a page (production
//     builds), split into the Module Federation entry every remote has and the launcher's own chunks,
//     for a guest and for a signed-in user; and what opening the panel adds.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { startBenchServer, type BenchDatabase, type BenchServer } from './lib/server.ts';
import { APPS } from '../scripts/lib/apps.ts';
import { buildApps, isStale } from '../scripts/lib/build.ts';
import { deployApp } from '../scripts/lib/deploy-app.ts';
import { startBackend } from '../scripts/lib/backend.ts';
import { freePort } from '../scripts/lib/free-port.ts';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.ts';
import { loadKeys } from '../backend/src/keys.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 100);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 300);
const ARRIVAL_TIMEOUT_MS = 5000;
const LAUNCHER_BUDGET_KIB = 5;

const now = () => performance.timeOrigin + performance.now();
const kib = (bytes: number) => (bytes / 1024).toFixed(1);

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
}

interface Pair {
  customer: string;
  vendor: string;
  conversation: string;
}

/** 100 customers and 100 vendors, each pair with one conversation, written as the owner (as the seed does). */
async function createConversations(t: BenchServer): Promise<Pair[]> {
  const db = t.server.context.db;
  const pairs: Pair[] = Array.from({ length: CONVERSATIONS }, () => ({ customer: crypto.randomUUID(), vendor: crypto.randomUUID(), conversation: crypto.randomUUID() }));
  for (const pair of pairs) {
    for (const [id, type] of [[pair.customer, 'customer'], [pair.vendor, 'vendor']] as const) {
      await db.query(
        `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data, raw_app_meta_data, created_at, updated_at)
         values ($1, 'authenticated', 'authenticated', $2, now(), $3, '{}', now(), now())`,
        [id, `${type}.${id}@bench.modula.eu`, JSON.stringify({ name: `Bench ${type}`, user_type: type })],
      );
    }
    await db.query('insert into public.conversations (id, customer_id, vendor_id) values ($1, $2, $3)', [pair.conversation, pair.customer, pair.vendor]);
  }
  return pairs;
}

const token = (t: BenchServer, sub: string) => t.server.context.keys.sign({ sub, role: 'authenticated', aud: 'authenticated' }, 3600);

/** Opens one browser page with a supabase-js client per vendor, each listening as the messenger does. */
async function vendorBrowsers(browser: Browser, t: BenchServer, pairs: Pair[]): Promise<Page> {
  const page = await browser.newPage();
  // Any page of the server's origin will do: the clients talk to it (CORS allows it in development mode).
  await page.goto(`${t.url}/config.json`);
  await page.addScriptTag({ content: fs.readFileSync(path.join(repoRoot, 'node_modules/@supabase/supabase-js/dist/umd/supabase.js'), 'utf8') });
  const tokens = await Promise.all(pairs.map((pair) => token(t, pair.vendor)));
  await page.evaluate(
    async ({ url, anonKey, tokens: all }) => {
      type Client = { realtime: { setAuth(): Promise<void> }; channel(name: string): Channel };
      type Payload = { commit_timestamp: string; new: { id: string } };
      type Channel = { on(type: string, filter: object, callback: (payload: Payload) => void): Channel; subscribe(callback: (status: string) => void): Channel };
      const supabase = (globalThis as unknown as { supabase: { createClient(url: string, key: string, options: object): Client } }).supabase;
      const arrivals: Record<string, { at: number; commit: number }> = {};
      (globalThis as unknown as { arrivals: typeof arrivals }).arrivals = arrivals;
      await Promise.all(
        all.map(async (accessToken, index) => {
          const client = supabase.createClient(url, anonKey, { accessToken: async () => accessToken, auth: { persistSession: false } });
          await client.realtime.setAuth();
          await new Promise<void>((resolve, reject) => {
            client
              .channel(`messenger:${index}`)
              .on('postgres_changes', { event: '*', schema: 'public', table: 'messages' }, (payload) => {
                arrivals[payload.new.id] = { at: performance.timeOrigin + performance.now(), commit: Date.parse(payload.commit_timestamp) };
              })
              .subscribe((status) => {
                if (status === 'SUBSCRIBED') resolve();
                if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(new Error(status));
              });
          });
        }),
      );
    },
    { url: t.url, anonKey: t.anonKey, tokens },
  );
  return page;
}

export interface DeliveryFigures {
  database: BenchDatabase;
  delivered: number;
  lost: number;
  fromCommit: number[];
  fromSend: number[];
}

/** Sequential messages from random customers; each waits for its vendor's browser event. */
export async function messengerDelivery(browser: Browser, database: BenchDatabase): Promise<DeliveryFigures> {
  const t = await startBenchServer(database);
  try {
    const pairs = await createConversations(t);
    const page = await vendorBrowsers(browser, t, pairs);
    const customers = await Promise.all(
      pairs.map(async (pair) => createClient(t.url, t.anonKey, { accessToken: async () => token(t, pair.customer), auth: { persistSession: false } })),
    );
    const fromCommit: number[] = [];
    const fromSend: number[] = [];
    let lost = 0;
    // Customers take turns, so no sender comes near the limit of 30 messages a minute.
    for (let i = 0; i < MESSAGES; i += 1) {
      const at = i % pairs.length;
      const pair = pairs[at]!;
      const id = crypto.randomUUID();
      const sent = now();
      const { error } = await customers[at]!.from('messages').insert({ id, conversation_id: pair.conversation, sender_id: pair.customer, content: `Bench message ${i}` });
      if (error) throw new Error(`insert failed: ${error.message}`);
      const arrival = await page
        .waitForFunction((messageId) => (globalThis as unknown as { arrivals: Record<string, unknown> }).arrivals[messageId] ?? null, id, { timeout: ARRIVAL_TIMEOUT_MS, polling: 5 })
        .then((handle) => handle.jsonValue() as Promise<{ at: number; commit: number }>)
        .catch(() => null);
      if (arrival === null) {
        lost += 1;
        continue;
      }
      fromCommit.push(Math.max(0, arrival.at - arrival.commit));
      fromSend.push(arrival.at - sent);
    }
    await page.close();
    return { database, delivered: fromSend.length, lost, fromCommit: fromCommit.sort((a, b) => a - b), fromSend: fromSend.sort((a, b) => a - b) };
  } finally {
    await t.close();
  }
}

export interface LauncherFigures {
  visitor: string;
  /** gzip bytes of mf-messenger's files by name, on a first visit before anything is clicked. */
  files: { name: string; gz: number }[];
  /** gzip bytes the first opening of the panel adds. */
  openingAdds: number;
}

/** Builds what is stale, deploys it, and measures what mf-messenger downloads on /about (a shell page). */
export async function launcherBytes(browser: Browser): Promise<LauncherFigures[]> {
  const stale = APPS.filter((app) => isStale(repoRoot, app));
  if (stale.length > 0 && !buildApps(repoRoot, stale)) throw new Error('the front-end build failed');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-bench-launcher-'));
  const deployDir = path.join(root, 'deploy');
  for (const app of APPS) deployApp(deployDir, app);
  const port = await freePort();
  const backend = await startBackend(
    repoRoot,
    { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(root, 'data'), DEPLOY_DIR: deployDir, BETA_GATE: 'off', LOG_LEVEL: 'warn', SEED: 'off' },
    { quiet: true },
  );
  try {
    const base = backend.url;
    const config = (await (await fetch(`${base}/config.json`)).json()) as { supabaseAnonKey: string };
    // A signed-in customer with no unread message: the badge's count is fetched, the panel is not.
    const admin = createClient(base, (await loadKeys(path.join(root, 'data'))).serviceRoleKey, { auth: { persistSession: false } });
    const email = `bench.${Date.now()}@example.com`;
    await admin.auth.admin.createUser({ email, password: 'Bench-launcher!2026', email_confirm: true, user_metadata: { name: 'Bench Customer', user_type: 'customer' } });
    const anon = createClient(base, config.supabaseAnonKey, { auth: { persistSession: false } });
    const { data } = await anon.auth.signInWithPassword({ email, password: 'Bench-launcher!2026' });
    const results: LauncherFigures[] = [];
    for (const visitor of ['guest', 'signed-in customer'] as const) {
      const context = await browser.newContext();
      if (visitor !== 'guest' && data.session) {
        const key = `sb-${new URL(base).hostname.split('.')[0]}-auth-token`;
        await context.addInitScript(([k, v]) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(k as string, v as string), [key, JSON.stringify(data.session)]);
      }
      const page = await context.newPage();
      const files: { name: string; gz: number }[] = [];
      const pending: Promise<void>[] = [];
      let phase: 'visit' | 'open' = 'visit';
      let openingAdds = 0;
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (!url.pathname.includes('/remotes/mf-messenger/') || !url.pathname.endsWith('.js')) return;
        pending.push(
          response.body().then((body) => {
            const gz = zlib.gzipSync(body, { level: 6 }).length;
            if (phase === 'visit') files.push({ name: url.pathname.split('/').pop()!, gz });
            else openingAdds += gz;
          }),
        );
      });
      await page.goto(`${base}/about`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: /^Open messenger/ }).waitFor();
      await page.waitForLoadState('networkidle');
      await Promise.all(pending);
      phase = 'open';
      await page.getByRole('button', { name: /^Open messenger/ }).click();
      await page.getByRole('dialog', { name: 'Messages' }).waitFor();
      await page.waitForLoadState('networkidle');
      await Promise.all(pending);
      results.push({ visitor, files, openingAdds });
      await context.close();
    }
    return results;
  } finally {
    await backend.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

export function printLauncher(results: LauncherFigures[]): void {
  console.info(`\nThe messenger launcher: mf-messenger's JavaScript on a first visit of /about (gzip -6, KiB; target ${LAUNCHER_BUDGET_KIB} KiB)`);
  for (const result of results) {
    const entry = result.files.filter((f) => f.name === 'remoteEntry.js').reduce((sum, f) => sum + f.gz, 0);
    const own = result.files.filter((f) => f.name !== 'remoteEntry.js');
    const ownTotal = own.reduce((sum, f) => sum + f.gz, 0);
    console.info(
      `${result.visitor.padEnd(20)} launcher code ${kib(ownTotal)} (${own.map((f) => `${f.name} ${kib(f.gz)}`).join(', ')}), ` +
        `remoteEntry.js (Module Federation runtime) ${kib(entry)}, total ${kib(entry + ownTotal)}; opening the panel adds ${kib(result.openingAdds)}`,
    );
  }
}

export function printDelivery(figures: DeliveryFigures[]): void {
  const ms = (v: number) => v.toFixed(1);
  console.info(`\nMessenger delivery at ${CONVERSATIONS} open conversations: customer's insert -> the vendor's browser event (Chromium, one messages channel per vendor, ${MESSAGES} messages; target p95 < 100 ms)`);
  console.info('database    delivered  lost  from commit p50 / p95 / max ms   from send p50 / p95 / max ms');
  for (const f of figures) {
    console.info(
      `${f.database.padEnd(10)}  ${String(f.delivered).padEnd(9)}  ${String(f.lost).padEnd(4)}  ` +
        `${ms(percentile(f.fromCommit, 50))} / ${ms(percentile(f.fromCommit, 95))} / ${ms(f.fromCommit.at(-1) ?? NaN)}`.padEnd(33) +
        `${ms(percentile(f.fromSend, 50))} / ${ms(percentile(f.fromSend, 95))} / ${ms(f.fromSend.at(-1) ?? NaN)}`,
    );
  }
}
