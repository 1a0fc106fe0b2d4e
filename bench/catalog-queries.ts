// npm run bench:catalog-queries: the data requests of the catalogue's listings page, as the page itself
// sends them, against 10,000 and then 100,000 generated listings on PostgreSQL (seed:scale). Headless
// Chromium opens /listings with varied filters (category, price range, bedrooms, size, features,
// sustainability, ships-to, sorting, later pages), each in a fresh context so nothing is cached; every
// /rest/v1 request is timed from request start to the last byte. Prints p50 and p95 per kind of request
// and over all of them. Target (issue 6): p95 under 50 ms.
//   BENCH_SIZES=10000,100000 BENCH_PAGES=40 BENCH_DATABASE=modula_catalog_bench npm run bench:catalog-queries
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromium, type Browser } from '@playwright/test';
import { loadConfig } from '../backend/src/config.ts';
import { startServer } from '../backend/src/server.ts';
import { seedScale } from '../backend/scripts/seed-scale.ts';
import { APPS } from '../scripts/lib/apps.ts';
import { buildApps, isStale } from '../scripts/lib/build.ts';
import { deployApp } from '../scripts/lib/deploy-app.ts';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number).filter((n) => n > 0).sort((a, b) => a - b);
const PAGES = Number(process.env.BENCH_PAGES ?? 40);
const DATABASE = process.env.BENCH_DATABASE ?? 'modula_catalog_bench';
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The searches a visitor makes on /listings: every filter of the page, alone and combined. */
function listingsUrl(i: number): string {
  const p = new URLSearchParams();
  const categories = ['homes', 'commercial-units', null];
  const category = categories[i % 3];
  if (category) p.set('category', category);
  if (i % 2 === 0) p.set('minPrice', String(40_000 + (i % 5) * 20_000));
  if (i % 3 !== 2) p.set('maxPrice', String(200_000 + (i % 4) * 60_000));
  if (i % 4 === 0) p.set('beds', String(1 + (i % 3)));
  if (i % 5 === 1) p.set('baths', '1');
  if (i % 6 === 2) p.set('minSize', '300');
  if (i % 7 === 3) p.set('maxSize', '1500');
  if (i % 8 === 4) p.append('features', 'Sauna');
  if (i % 9 === 5) p.set('eco', 'solar_powered');
  if (i % 10 === 6) p.set('energy', 'A');
  if (i % 11 === 7) p.set('shipsTo', 'DE');
  if (i % 12 === 8) p.set('space', 'tiny_home');
  if (i % 13 === 9) p.set('location', 'Berlin');
  const sorts = ['relevance', 'newest', 'price_asc', 'price_desc'];
  if (i % 4 !== 0) p.set('sort', sorts[i % 4]!);
  if (i % 5 === 4) p.set('page', String(2 + (i % 3)));
  return `/listings?${p.toString()}`;
}

function kindOf(url: string): string {
  const u = new URL(url);
  if (u.pathname.endsWith('/rpc/listing_facets')) return 'feature list (rpc listing_facets)';
  if (u.pathname.endsWith('/categories')) return 'categories';
  if (u.pathname.endsWith('/countries')) return 'countries';
  if (u.pathname.endsWith('/listings')) return u.searchParams.has('sponsored') ? 'sponsored listings' : 'filtered page + count';
  return u.pathname.replace(/^.*\/rest\/v1\//, '');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

async function ensureDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (exists.rows.length === 0) await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

async function measure(browser: Browser, baseUrl: string, pages = PAGES): Promise<Map<string, number[]>> {
  const samples = new Map<string, number[]>();
  for (let i = 0; i < pages; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const done: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      if (!request.url().includes('/rest/v1/')) return;
      done.push(
        request.response().then((response) => {
          // 416 is PostgREST's answer to a page past the end, which the page shows as such.
          if (!response || (!response.ok() && response.status() !== 416)) throw new Error(`${request.url()} answered ${response?.status()}`);
          const timing = request.timing();
          const list = samples.get(kindOf(request.url())) ?? [];
          list.push(timing.responseEnd);
          samples.set(kindOf(request.url()), list);
        }),
      );
    });
    await page.goto(`${baseUrl}${listingsUrl(i)}`, { waitUntil: 'networkidle' });
    await page.getByRole('main').getByRole('heading', { level: 2, name: /results?$/ }).waitFor();
    await Promise.all(done);
    await context.close();
  }
  return samples;
}

function report(size: number, samples: Map<string, number[]>): void {
  // Browser, backend and PostgreSQL share this machine: its load is part of every figure.
  const load = os.loadavg().map((n) => n.toFixed(1)).join(' ');
  console.info(`\n${size.toLocaleString('en')} generated listings, ${PAGES} page loads of /listings (load average ${load} on ${os.cpus().length} cores)`);
  console.info(`${'request'.padEnd(36)} ${'n'.padStart(5)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
  const all: number[] = [];
  for (const [kind, values] of [...samples].sort()) {
    const sorted = [...values].sort((a, b) => a - b);
    all.push(...values);
    console.info(`${kind.padEnd(36)} ${String(sorted.length).padStart(5)} ${percentile(sorted, 50).toFixed(1).padStart(8)} ${percentile(sorted, 95).toFixed(1).padStart(8)}`);
  }
  const sorted = all.sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  console.info(`${'all data requests'.padEnd(36)} ${String(sorted.length).padStart(5)} ${percentile(sorted, 50).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)}${p95 < 50 ? '' : '   (p95 above the 50 ms target)'}`);
}

async function main(): Promise<void> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No system Chromium found (set CHROMIUM_PATH)');
  const stale = APPS.filter((app) => isStale(repoRoot, app));
  if (stale.length > 0 && !buildApps(repoRoot, stale)) throw new Error('The front-end build failed');
  const databaseUrl = await ensureDatabase();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-catalog-bench-'));
  const deployDir = path.join(root, 'deploy');
  for (const app of APPS) deployApp(deployDir, app);
  const config = loadConfig({
    DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(root, 'data'), DEPLOY_DIR: deployDir,
    MODE: 'production', SEED: 'off', BETA_GATE: 'off', LOG_LEVEL: 'silent',
  });
  const quiet = { info: () => undefined, warn: (m: string) => console.warn(m), error: (m: string) => console.error(m) };
  const server = await startServer(config, { logger: quiet });
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    console.info(`bench:catalog-queries on PostgreSQL (${DATABASE}), backend ${server.url}`);
    for (const size of SIZES) {
      const started = Date.now();
      const added = await seedScale(server.context.db, size, (line) => console.info(line));
      if (added > 0) console.info(`generated ${added} listings in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      await server.context.db.exec('analyze public.listings');
      await measure(browser, server.url, 10); // warm-up: plans, caches, the facets cache
      report(size, await measure(browser, server.url));
    }
  } finally {
    await browser.close();
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

await main();
