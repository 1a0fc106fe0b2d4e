// npm run bench:cluster — the production shape under load: 1, 2 and N backend processes (N = CPU
// cores, or BENCH_PROCESSES=1,2,4) on one PostgreSQL behind nginx, as `npm run start:cluster` runs
// them, on a catalogue of BENCH_LISTINGS generated listings (seed:scale).
//   reads: the listings page's requests as mf-catalog sends them (categories with subcategories,
//          countries, the filter panel's listing_facets, a filtered and sorted page of 12 with an
//          estimated count, the sponsored listings of the same filters), cycling through filters.
//   mixed: the same reads with a signed-in user adding and removing favourites: 1 request in 5 writes.
// autocannon drives nginx with BENCH_CONNECTIONS connections for BENCH_DURATION seconds after a warm-up.
// Prints req/s, p50/p99 latency and the scaling factor against one process (target: at least 1.7x
// with 2 processes for reads), and the machine's load average before each run (the load generator,
// nginx, PostgreSQL and the processes share the machine). Then realtime delivery across processes:
// a subscriber on process 1 receives favourites inserted through process 2, timed from each change's
// commit to its arrival (target: p95 under 50 ms). Also the CPU milliseconds each request costs the
// backend processes, PostgreSQL, nginx and the load generator (from /proc): with every part on the
// same cores, their sum bounds what more processes can add. Asserts nothing.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createClient } from '@supabase/supabase-js';
import { openPostgres } from '../backend/src/db/postgres.ts';
import { migrate } from '../backend/src/db/migrate.ts';
import { seedScale } from '../backend/scripts/seed-scale.ts';
import { defaultPoolSize, startCluster, type RunningCluster } from '../scripts/lib/cluster.ts';
import { readApiKeys } from '../scripts/lib/backend.ts';
import { freePort } from '../scripts/lib/free-port.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CORES = os.availableParallelism();
const LEVELS = [...new Set((process.env.BENCH_PROCESSES ?? `1,2,${CORES}`).split(',').map(Number).filter((n) => n >= 1))].sort((a, b) => a - b);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 10_000);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 300);
const PASSWORD = 'Bench#cluster-2026';

const CARD_COLUMNS =
  'id,listing_type,space_type,category_id,vendor_id,title,price,price_unit,location,country,bedrooms,bathrooms,size,size_unit,' +
  'images,featured,sponsored,sponsored_until,sponsor_priority,shipping_type,shipping_continents,shipping_countries,free_shipping,published_at';
const PAGE_SIZE = 12;

type Request = { method: 'GET' | 'POST' | 'DELETE'; path: string; headers?: Record<string, string>; body?: string };

/** One visit to /listings with the i-th combination of filters: the five requests the page sends. */
function listingsPage(i: number, categoryIds: string[]): Request[] {
  const filters = new URLSearchParams();
  filters.set('status', 'eq.published');
  if (i % 3 !== 2) filters.set('category_id', `eq.${categoryIds[i % categoryIds.length]}`);
  if (i % 2 === 0) filters.set('price', `gte.${40_000 + (i % 5) * 20_000}`);
  if (i % 4 === 0) filters.set('bedrooms', `gte.${1 + (i % 3)}`);
  const sorts = ['featured.desc,published_at.desc,id', 'published_at.desc,id', 'price.asc,id', 'price.desc,id'];
  const page = new URLSearchParams(filters);
  page.set('select', CARD_COLUMNS);
  page.set('order', sorts[i % 4]!);
  // Later pages of the broader searches (a narrow one may have a single page).
  page.set('offset', String(i % 4 === 0 ? 0 : (i % 3) * PAGE_SIZE));
  page.set('limit', String(PAGE_SIZE));
  const sponsored = new URLSearchParams(filters);
  sponsored.set('select', CARD_COLUMNS);
  sponsored.set('sponsored', 'eq.true');
  sponsored.set('sponsored_until', `gt.${new Date().toISOString()}`);
  sponsored.set('order', 'sponsor_priority.desc');
  sponsored.set('limit', '12');
  return [
    { method: 'GET', path: '/rest/v1/categories?select=id,listing_type,slug,name,description,sort_order,subcategories(id,category_id,slug,name,sort_order)&order=sort_order' },
    { method: 'GET', path: '/rest/v1/countries?select=code,continent&order=code' },
    { method: 'POST', path: '/rest/v1/rpc/listing_facets', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ listing_types: null, max_values: 24 }) },
    { method: 'GET', path: `/rest/v1/listings?${page.toString()}`, headers: { prefer: 'count=estimated' } },
    { method: 'GET', path: `/rest/v1/listings?${sponsored.toString()}` },
  ];
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  load: number;
  /** CPU milliseconds per request, by who spent them (Linux /proc; empty elsewhere). */
  cpu: Record<string, number>;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

interface ProcInfo {
  pid: number;
  ppid: number;
  comm: string;
  cmdline: string;
  cpuMs: number;
}

function listProcesses(): ProcInfo[] {
  const result: ProcInfo[] = [];
  let dirs: string[];
  try {
    dirs = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return result;
  }
  for (const dir of dirs) {
    try {
      const stat = fs.readFileSync(`/proc/${dir}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      result.push({
        pid: Number(dir),
        ppid: Number(fields[1]),
        comm: stat.slice(stat.indexOf('(') + 1, close),
        cmdline: fs.readFileSync(`/proc/${dir}/cmdline`, 'utf8').replaceAll('\0', ' '),
        cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
      });
    } catch {
      // The process ended meanwhile.
    }
  }
  return result;
}

/**
 * CPU time so far of this cluster's parts only (other work on the machine is left out): the backend
 * processes, the PostgreSQL server processes of the bench database, nginx started under `root`.
 */
function cpuSnapshot(backendPids: number[], database: string, root: string): Record<string, number> {
  const all = listProcesses();
  const masters = new Set(all.filter((p) => p.comm === 'nginx' && p.cmdline.includes(root)).map((p) => p.pid));
  const sum = (list: ProcInfo[]) => list.reduce((total, p) => total + p.cpuMs, 0);
  const own = process.cpuUsage();
  return {
    backend: sum(all.filter((p) => backendPids.includes(p.pid))),
    postgres: sum(all.filter((p) => p.comm === 'postgres' && p.cmdline.includes(` ${database} `))),
    nginx: sum(all.filter((p) => masters.has(p.pid) || masters.has(p.ppid))),
    'load generator': (own.user + own.system) / 1000,
  };
}

interface Scope {
  pids: number[];
  database: string;
  root: string;
}

async function drive(url: string, headers: Record<string, string>, requests: Request[], seconds: number, scope: Scope | null = null): Promise<Figures> {
  const load = os.loadavg()[0]!;
  const snapshot = () => (scope ? cpuSnapshot(scope.pids, scope.database, scope.root) : {});
  const before: Record<string, number> = snapshot();
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers, requests });
  const after: Record<string, number> = snapshot();
  const cpu = Object.fromEntries(Object.keys(before).map((k) => [k, (after[k]! - before[k]!) / Math.max(1, result.requests.total)]));
  return {
    cpu,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    load,
  };
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function post(url: string, apikey: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { apikey, 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** Sends each request once: a request the API refuses would measure an error page, not the page. */
async function checkRequests(url: string, headers: Record<string, string>, requests: Request[]): Promise<void> {
  const failures = new Map<string, string>();
  for (const r of requests) {
    const response = await fetch(`${url}${r.path}`, { method: r.method, headers: { ...headers, ...r.headers }, body: r.body });
    const text = await response.text();
    if (response.status >= 300) failures.set(`${r.method} ${r.path.slice(0, 80)}`, `${response.status} ${text.slice(0, 200)}`);
  }
  for (const [request, failure] of failures) console.warn(`  refused: ${request}... -> ${failure}`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/** Favourites inserted through process 2, one after another, arriving at a subscriber on process 1. */
async function realtimeAcross(cluster: RunningCluster, anonKey: string, token: string, userId: string, listingIds: string[]): Promise<number[]> {
  const [one, two] = cluster.processes;
  const subscriber = createClient(one!.url, anonKey, { accessToken: async () => token, realtime: { params: { log_level: 'error' } } });
  await subscriber.realtime.setAuth();
  const arrivals = new Map<string, number>();
  const channel = subscriber.channel('bench-favourites');
  let waiting: (() => void) | null = null;
  const latencies: number[] = [];
  channel.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'favorites', filter: `user_id=eq.${userId}` }, (payload) => {
    const row = payload.new as { listing_id: string };
    arrivals.set(row.listing_id, Date.now());
    latencies.push(Date.now() - Date.parse(payload.commit_timestamp));
    waiting?.();
  });
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((status, error) => (status === 'SUBSCRIBED' ? resolve() : status === 'CHANNEL_ERROR' ? reject(error ?? new Error(status)) : undefined)),
  );
  for (const listingId of listingIds.slice(0, DELIVERIES)) {
    const arrived = new Promise<void>((resolve) => {
      waiting = resolve;
      setTimeout(resolve, 2000).unref();
    });
    await post(`${two!.url}/rest/v1/favorites`, anonKey, { user_id: userId, listing_id: listingId }, token);
    await arrived;
    waiting = null;
  }
  await subscriber.removeAllChannels();
  if (arrivals.size < Math.min(DELIVERIES, listingIds.length)) console.warn(`  ${Math.min(DELIVERIES, listingIds.length) - arrivals.size} changes did not arrive within 2 s`);
  return latencies.sort((a, b) => a - b);
}

const fmt = (f: Figures, base?: Figures) =>
  `${f.rps.toFixed(0).padStart(6)} req/s  p50 ${String(f.p50).padStart(4)} ms  p99 ${String(f.p99).padStart(4)} ms  ${base ? `x${(f.rps / base.rps).toFixed(2)}` : 'x1.00'}  errors ${f.errors}  load ${f.load.toFixed(1)}`;

async function main(): Promise<void> {
  const name = `modula_cluster_bench_${crypto.randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-cluster-bench-'));
  fs.chmodSync(root, 0o755);
  const deployDir = path.join(root, 'deploy');
  fs.mkdirSync(deployDir);
  fs.writeFileSync(path.join(deployDir, 'index.html'), '<!doctype html><title>Modula</title>\n');
  const dataDir = path.join(root, 'data');
  const results: { processes: number; reads: Figures; mixed: Figures }[] = [];
  let delivery: number[] = [];
  try {
    console.info(`PostgreSQL database ${name}: migrating and generating ${LISTINGS} listings...`);
    const db = await openPostgres(databaseUrl, 4);
    let categoryIds: string[];
    let listingIds: string[];
    try {
      await migrate(db, path.join(repoRoot, 'supabase/migrations'));
      await seedScale(db, LISTINGS);
      await db.exec('analyze');
      // Categories a visitor would browse: those with a few pages of listings.
      categoryIds = (
        await db.query<{ id: string }>(
          `select category_id as id from public.listings where status = 'published' group by category_id having count(*) >= 60 order by category_id`,
        )
      ).rows.map((r) => r.id);
      listingIds = (await db.query<{ id: string }>(`select id from public.listings where status = 'published' order by id limit $1`, [DELIVERIES + 200])).rows.map((r) => r.id);
    } finally {
      await db.close();
    }
    const reads = Array.from({ length: 24 }, (_, i) => listingsPage(i, categoryIds)).flat();

    for (const processes of LEVELS) {
      const cluster = await startCluster({
        repoRoot,
        processes,
        port: await freePort(),
        deployDir,
        root,
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          DEPLOY_DIR: deployDir,
          LOG_LEVEL: 'warn',
          SEED: 'off',
          BETA_GATE: 'off',
          MAILER_AUTOCONFIRM: 'true',
          // The load generator is one address; the per-address auth limit is not what is measured.
          RATE_LIMIT_IP_MAX: '100000',
        },
        output: 'quiet',
      });
      try {
        const { anonKey, serviceRoleKey } = readApiKeys(dataDir);
        const email = `bench.${crypto.randomBytes(4).toString('hex')}@example.com`;
        const user = await post(`${cluster.url}/auth/v1/admin/users`, anonKey, { email, password: PASSWORD, email_confirm: true }, serviceRoleKey);
        const session = await post(`${cluster.url}/auth/v1/token?grant_type=password`, anonKey, { email, password: PASSWORD });
        const token = session.access_token as string;
        const userId = user.id as string;
        const headers = { apikey: anonKey };
        // Mixed: every fifth request a write (a favourite added, then removed again), as the signed-in user.
        const mixed: Request[] = [];
        for (const [i, request] of reads.slice(0, 40).entries()) {
          mixed.push(request);
          if (i % 8 === 3) mixed.push({ method: 'POST', path: '/rest/v1/favorites?on_conflict=user_id,listing_id', headers: { 'content-type': 'application/json', prefer: 'resolution=ignore-duplicates,return=minimal' }, body: JSON.stringify({ user_id: userId, listing_id: listingIds[i % 50] }) });
          if (i % 8 === 7) mixed.push({ method: 'DELETE', path: `/rest/v1/favorites?user_id=eq.${userId}&listing_id=eq.${listingIds[(i - 4) % 50]}` });
        }
        const mixedRequests = mixed.map((r) => ({ ...r, headers: { ...r.headers, authorization: `Bearer ${token}` } }));
        await checkRequests(cluster.url, headers, reads);
        await checkRequests(cluster.url, headers, mixedRequests);
        const pool = process.env.DATABASE_POOL_SIZE ?? String(defaultPoolSize(processes));
        console.info(`\n${processes} process${processes === 1 ? '' : 'es'} behind nginx (${cluster.url}), ${pool} database connections each, ${CONNECTIONS} client connections, ${DURATION} s each`);
        // Fresh processes: V8 optimises and the schema caches fill during the warm-up, of both loads.
        await drive(cluster.url, headers, reads, WARMUP);
        await drive(cluster.url, headers, mixedRequests, Math.ceil(WARMUP / 2));
        const scope = { pids: cluster.processes.map((p) => p.child?.pid ?? 0).filter(Boolean), database: name, root };
        const readFigures = await drive(cluster.url, headers, reads, DURATION, scope);
        const mixedFigures = await drive(cluster.url, headers, mixedRequests, DURATION, scope);
        results.push({ processes, reads: readFigures, mixed: mixedFigures });
        const base = results[0];
        console.info(`  reads  ${fmt(readFigures, base?.reads)}`);
        console.info(`  mixed  ${fmt(mixedFigures, base?.mixed)}`);
        const split = (f: Figures) => Object.entries(f.cpu).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ');
        console.info(`  CPU ms per request, reads: ${split(readFigures)}`);
        console.info(`  CPU ms per request, mixed: ${split(mixedFigures)}`);
        if (processes >= 2 && delivery.length === 0) {
          await fetch(`${cluster.url}/rest/v1/favorites?user_id=eq.${userId}`, { method: 'DELETE', headers: { apikey: anonKey, authorization: `Bearer ${token}` } });
          delivery = await realtimeAcross(cluster, anonKey, token, userId, listingIds.slice(50));
          console.info(
            `  realtime across processes (${delivery.length} changes, commit -> subscriber on the other process): p50 ${percentile(delivery, 50)} ms  p95 ${percentile(delivery, 95)} ms  p99 ${percentile(delivery, 99)} ms  max ${delivery.at(-1)} ms`,
          );
        }
      } finally {
        await cluster.stop();
      }
    }
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
    fs.rmSync(root, { recursive: true, force: true });
  }

  console.info(`\nSummary (${CORES} CPU cores; load average 1 min before each run in the table)`);
  console.info('processes | reads req/s | p50 | p99 | scaling | mixed req/s | p50 | p99 | scaling | load');
  const base = results[0]!;
  for (const r of results) {
    console.info(
      `${String(r.processes).padStart(9)} | ${r.reads.rps.toFixed(0).padStart(11)} | ${r.reads.p50} | ${r.reads.p99} | x${(r.reads.rps / base.reads.rps).toFixed(2)} | ${r.mixed.rps.toFixed(0).padStart(11)} | ${r.mixed.p50} | ${r.mixed.p99} | x${(r.mixed.rps / base.mixed.rps).toFixed(2)} | ${r.reads.load.toFixed(1)}`,
    );
  }
  if (delivery.length) console.info(`realtime delivery across processes: p95 ${percentile(delivery, 95)} ms (target < 50 ms)`);
}

await main();
