// Real backend processes (node backend/src/main.ts, as `npm run start:cluster` starts them) on one fresh
// PostgreSQL database, optionally behind nginx: what the cluster suites drive from outside.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startCluster, type ClusterOptions, type RunningCluster } from '../../../scripts/lib/cluster.ts';
import { readApiKeys } from '../../../scripts/lib/backend.ts';
import { freePort } from '../../../scripts/lib/free-port.ts';
import { openPostgres } from '../../src/db/postgres.ts';
import { migrate } from '../../src/db/migrate.ts';
import { POSTGRES_ADMIN_URL } from '../helpers/server.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface TestDatabaseHandle {
  url: string;
  /** A pool on the test database as its owner (the test's own view, not any process's). */
  pool: pg.Pool;
  /** Applies the bootstrap and migrations before any process starts (as a release step would). */
  migrate(): Promise<void>;
  drop(): Promise<void>;
}

/** A fresh PostgreSQL database, dropped by drop(). */
export async function createTestDatabase(): Promise<TestDatabaseHandle> {
  const name = `modula_cluster_${crypto.randomBytes(6).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  return {
    url: url.toString(),
    pool,
    async migrate() {
      const db = await openPostgres(url.toString(), 2);
      try {
        await migrate(db, path.join(repoRoot, 'supabase/migrations'));
      } finally {
        await db.close();
      }
    },
    async drop() {
      await pool.end();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

export interface TestCluster extends RunningCluster {
  anonKey: string;
  serviceRoleKey: string;
  dataDir: string;
  /** Process `n`'s URL (1-based). */
  at(n: number): string;
  /** A supabase-js client of process `n`, or of nginx with 0. */
  client(n: number, options?: { accessToken?: () => string }): SupabaseClient;
  dispose(): Promise<void>;
}

/**
 * Starts `processes` backend processes on `database`, with nginx in front when `nginx` is true. The
 * deploy root holds only an index.html: these suites drive the API.
 */
export async function startTestCluster(
  database: TestDatabaseHandle,
  { processes = 2, nginx = false, env = {}, startup = 'first' }: { processes?: number; nginx?: boolean; env?: Record<string, string>; startup?: ClusterOptions['startup'] } = {},
): Promise<TestCluster> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-cluster-'));
  fs.chmodSync(root, 0o755);
  const deployDir = path.join(root, 'deploy');
  const dataDir = path.join(root, 'data');
  fs.mkdirSync(deployDir, { recursive: true });
  fs.writeFileSync(path.join(deployDir, 'index.html'), '<!doctype html><title>Modula</title>\n');
  let cluster: RunningCluster;
  try {
    cluster = await startCluster({
      repoRoot,
      processes,
      port: nginx ? await freePort() : null,
      deployDir,
      root,
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        DEPLOY_DIR: deployDir,
        LOG_LEVEL: 'silent',
        SEED: 'off',
        BETA_GATE: 'off',
        MAILER_AUTOCONFIRM: 'true',
        ...env,
      },
      output: 'quiet',
      startup,
    });
  } catch (error) {
    fs.rmSync(root, { recursive: true, force: true });
    throw error;
  }
  const { anonKey, serviceRoleKey } = readApiKeys(dataDir);
  const at = (n: number) => (n === 0 ? cluster.url : cluster.processes[n - 1]!.url);
  return {
    ...cluster,
    anonKey,
    serviceRoleKey,
    dataDir,
    at,
    client(n, options = {}) {
      return createClient(at(n), anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        ...(options.accessToken ? { accessToken: async () => options.accessToken!() } : {}),
        realtime: { params: { log_level: 'error' } },
      });
    },
    async dispose() {
      await cluster.stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** POSTs JSON to `url` with the anon key (and a bearer token); returns status and parsed body. */
export async function post(url: string, anonKey: string, body: unknown, token?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { apikey: anonKey, 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

export const PASSWORD = 'Vx7#kettle-Orbit';

/** A confirmed user (admin API of process `n`), signed in on process `n`. */
export async function signedInUser(cluster: TestCluster, n: number, label: string): Promise<{ id: string; email: string; accessToken: string; refreshToken: string }> {
  const email = `${label}.${crypto.randomBytes(4).toString('hex')}@example.com`;
  const created = await post(`${cluster.at(n)}/auth/v1/admin/users`, cluster.anonKey, { email, password: PASSWORD, email_confirm: true }, cluster.serviceRoleKey);
  if (created.status !== 200) throw new Error(`creating ${email}: ${created.status} ${JSON.stringify(created.body)}`);
  const session = await post(`${cluster.at(n)}/auth/v1/token?grant_type=password`, cluster.anonKey, { email, password: PASSWORD });
  if (session.status !== 200) throw new Error(`signing in ${email}: ${session.status} ${JSON.stringify(session.body)}`);
  return {
    id: (created.body.id as string) ?? '',
    email,
    accessToken: session.body.access_token as string,
    refreshToken: session.body.refresh_token as string,
  };
}

/** A published table each user reads and writes only their own rows of (RLS), for the realtime checks. */
export const CLUSTER_SCHEMA_SQL = `
  create table public.cluster_items (
    id bigint generated always as identity primary key,
    user_id uuid not null default auth.uid(),
    body text not null,
    created_at timestamptz not null default now()
  );
  alter table public.cluster_items enable row level security;
  create policy cluster_items_read on public.cluster_items for select to authenticated using (user_id = auth.uid());
  create policy cluster_items_write on public.cluster_items for insert to authenticated with check (user_id = auth.uid());
  grant select, insert on public.cluster_items to authenticated;
  alter publication supabase_realtime add table public.cluster_items;
`;

/** Polls until check() is true, or fails after timeoutMs. */
export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
