// npm run bench:admin-analytics: /admin/analytics against a year of generated analytics events on
// PostgreSQL (issue 17). Generates BENCH_EVENTS events (default 5,000,000) spread over 365 days with
// generate_series in SQL (about four events per session, sessions of one day each, searches with a
// vocabulary of 400 terms, views and contacts over 2,000 listings), times the rollup refresh the job
// scheduler runs, then opens /admin/analytics for 30 days and for 12 months in headless Chromium as an
// administrator, each load in a fresh context, timing the page's data request (rpc admin_analytics)
// from request start to the last byte, and adding up the JavaScript the admin remote sends.
// Prints p50/p95 per period (target: p95 under 200 ms) and the remote's JavaScript (transferred and
// decoded). Asserts nothing.
//   BENCH_EVENTS=5000000 BENCH_LOADS=20 BENCH_DATABASE=modula_admin_bench npm run bench:admin-analytics
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromium, type Browser } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { loadConfig } from '../backend/src/config.ts';
import { startServer, type RunningServer } from '../backend/src/server.ts';
import { APPS } from '../scripts/lib/apps.ts';
import { buildApps, isStale } from '../scripts/lib/build.ts';
import { deployApp } from '../scripts/lib/deploy-app.ts';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const EVENTS = Number(process.env.BENCH_EVENTS ?? 5_000_000);
const LOADS = Number(process.env.BENCH_LOADS ?? 20);
const DATABASE = process.env.BENCH_DATABASE ?? 'modula_admin_bench';
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CHUNK = 1_000_000;
const ADMIN = { email: 'operator@modula.eu', password: 'Tulip-Harbour-Quartz-42' };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

async function freshDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${DATABASE} with (force)`);
    await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Companies, listings, customers and vendors for the catalogue side of the figures. */
async function generateCatalogue(server: RunningServer): Promise<void> {
  await server.context.db.exec(`
    insert into public.companies (id, name, company_type, verified, country)
    select md5('bench-company-' || g)::uuid, 'Bench company ' || g, 'manufacturer', g % 3 = 0, 'DE'
      from generate_series(1, 200) g;
    insert into public.listings (id, vendor_id, listing_type, space_type, category_id, title, description, price, status)
    select md5('bench-listing-' || g)::uuid, md5('bench-company-' || (1 + g % 200))::uuid, 'property', 'modular_home',
           md5('category:homes')::uuid, 'Bench home ' || g, 'Generated for the benchmark.', 50000 + g * 10, 'published'
      from generate_series(1, 2000) g;
  `);
}

/** BENCH_EVENTS events over the last 365 days, written in chunks by generate_series. */
async function generateEvents(server: RunningServer): Promise<void> {
  const db = server.context.db;
  // The trigger only stamps browser events; the backend writing directly is trusted anyway.
  await db.exec('alter table public.analytics_events disable trigger analytics_events_prepare');
  for (let from = 0; from < EVENTS; from += CHUNK) {
    const to = Math.min(EVENTS, from + CHUNK) - 1;
    const started = Date.now();
    await db.query(
      `insert into public.analytics_events (name, params, session_id, occurred_at, received_at)
       select e.name,
              case e.name
                when 'search' then jsonb_build_object('search_term', 'term ' || (s.k * 7 % 400), 'results', (s.k * 13) % 9, 'language', s.lang, 'country', s.country)
                when 'view_item' then jsonb_build_object('listing_id', md5('bench-listing-' || (1 + (g * 31) % 2000))::uuid, 'language', s.lang, 'country', s.country)
                when 'contact_vendor' then jsonb_build_object('listing_id', md5('bench-listing-' || (1 + (g * 17) % 2000))::uuid, 'language', s.lang, 'country', s.country)
                else jsonb_build_object('path', '/', 'language', s.lang, 'country', s.country)
              end,
              's' || s.k,
              s.at, s.at
         from generate_series($1::bigint, $2::bigint) g
         cross join lateral (select g / 4 as k) k0
         cross join lateral (
           select k0.k as k,
                  (array['en','de','fr','es','it','nl','pt','ar','ja','zh'])[1 + k0.k % 10] as lang,
                  (array['DE','FR','ES','IT','NL','GB','US','PT','AE','JP'])[1 + (k0.k / 10) % 10] as country,
                  date_trunc('day', now()) - make_interval(days => (k0.k % 365)::int) + make_interval(secs => ((k0.k * 7919) % 86000)::double precision) as at
         ) s
         cross join lateral (
           select (array['page_view','page_view','view_item','view_item','search','search','contact_vendor','page_view','login','add_to_favorites'])[1 + (g * 3 + s.k) % 10] as name
         ) e`,
      [from, to],
    );
    console.info(`  events ${from.toLocaleString('en')}–${to.toLocaleString('en')} in ${seconds(started)}`);
  }
  await db.exec('alter table public.analytics_events enable trigger analytics_events_prepare');
  const started = Date.now();
  await db.exec('analyze public.analytics_events');
  console.info(`  analyze in ${seconds(started)}`);
}

async function measure(browser: Browser, baseUrl: string, session: object, period: string, loads: number) {
  const times: number[] = [];
  let jsTransferred = 0;
  let jsFiles = 0;
  const storageKey = `sb-${new URL(baseUrl).hostname.split('.')[0]}-auth-token`;
  for (let i = 0; i < loads; i++) {
    const context = await browser.newContext();
    await context.addInitScript(
      ([key, value]) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(key as string, value as string),
      [storageKey, JSON.stringify(session)],
    );
    const page = await context.newPage();
    const pending: Promise<void>[] = [];
    let transferred = 0;
    let files = 0;
    page.on('requestfinished', (request) => {
      const url = request.url();
      if (url.includes('/rest/v1/rpc/admin_analytics')) {
        pending.push(request.response().then((response) => {
          if (!response?.ok()) throw new Error(`admin_analytics answered ${response?.status()}`);
          times.push(request.timing().responseEnd);
        }));
      } else if (url.includes('/remotes/mf-admin/') && url.endsWith('.js')) {
        pending.push(request.sizes().then((sizes) => {
          transferred += sizes.responseBodySize;
          files += 1;
        }));
      }
    });
    await page.goto(`${baseUrl}/admin/analytics?period=${period}`, { waitUntil: 'networkidle' });
    await page.getByRole('main').getByRole('heading', { level: 3, name: 'Visitors', exact: true }).waitFor();
    await Promise.all(pending);
    if (i === 0) {
      jsTransferred = transferred;
      jsFiles = files;
    }
    await context.close();
  }
  return { times: times.sort((a, b) => a - b), jsTransferred, jsFiles };
}

async function main(): Promise<void> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No system Chromium found (set CHROMIUM_PATH)');
  const stale = APPS.filter((app) => isStale(repoRoot, app));
  if (stale.length > 0 && !buildApps(repoRoot, stale)) throw new Error('The front-end build failed');
  const databaseUrl = await freshDatabase();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-admin-bench-'));
  const deployDir = path.join(root, 'deploy');
  for (const app of APPS) deployApp(deployDir, app);
  const server = await startServer(loadConfig({
    DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(root, 'data'), DEPLOY_DIR: deployDir,
    MODE: 'production', SEED: 'off', BETA_GATE: 'off', LOG_LEVEL: 'warn',
  }));
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    console.info(`bench:admin-analytics on PostgreSQL (${DATABASE}), backend ${server.url}`);
    const service = createClient(server.url, server.context.keys.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const created = await service.auth.admin.createUser({ ...ADMIN, email_confirm: true, app_metadata: { role: 'admin' }, user_metadata: { name: 'Bench Admin' } });
    if (created.error) throw created.error;
    const anon = createClient(server.url, server.context.keys.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const signedIn = await anon.auth.signInWithPassword(ADMIN);
    if (signedIn.error || !signedIn.data.session) throw signedIn.error ?? new Error('no session');

    let started = Date.now();
    await generateCatalogue(server);
    console.info(`generating ${EVENTS.toLocaleString('en')} analytics events over 365 days`);
    await generateEvents(server);
    console.info(`generated in ${seconds(started)}`);
    // The scheduler's job may have run while the events were being written (it rolls up the days it
    // finds); start over so the timed run below is the first full one, as on a fresh deployment.
    await server.context.db.exec(`delete from private.analytics_daily; update private.analytics_rollup_state set rolled_until = '2000-01-01', refreshed_at = null`);
    started = Date.now();
    const { rows } = await server.context.db.query<{ days: number }>('select private.refresh_analytics_rollup() as days');
    const { rows: size } = await server.context.db.query<{ n: string }>('select count(*)::text as n from private.analytics_daily');
    console.info(`rollup refresh (the job's first run): ${rows[0]?.days} days, ${Number(size[0]?.n).toLocaleString('en')} rollup rows, in ${seconds(started)}`);
    started = Date.now();
    await server.context.db.query('select private.refresh_analytics_rollup()');
    console.info(`rollup refresh (a later run: the last two days again) in ${seconds(started)}`);
    await server.context.db.exec('analyze private.analytics_daily');

    await measure(browser, server.url, signedIn.data.session, '30d', 3); // warm-up
    const load = () => os.loadavg().map((n) => n.toFixed(1)).join(' ');
    console.info(`\n${LOADS} loads of /admin/analytics per period (load average ${load()} on ${os.cpus().length} cores)`);
    console.info(`${'period'.padEnd(12)} ${'n'.padStart(4)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}`);
    let js = { jsTransferred: 0, jsFiles: 0 };
    for (const period of ['30d', '12m']) {
      const result = await measure(browser, server.url, signedIn.data.session, period, LOADS);
      js = result;
      const p95 = percentile(result.times, 95);
      console.info(`${period.padEnd(12)} ${String(result.times.length).padStart(4)} ${percentile(result.times, 50).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ${(result.times.at(-1) ?? NaN).toFixed(1).padStart(8)}${p95 < 200 ? '' : '   (p95 above the 200 ms target)'}`);
    }
    console.info(`\nmf-admin JavaScript for /admin/analytics (first load, nothing cached): ${(js.jsTransferred / 1024).toFixed(1)} KiB in ${js.jsFiles} files as sent (remoteEntry, the app, the analytics chunk with uPlot, the English strings)`);
  } finally {
    await browser.close();
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${DATABASE} with (force)`).finally(() => admin.end());
  }
}

await main();
