// A backend for a benchmark: the real server (backend/src) on a fresh database, PGlite and, when it is
// reachable, PostgreSQL. Benchmarks start it from the backend's own code, never from the test suites'
// helpers (an oxlint rule keeps bench/ out of backend/test).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../backend/src/config.ts';
import { startServer, type RunningServer } from '../../backend/src/server.ts';

export type BenchDatabase = 'pglite' | 'postgres';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** PGlite always; PostgreSQL when ADMIN_URL answers (BENCH_DATABASES=pglite,postgres chooses). */
export async function benchDatabases(): Promise<BenchDatabase[]> {
  const wanted = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((s) => s.trim()) as BenchDatabase[];
  const result: BenchDatabase[] = [];
  for (const kind of wanted) {
    if (kind === 'postgres') {
      try {
        await adminQuery('select 1');
      } catch {
        console.warn(`PostgreSQL at ${ADMIN_URL} is unreachable: measuring PGlite only`);
        continue;
      }
    }
    result.push(kind);
  }
  return result;
}

export interface BenchServer {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  server: RunningServer;
  close(): Promise<void>;
}

/** Starts the backend on a free port with an empty, migrated database of its own. */
export async function startBenchServer(database: BenchDatabase): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-bench-'));
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEPLOY_DIR: path.join(dataDir, 'deploy'),
    MODE: 'development',
    SEED: 'off',
    LOG_LEVEL: 'silent',
  };
  let dbName: string | null = null;
  if (database === 'postgres') {
    dbName = `modula_bench_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${dbName}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
  }
  const quiet = { info: () => undefined, warn: (m: string) => console.warn(m), error: (m: string) => console.error(m) };
  const server = await startServer(loadConfig(env), { logger: quiet });
  return {
    url: server.url,
    anonKey: server.context.keys.anonKey,
    serviceRoleKey: server.context.keys.serviceRoleKey,
    server,
    async close() {
      await server.close();
      if (dbName) await adminQuery(`drop database if exists ${dbName} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
