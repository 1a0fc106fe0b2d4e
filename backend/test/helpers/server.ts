import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { loadConfig, type Config } from '../../src/config.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import type { Clock } from '../../src/clock.ts';
import { openPglite } from '../../src/db/pglite.ts';
import { migrate } from '../../src/db/migrate.ts';

export type TestDatabase = 'pglite' | 'postgres';

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let postgresReachable: Promise<boolean> | null = null;

/** Whether the PostgreSQL server the suites use is up. */
export function isPostgresReachable(): Promise<boolean> {
  postgresReachable ??= (async () => {
    // A busy machine can take seconds to accept a connection: three tries before calling it down.
    for (let attempt = 1; attempt <= 3; attempt++) {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5000 });
      try {
        await client.connect();
        await client.query('select 1');
        return true;
      } catch {
        if (attempt < 3) await new Promise((resolve) => setTimeout(resolve, 500));
      } finally {
        await client.end().catch(() => undefined);
      }
    }
    return false;
  })();
  return postgresReachable;
}

/**
 * The databases a suite runs on: PGlite always; PostgreSQL when reachable, and required when CI=true
 * (an unreachable server then fails the run instead of silently skipping).
 */
export async function testDatabases(): Promise<TestDatabase[]> {
  const only = process.env.TEST_DATABASES?.split(',').map((s) => s.trim()) as TestDatabase[] | undefined;
  const wanted = only ?? ['pglite', 'postgres'];
  const result: TestDatabase[] = [];
  for (const kind of wanted) {
    if (kind === 'postgres' && !(await isPostgresReachable())) {
      if (process.env.CI === 'true') throw new Error(`PostgreSQL is required when CI=true but ${POSTGRES_ADMIN_URL} is unreachable`);
      console.warn(`PostgreSQL at ${POSTGRES_ADMIN_URL} is unreachable: running on PGlite only`);
      continue;
    }
    result.push(kind);
  }
  return result;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const sqlDirs = [path.join(repoRoot, 'backend/src/db/bootstrap'), path.join(repoRoot, 'supabase/migrations')];

/**
 * A migrated PGlite data directory, built once per set of SQL files and kept in the temp dir, so a
 * test server starts from it instead of paying initdb plus every migration (seconds each under load).
 * The cache key is the content of every bootstrap and migration file, so a change rebuilds it.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const hash = crypto.createHash('sha256');
  hash.update(JSON.stringify(JSON.parse(fs.readFileSync(path.join(repoRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version));
  for (const dir of sqlDirs) {
    for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()) {
      hash.update(name).update(fs.readFileSync(path.join(dir, name)));
    }
  }
  const file = path.join(os.tmpdir(), `modula-pglite-template-${hash.digest('hex').slice(0, 16)}.tar.gz`);
  if (!fs.existsSync(file)) {
    const db = await openPglite(null);
    try {
      await migrate(db, path.join(repoRoot, 'supabase/migrations'));
      const dump = await db.dump();
      const partial = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, file);
    } finally {
      await db.close();
    }
  }
  return new Blob([fs.readFileSync(file)]);
}

export interface TestServer {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  server: RunningServer;
  config: Config;
  database: TestDatabase;
  /** A supabase-js client as the browser uses it (anon key, no persisted session). */
  client(options?: { accessToken?: string }): SupabaseClient;
  /** A client with the service_role key, which bypasses row-level security. */
  admin(): SupabaseClient;
  close(): Promise<void>;
}

export interface TestServerOptions {
  database: TestDatabase;
  env?: Record<string, string>;
  config?: Partial<Config>;
  /** Reuse a data dir (restart tests). A given data dir never starts from the migrated template. */
  dataDir?: string;
  /** Reuse a PostgreSQL database by name (restart and multi-process tests). */
  postgresDatabase?: string;
  /** Where the server's log lines go (with env LOG_LEVEL, which is silent otherwise). */
  logDestination?: DestinationStream;
  /** The server's clock (see testClock), for tests of lifetimes and intervals. */
  clock?: Clock;
  /** false: the server runs no scheduled jobs, so a test that runs one by hand sees all of its work. */
  scheduledJobs?: boolean;
}

export interface TestClock extends Clock {
  /** Moves the clock forward without waiting. */
  advance(ms: number): void;
}

/** The real time plus whatever the test moved it forward by. */
export function testClock(): TestClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance(ms) {
      offset += ms;
    },
  };
}

/** Starts a real backend on a free port with its own empty database and data dir. */
export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'modula-test-'));
  const deployDir = path.join(dataDir, 'deploy');
  let dbName: string | null = null;
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEPLOY_DIR: deployDir,
    MODE: 'development',
    LOG_LEVEL: 'silent',
    ...options.env,
  };
  if (options.database === 'postgres') {
    dbName = options.postgresDatabase ?? `modula_test_${crypto.randomBytes(6).toString('hex')}`;
    if (!options.postgresDatabase) await adminQuery(`create database ${dbName}`);
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
  }
  const config = loadConfig(env, options.config);
  const template = options.database === 'pglite' && !options.dataDir ? await pgliteTemplate() : undefined;
  const server = await startServer(config, { pgliteTemplate: template, logDestination: options.logDestination, clock: options.clock, scheduledJobs: options.scheduledJobs });
  const url = server.url;
  // The server announces itself on its real port; links in mail must point there too.
  server.context.config.siteUrl = options.config?.siteUrl ?? url;
  const anonKey = server.context.keys.anonKey;
  const serviceRoleKey = server.context.keys.serviceRoleKey;
  const clientOptions = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

  return {
    url,
    anonKey,
    serviceRoleKey,
    server,
    config,
    database: options.database,
    client(opts = {}) {
      return createClient(url, anonKey, {
        ...clientOptions,
        ...(opts.accessToken ? { global: { headers: { Authorization: `Bearer ${opts.accessToken}` } } } : {}),
      });
    },
    admin() {
      return createClient(url, serviceRoleKey, clientOptions);
    },
    async close() {
      await server.close();
      if (dbName && !options.postgresDatabase) await adminQuery(`drop database if exists ${dbName} with (force)`);
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
