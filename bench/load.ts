// npm run bench:load [-- --duration 30s] — 200 simulated users against a real backend process (issue 13):
// browsing, listing pages, search, favourites, messages and sign-ins, each user with its own account,
// for a configurable time (default 5 minutes). The backend runs as `node backend/src/main.ts` in its own
// process, on the embedded database (PGlite in its worker thread), or on PostgreSQL when DATABASE_URL is
// set. Prints throughput, errors and p50/p95/p99 per operation, and the server's memory over time.
// Then two availability figures:
//  - health p99 while ten regex-bomb requests run (target < 50 ms);
//  - static index.html and health p99 under 50 concurrent clients while database work runs (target
//    < 20 ms, issue 13 item 4).
// Options: --duration 30s|5m|300 (seconds), --users 200, --think 1000 (mean ms between a user's actions).
// Env: DATABASE_URL (PostgreSQL instead of PGlite; the catalogue is seeded when empty).
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { runSeed } from '../supabase/seed/index.ts';
import { freePort } from '../scripts/lib/free-port.ts';
import { stopChild, waitUntilAnswers } from '../scripts/lib/child.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'Kx9!mPq2#Lw7-Tz';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5m' },
    users: { type: 'string', default: '200' },
    think: { type: 'string', default: '1000' },
  },
});

function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim());
  if (!match) throw new Error(`--duration: expected e.g. 30s, 5m or 300, got ${text}`);
  const n = Number(match[1]);
  return match[2] === 'ms' ? n : match[2] === 'm' ? n * 60_000 : n * 1000;
}

const DURATION_MS = parseDuration(values.duration);
const USERS = Number(values.users);
const THINK_MS = Number(values.think);

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? NaN : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN));
const ms = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(1));

/** Latencies and failures per operation. */
class Stats {
  readonly latencies = new Map<string, number[]>();
  readonly errors = new Map<string, number>();
  readonly samples: string[] = [];

  record(op: string, millis: number, ok: boolean, detail?: string): void {
    const list = this.latencies.get(op) ?? [];
    list.push(millis);
    this.latencies.set(op, list);
    if (!ok) {
      this.errors.set(op, (this.errors.get(op) ?? 0) + 1);
      if (detail && this.samples.length < 10) this.samples.push(`${op}: ${detail}`);
    }
  }

  print(seconds: number): void {
    const rows = [...this.latencies.entries()].sort(([a], [b]) => a.localeCompare(b));
    const total = rows.reduce((n, [, l]) => n + l.length, 0);
    const errors = [...this.errors.values()].reduce((a, b) => a + b, 0);
    console.info(`\n${total} requests in ${seconds.toFixed(0)} s: ${(total / seconds).toFixed(1)} req/s, ${errors} errors`);
    console.info(`${'operation'.padEnd(16)} ${'count'.padStart(7)} ${'errors'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
    for (const [op, list] of rows) {
      const sorted = [...list].sort((a, b) => a - b);
      console.info(`${op.padEnd(16)} ${String(list.length).padStart(7)} ${String(this.errors.get(op) ?? 0).padStart(7)} ${ms(percentile(sorted, 50)).padStart(8)} ${ms(percentile(sorted, 95)).padStart(8)} ${ms(percentile(sorted, 99)).padStart(8)}`);
    }
    if (this.samples.length > 0) console.info(`first errors:\n  ${this.samples.join('\n  ')}`);
  }
}

/** The server process's resident memory (Linux), in MB. */
function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
    return kb / 1024;
  } catch {
    return NaN;
  }
}

interface Backend {
  url: string;
  child: ChildProcess;
  anonKey: string;
  serviceRoleKey: string;
  kind: string;
  stop(): Promise<void>;
}

async function startBackend(): Promise<Backend> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-load-'));
  const deployDir = path.join(dataDir, 'deploy');
  fs.mkdirSync(deployDir, { recursive: true });
  // The shell's index.html when it was built (npm start), otherwise a page of the same kind and size.
  const built = path.join(repoRoot, '.deploy', 'index.html');
  fs.writeFileSync(
    path.join(deployDir, 'index.html'),
    fs.existsSync(built) ? fs.readFileSync(built) : `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Modula</title>${'<link rel="preload" href="/x.js">'.repeat(40)}</head><body><div id="root"></div></body></html>`,
  );
  const port = String(await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEPLOY_DIR: deployDir,
    SEED: 'off',
    LOG_LEVEL: 'warn',
    MODE: process.env.DATABASE_URL ? 'production' : 'embedded',
    BETA_GATE: 'off',
    // Every simulated user signs in from 127.0.0.1: the per-address sign-in allowance is raised so
    // that the bench measures the server, not the limiter (whose own tests are in backend/test/auth).
    RATE_LIMIT_IP_MAX: '100000',
    RATE_LIMIT_EMAIL_MAX: '10000',
  };
  const child = spawn(process.execPath, [path.join(repoRoot, 'backend', 'src', 'main.ts')], { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-5000);
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswers(`${url}/health`, child, { name: 'The backend', timeoutMs: 300_000, intervalMs: 250 });
  } catch (error) {
    console.error(log);
    throw error;
  }
  const keys = JSON.parse(fs.readFileSync(path.join(dataDir, 'keys.json'), 'utf8')) as { anonKey: string; serviceRoleKey: string };
  const kind = ((await (await fetch(`${url}/health`)).json()) as { database: string }).database;
  return {
    url,
    child,
    kind,
    ...keys,
    async stop() {
      await stopChild(child, 'SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Account {
  ip: string;
  email: string;
  id: string;
  token: string;
}

async function main(): Promise<void> {
  console.info(`bench:load: ${USERS} users for ${(DURATION_MS / 1000).toFixed(0)} s, think time ~${THINK_MS} ms${process.env.DATABASE_URL ? ', PostgreSQL' : ', embedded PGlite'}`);
  const started = performance.now();
  const backend = await startBackend();
  console.info(`backend (${backend.kind}) up in ${((performance.now() - started) / 1000).toFixed(1)} s at ${backend.url}, pid ${backend.child.pid}`);
  try {
    await run(backend);
  } finally {
    await backend.stop();
  }
}

async function api(backend: Backend, method: string, url: string, options: { token?: string; body?: unknown; prefer?: string; key?: string; ip?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { apikey: options.key ?? backend.anonKey };
  // As nginx in front of the server would say (127.0.0.1 is a trusted proxy): each simulated user
  // comes from an address of its own, so per-address limits and turns see 200 people, not one.
  if (options.ip) headers['X-Forwarded-For'] = options.ip;
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.prefer) headers.Prefer = options.prefer;
  return fetch(`${backend.url}${url}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
}

async function run(backend: Backend): Promise<void> {
  // The catalogue: the demo marketplace through the public API, as npm start seeds it.
  let started = performance.now();
  const existing = (await (await api(backend, 'GET', '/rest/v1/listings?select=id&limit=1')).json()) as unknown[];
  if (existing.length === 0) {
    const summary = await runSeed({ url: backend.url, serviceRoleKey: backend.serviceRoleKey, images: false });
    console.info(`seeded ${summary.listings} listings in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const listings = ((await (await api(backend, 'GET', '/rest/v1/listings?select=id,title&status=eq.published&limit=200')).json()) as { id: string; title: string }[]);
  if (listings.length === 0) throw new Error('no published listings to browse');
  const words = [...new Set(listings.flatMap((l) => l.title.toLowerCase().split(/\W+/).filter((w) => w.length > 3)))].slice(0, 40);

  // One account per simulated user, created through the auth admin API and signed in once.
  started = performance.now();
  const batchTag = crypto.randomBytes(3).toString('hex');
  const accounts: Account[] = [];
  for (let i = 0; i < USERS; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, USERS - i) }, async (_, j) => {
        const email = `load-${batchTag}-${i + j}@bench.modula.eu`;
        const ip = `10.20.${(i + j) >> 8}.${((i + j) & 255) + 1}`;
        const created = await api(backend, 'POST', '/auth/v1/admin/users', {
          key: backend.serviceRoleKey,
          token: backend.serviceRoleKey,
          body: { email, password: PASSWORD, email_confirm: true, user_metadata: { name: `Load ${i + j}`, user_type: 'customer' } },
        });
        if (!created.ok) throw new Error(`creating ${email}: ${created.status} ${await created.text()}`);
        const signed = await api(backend, 'POST', '/auth/v1/token?grant_type=password', { body: { email, password: PASSWORD }, ip });
        if (!signed.ok) throw new Error(`signing in ${email}: ${signed.status} ${await signed.text()}`);
        const session = (await signed.json()) as { access_token: string; user: { id: string } };
        return { ip, email, id: session.user.id, token: session.access_token };
      }),
    );
    accounts.push(...batch);
  }
  console.info(`${accounts.length} accounts ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const stats = new Stats();
  const pick = <T>(list: readonly T[]): T => list[crypto.randomInt(list.length)]!;

  async function timed(op: string, request: () => Promise<Response>, expected: (status: number) => boolean = (s) => s < 400): Promise<Response | null> {
    const t0 = performance.now();
    let status: number;
    let body: string;
    try {
      const response = await request();
      status = response.status;
      body = await response.text();
    } catch (error) {
      stats.record(op, performance.now() - t0, false, (error as Error).message);
      return null;
    }
    const ok = expected(status);
    stats.record(op, performance.now() - t0, ok, ok ? undefined : `${status} ${body.slice(0, 200)}`);
    if (!ok) return null;
    return new Response(status === 204 || status === 205 || status === 304 ? null : body, { status });
  }

  const actions: [number, (account: Account) => Promise<unknown>][] = [
    [30, (a) => timed('browse', () => api(backend, 'GET', `/rest/v1/listings?select=id,title,price,listing_type,space_type,created_at&status=eq.published&order=created_at.desc&limit=24&offset=${24 * crypto.randomInt(4)}`, { ip: a.ip }))],
    [20, (a) => timed('listing', () => api(backend, 'GET', `/rest/v1/listings?select=*,companies(name,verified)&id=eq.${pick(listings).id}`, { token: a.token, ip: a.ip }))],
    [15, (a) => timed('search', () => api(backend, 'POST', '/rest/v1/rpc/search_listings', { body: { query: pick(words), result_limit: 20, result_offset: 0 }, ip: a.ip }))],
    [
      15,
      async (a) => {
        const listing = pick(listings).id;
        await timed('favourite add', () => api(backend, 'POST', '/rest/v1/favorites', { token: a.token, ip: a.ip, body: { user_id: a.id, listing_id: listing }, prefer: 'resolution=ignore-duplicates,return=minimal' }));
        await timed('favourites', () => api(backend, 'GET', '/rest/v1/favorites?select=listing_id,created_at&order=created_at.desc', { token: a.token, ip: a.ip }));
        await timed('favourite remove', () => api(backend, 'DELETE', `/rest/v1/favorites?listing_id=eq.${listing}`, { token: a.token, ip: a.ip }));
      },
    ],
    [
      12,
      async (a) => {
        const opened = await timed('open conversation', () => api(backend, 'POST', '/rest/v1/rpc/open_conversation', { token: a.token, ip: a.ip, body: { listing_id: pick(listings).id } }));
        if (!opened) return;
        const conversation = (await opened.json()) as { id: string };
        await timed('send message', () =>
          api(backend, 'POST', '/rest/v1/messages', { token: a.token, ip: a.ip, body: { conversation_id: conversation.id, sender_id: a.id, content: `Is this home still available? (${crypto.randomUUID().slice(0, 8)})` }, prefer: 'return=minimal' }),
        );
        await timed('read messages', () => api(backend, 'GET', `/rest/v1/messages?select=id,content,sender_id,created_at&conversation_id=eq.${conversation.id}&order=created_at.desc&limit=50`, { token: a.token, ip: a.ip }));
      },
    ],
    [
      8,
      (a) =>
        timed('sign in', async () => {
          const response = await api(backend, 'POST', '/auth/v1/token?grant_type=password', { body: { email: a.email, password: PASSWORD }, ip: a.ip });
          if (response.ok) {
            const body = await response.text();
            a.token = (JSON.parse(body) as { access_token: string }).access_token;
            return new Response(body, { status: response.status, headers: response.headers });
          }
          return response;
        }),
    ],
  ];
  const totalWeight = actions.reduce((n, [w]) => n + w, 0);
  const chooseAction = () => {
    let r = crypto.randomInt(totalWeight);
    for (const [weight, action] of actions) {
      if (r < weight) return action;
      r -= weight;
    }
    return actions[0]![1];
  };

  // Memory over time.
  const pid = backend.child.pid!;
  const memory: { at: number; mb: number }[] = [];
  const loadStarted = performance.now();
  const sampler = setInterval(() => memory.push({ at: (performance.now() - loadStarted) / 1000, mb: rssMb(pid) }), 5000);
  memory.push({ at: 0, mb: rssMb(pid) });

  const deadline = loadStarted + DURATION_MS;
  await Promise.all(
    accounts.map(async (account, i) => {
      await sleep((i * THINK_MS) / accounts.length); // staggered arrival
      while (performance.now() < deadline) {
        await chooseAction()(account);
        await sleep(THINK_MS * (0.5 + Math.random()));
      }
    }),
  );
  clearInterval(sampler);
  memory.push({ at: (performance.now() - loadStarted) / 1000, mb: rssMb(pid) });
  stats.print((performance.now() - loadStarted) / 1000);
  const step = Math.max(1, Math.floor(memory.length / 12));
  console.info(`server memory (RSS, MB) over time: ${memory.filter((_, i) => i % step === 0 || i === memory.length - 1).map((m) => `${m.at.toFixed(0)}s ${m.mb.toFixed(0)}`).join(' | ')}`);

  // Health while ten regex bombs run. A long description makes the back-references catastrophic.
  const victim = listings[0]!.id;
  const patched = await api(backend, 'PATCH', `/rest/v1/listings?id=eq.${victim}`, { key: backend.serviceRoleKey, token: backend.serviceRoleKey, body: { description: `${'ab'.repeat(2000)}c` }, prefer: 'return=minimal' });
  if (!patched.ok) console.warn(`could not lengthen a description (${patched.status}); the bombs may end early`);
  // Baseline: health alone on this machine, the same five clients, for five seconds.
  const baseline: number[] = [];
  const baselineEnd = performance.now() + 5000;
  await Promise.all(
    Array.from({ length: 5 }, async () => {
      while (performance.now() < baselineEnd) {
        const t0 = performance.now();
        const response = await fetch(`${backend.url}/health`);
        await response.arrayBuffer();
        baseline.push(performance.now() - t0);
        await sleep(20);
      }
    }),
  );
  const sortedBaseline = baseline.sort((a, b) => a - b);
  console.info(`
health alone (baseline): ${baseline.length} answers, p50 ${ms(percentile(sortedBaseline, 50))} ms, p99 ${ms(percentile(sortedBaseline, 99))} ms`);
  const bombPath = '/rest/v1/listings?select=id&description=match.%5E(.*)(.*)%5C2%5C1%24';
  const bombStarted = performance.now();
  const bombStatuses: number[] = [];
  const bombState = { running: true };
  const bombs = Promise.all(
    Array.from({ length: 10 }, async () => {
      const response = await api(backend, 'GET', bombPath, { ip: '10.66.6.6' });
      await response.arrayBuffer();
      bombStatuses.push(response.status);
    }),
  ).finally(() => (bombState.running = false));
  const health: number[] = [];
  const healthClients = Array.from({ length: 5 }, async () => {
    while (bombState.running) {
      const t0 = performance.now();
      const response = await fetch(`${backend.url}/health`);
      await response.arrayBuffer();
      health.push(performance.now() - t0);
      await sleep(20);
    }
  });
  // Another (signed-in) user's database request while the bombs run.
  await sleep(100);
  const otherStarted = performance.now();
  const otherResponse = await api(backend, 'GET', '/rest/v1/favorites?select=listing_id', { token: accounts[0]!.token, ip: accounts[0]!.ip });
  await otherResponse.arrayBuffer();
  const otherMs = performance.now() - otherStarted;
  const otherBeforeBombs = bombState.running;
  await bombs;
  await Promise.all(healthClients);
  const bombSeconds = (performance.now() - bombStarted) / 1000;
  const sortedHealth = health.sort((a, b) => a - b);
  console.info(
    `ten regex bombs: answered ${bombStatuses.sort().join(',')} within ${bombSeconds.toFixed(1)} s; health meanwhile: ${health.length} answers, ` +
      `p50 ${ms(percentile(sortedHealth, 50))} ms, p99 ${ms(percentile(sortedHealth, 99))} ms, max ${ms(sortedHealth.at(-1) ?? NaN)} ms (target p99 < 50 ms)`,
  );
  console.info(`another user's database request during the bombs: ${otherResponse.status} in ${ms(otherMs)} ms (${otherBeforeBombs ? 'before' : 'after'} the bombs had finished)`);

  // Static files and health under 50 concurrent clients while database work runs (item 4).
  const staticStats = new Stats();
  const dbLoad = { busy: true };
  const dbWorkers = Array.from({ length: 20 }, async () => {
    while (dbLoad.busy) {
      await timed('db work', () => api(backend, 'POST', '/rest/v1/rpc/search_listings', { body: { query: pick(words), result_limit: 20, result_offset: 0 }, ip: pick(accounts).ip }));
    }
  });
  const staticSeconds = Math.min(30, Math.max(10, DURATION_MS / 4000));
  const staticDeadline = performance.now() + staticSeconds * 1000;
  const staticClients = Array.from({ length: 50 }, async (_, i) => {
    const target = i % 2 === 0 ? '/index.html' : '/health';
    while (performance.now() < staticDeadline) {
      const t0 = performance.now();
      try {
        const response = await fetch(`${backend.url}${target}`);
        await response.arrayBuffer();
        staticStats.record(target === '/health' ? 'health' : 'index.html', performance.now() - t0, response.ok, String(response.status));
      } catch (error) {
        staticStats.record(target, performance.now() - t0, false, (error as Error).message);
      }
    }
  });
  await Promise.all(staticClients);
  dbLoad.busy = false;
  await Promise.all(dbWorkers);
  console.info('\n50 concurrent clients on index.html and health while 20 clients run searches (target p99 < 20 ms):');
  staticStats.print(staticSeconds);
  const dbSorted = [...(stats.latencies.get('db work') ?? [])].sort((a, b) => a - b);
  console.info(`database work meanwhile: ${dbSorted.length} searches, p50 ${ms(percentile(dbSorted, 50))} ms, p99 ${ms(percentile(dbSorted, 99))} ms`);
  console.info(`machine load average at the end: ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} on ${os.availableParallelism()} cores`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
