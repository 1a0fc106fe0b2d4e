// A server under load for bench/rest.ts, in its own process so the load generator does not share
// its event loop: `modula` is the real backend; `baseline` is a bare node:http server that runs
// the very SQL text /rest/v1 generates for the same URL over a plain pg pool and returns its JSON.
// It reports its CPU time and peak RSS over IPC.
import crypto from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import { loadConfig } from '../backend/src/config.ts';
import { startServer } from '../backend/src/server.ts';
import { loadSchemaCache, qualifiedKey, type SchemaCache } from '../backend/src/rest/schema-cache.ts';
import { prepareRead, tableReadSource } from '../backend/src/rest/handlers/read.ts';
import { parseQueryParams } from '../backend/src/rest/query-params.ts';
import { parsePrefer } from '../backend/src/rest/prefer.ts';
import type { Accept, RestRequest } from '../backend/src/rest/request.ts';

export interface TargetMessage {
  type: 'ready' | 'stats';
  url?: string;
  anonKey?: string;
  /** An access token of a signed-in user, as GoTrue would issue it. */
  userToken?: string;
  cpuMicros?: number;
  maxRssKb?: number;
}

const [mode, databaseUrl, poolSize] = process.argv.slice(2);
if (!process.send || (mode !== 'modula' && mode !== 'baseline') || !databaseUrl) {
  throw new Error('usage (forked by bench/rest.ts): rest-target.ts modula|baseline <DATABASE_URL> <pool size>');
}
const send = (message: TargetMessage) => process.send?.(message);

process.on('message', (message: { type: string }) => {
  if (message.type === 'stats') {
    const cpu = process.cpuUsage();
    send({ type: 'stats', cpuMicros: cpu.user + cpu.system, maxRssKb: process.resourceUsage().maxRSS });
  }
});

interface Template {
  sql: string;
  values: unknown[];
  /** Parameter positions that carry a request's values, by query key. */
  slots: Map<string, number>;
  accept: Accept;
}

// Sentinels planted in a template URL, found again among the generated statement's parameters.
const SENTINELS: Record<string, string> = { id: '987654321', category: 'sentinel-category', price: '123456789', offset: '7531' };

function template(cache: SchemaCache, rawQuery: string, accept: Accept): Template {
  const table = cache.tables.get(qualifiedKey('public', 'bench_items'));
  if (!table) throw new Error('bench_items is not in the schema cache');
  const req: RestRequest = {
    method: 'GET',
    schema: 'public',
    profileHeader: false,
    params: parseQueryParams(rawQuery),
    prefer: parsePrefer(undefined),
    accept,
    range: null,
    rawBody: null,
    contentType: 'application/json',
    db: { role: 'anon', claims: { role: 'anon' } },
  };
  const prepared = prepareRead(cache, req, tableReadSource(cache, req, table));
  const slots = new Map<string, number>();
  prepared.params.values.forEach((value, index) => {
    for (const [key, sentinel] of Object.entries(SENTINELS)) if (String(value) === sentinel) slots.set(key, index);
  });
  return { sql: prepared.sql, values: prepared.params.values, slots, accept };
}

async function startBaseline(url: string, max: number): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max });
  const client = await pool.connect();
  let cache: SchemaCache;
  try {
    await client.query('begin');
    cache = await loadSchemaCache({
      query: async (sql, params) => {
        const r = await client.query(sql, params as unknown[]);
        return { rows: r.rows, rowCount: r.rowCount ?? 0, fields: r.fields };
      },
      exec: async (sql) => {
        await client.query(sql);
      },
    });
    await client.query('commit');
  } finally {
    client.release();
  }
  const pk = template(cache, `select=*&id=eq.${SENTINELS.id}`, 'object');
  const list = template(
    cache,
    `select=id,title,price,category,created_at&category=eq.${SENTINELS.category}&price=gte.${SENTINELS.price}&order=created_at.desc&limit=20&offset=${SENTINELS.offset}`,
    'json',
  );

  const server = http.createServer((request, response) => {
    const requestUrl = new URL(request.url ?? '/', 'http://localhost');
    const tpl = requestUrl.searchParams.has('id') ? pk : list;
    const values = [...tpl.values];
    for (const [key, index] of tpl.slots) {
      const raw = requestUrl.searchParams.get(key) ?? '';
      values[index] = raw.startsWith('eq.') ? raw.slice(3) : raw.startsWith('gte.') ? raw.slice(4) : raw;
    }
    pool.query<{ body: string; page_total: string }>(tpl.sql, values).then(
      (result) => {
        const row = result.rows[0];
        const rows = Number(row?.page_total ?? 0);
        let body = row?.body ?? '[]';
        if (tpl.accept === 'object') {
          if (rows !== 1) {
            response.writeHead(406, { 'Content-Type': 'application/json; charset=utf-8' });
            response.end('{"code":"PGRST116"}');
            return;
          }
          body = body.slice(1, -1);
        }
        response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
        response.end(body);
      },
      (error: Error) => {
        response.writeHead(500);
        response.end(error.message);
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  process.on('disconnect', () => {
    server.close();
    void pool.end().finally(() => process.exit(0));
  });
  send({ type: 'ready', url: `http://127.0.0.1:${address.port}` });
}

async function startModula(url: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-bench-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEPLOY_DIR: path.join(dataDir, 'deploy'),
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: poolSize ?? '10',
    MODE: 'development',
    LOG_LEVEL: 'warn',
  });
  const server = await startServer(config);
  process.on('disconnect', () => {
    void server.close().finally(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
  const userToken = await server.context.keys.sign({ sub: crypto.randomUUID(), role: 'authenticated', aud: 'authenticated', session_id: crypto.randomUUID() }, 3600);
  send({ type: 'ready', url: server.url, anonKey: server.context.keys.anonKey, userToken });
}

if (mode === 'modula') await startModula(databaseUrl);
else await startBaseline(databaseUrl, Number(poolSize ?? 10));
