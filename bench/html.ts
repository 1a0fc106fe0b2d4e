// npm run bench:html (issue 18): how long the server takes to answer a public page's HTML, per route
// family, at 100 concurrent clients, against sending the static index.html (the baseline: what every
// app route cost before pages were rendered on the server).
//
// The backend runs as its own process (node backend/src/main.ts) on a database with BENCH_LISTINGS
// generated listings (default 10,000; backend/scripts/seed-scale.ts), PostgreSQL when it answers, else
// PGlite (BENCH_DATABASE=pglite|postgres chooses), with the current builds deployed. autocannon is the
// load generator; the time measured per request is until the whole response has arrived (a page is
// 10-40 KiB on the loopback, so this is the time to first byte plus well under a millisecond). The
// server keeps rendered pages for HTML_CACHE_TTL_MS (passed through; 0 renders every request).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../backend/src/config.ts';
import { startServer } from '../backend/src/server.ts';
import { seedScale } from '../backend/scripts/seed-scale.ts';
import { APPS } from '../scripts/lib/apps.ts';
import { buildApps, isStale } from '../scripts/lib/build.ts';
import { deployApp } from '../scripts/lib/deploy-app.ts';
import { stopChild, waitUntilAnswers } from '../scripts/lib/child.ts';
import { freePort } from '../scripts/lib/free-port.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function admin(sql: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query(sql);
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

interface Family {
  name: string;
  paths: string[];
}

async function measure(url: string, family: Family): Promise<{ rps: number; p50: number; p95: number; p99: number; errors: number; statuses: string; bytes: number }> {
  const times: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [{ setupRequest: (request) => ({ ...request, path: family.paths[next++ % family.paths.length] }) }],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      times.push(responseTime);
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    });
  });
  times.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: result.errors + result.timeouts,
    statuses: [...statuses].map(([code, n]) => `${code}x${n}`).join(' '),
    bytes: result.throughput.average / Math.max(1, result.requests.average),
  };
}

async function main(): Promise<void> {
  const wanted = process.env.BENCH_DATABASE;
  const postgres = wanted !== 'pglite' && (await admin('select 1'));
  if (wanted === 'postgres' && !postgres) throw new Error(`PostgreSQL at ${ADMIN_URL} does not answer`);
  const stale = APPS.filter((app) => isStale(repoRoot, app));
  if (stale.length > 0 && !buildApps(repoRoot, stale)) throw new Error('The front-end build failed');

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-bench-html-'));
  const deployDir = path.join(dataDir, 'deploy');
  const port = await freePort();
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEPLOY_DIR: deployDir,
    MODE: 'development',
    SEED: 'off',
    LOG_LEVEL: 'warn',
  };
  let dbName: string | null = null;
  if (postgres) {
    dbName = `modula_bench_${crypto.randomBytes(6).toString('hex')}`;
    await admin(`create database ${dbName}`);
    const dbUrl = new URL(ADMIN_URL);
    dbUrl.pathname = `/${dbName}`;
    env.DATABASE_URL = dbUrl.toString();
  }
  try {
    // Migrate and seed in this process, then measure a server of its own (the load generator runs here).
    const seeding = await startServer(loadConfig({ ...env, PORT: '0' }), { listen: false });
    const started = Date.now();
    await seedScale(seeding.context.db, LISTINGS);
    await seeding.context.db.exec(`
      insert into public.blog_posts (slug, title, excerpt, body, author_name, language, published_at)
      values ('bench-post', 'Choosing a plot for a modular home', 'What to check before you buy land.', '# Plot', 'Bench', 'en', now())`);
    // Statistics for the planner, as autovacuum would gather them after a bulk load.
    await seeding.context.db.exec('analyze');
    const ids = await seeding.context.db.query<{ id: string; vendor_id: string }>(
      `select id, vendor_id from public.listings where status = 'published' order by published_at desc limit 200`,
    );
    await seeding.close();
    console.info(`${postgres ? 'PostgreSQL' : 'PGlite'}: ${LISTINGS} listings seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    for (const app of APPS) deployApp(deployDir, app);

    const child = spawn(process.execPath, [path.join(repoRoot, 'backend', 'src', 'main.ts')], { env: { ...process.env, ...env }, stdio: 'inherit' });
    const url = `http://127.0.0.1:${port}`;
    try {
      await waitUntilAnswers(`${url}/health`, child, { name: 'backend', timeoutMs: 60_000, intervalMs: 200 });
      const listings = ids.rows.map((row) => `/property/${row.id}`);
      const vendors = [...new Set(ids.rows.map((row) => row.vendor_id))].map((id) => `/vendor-profile/${id}`);
      const families: Family[] = [
        { name: 'static index.html (baseline)', paths: ['/index.html'] },
        { name: '/ (home)', paths: ['/'] },
        { name: '/listings (filters, pages)', paths: ['/listings', '/listings?category=homes', '/listings?page=2', '/commercial-units', '/upgrades', '/services'] },
        { name: '/property/:id', paths: listings },
        { name: '/vendor-profile/:id', paths: vendors },
        { name: '/blog, /blog/:slug', paths: ['/blog', '/blog/bench-post'] },
        { name: '/faq, /about', paths: ['/faq', '/about'] },
        { name: 'unknown path (404)', paths: ['/no-such-page', '/property/00000000-0000-4000-8000-000000000000'] },
      ];
      // HTML_CACHE_TTL_MS=0 npm run bench:html measures every request rendering (as before the cache).
      const ttl = process.env.HTML_CACHE_TTL_MS ?? '';
      const cacheSetting = ttl === '0' ? 'off' : `on (${ttl || 'default'} ms)`;
      // Warm-up: templates imported, statements prepared.
      for (const family of families) for (const p of family.paths.slice(0, 5)) await fetch(`${url}${p}`).then((r) => r.arrayBuffer());
      // One client first: the time one page costs the server when nothing queues behind it.
      console.info('\none client, 100 requests per family: p50 / p95 ms');
      for (const family of families) {
        const times: number[] = [];
        for (let i = 0; i < 100; i++) {
          const started = performance.now();
          const response = await fetch(`${url}${family.paths[i % family.paths.length]}`);
          await response.arrayBuffer();
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        console.info(`${family.name.padEnd(30)} ${percentile(times, 50).toFixed(1).padStart(7)} ${percentile(times, 95).toFixed(1).padStart(7)}`);
      }
      console.info(
        `\n${CONNECTIONS} connections, ${SECONDS} s per family, ${os.cpus().length} cores, load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}, rendered-page cache ${cacheSetting}`,
      );
      console.info('family                          req/s    p50 ms  p95 ms  p99 ms  KiB/page  statuses');
      for (const family of families) {
        const r = await measure(url, family);
        console.info(
          `${family.name.padEnd(30)} ${r.rps.toFixed(0).padStart(6)}  ${r.p50.toFixed(1).padStart(7)} ${r.p95.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)}  ${(r.bytes / 1024).toFixed(1).padStart(8)}  ${r.statuses}${r.errors ? `  errors ${r.errors}` : ''}`,
        );
      }
    } finally {
      await stopChild(child, 'SIGTERM');
    }
  } finally {
    if (dbName) await admin(`drop database if exists ${dbName} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
