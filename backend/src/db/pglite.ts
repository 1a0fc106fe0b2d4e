import fs from 'node:fs';
import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import type { Database, Queryable, QueryResult, RequestContext } from './types.ts';
import { applyRequestContext } from './request-context.ts';
import { lockDataDir } from './lock.ts';

const asText = (value: string) => value;
// Same value shapes as the PostgreSQL adapter: SQL builds the JSON, these types stay text.
const parsers = {
  [pgliteTypes.INT8]: asText,
  [pgliteTypes.NUMERIC]: asText,
  [pgliteTypes.DATE]: asText,
  [pgliteTypes.TIMESTAMP]: asText,
  [pgliteTypes.TIMESTAMPTZ]: asText,
};

interface PgliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number; fields: { name: string; dataTypeID: number }[] }>;
  exec(sql: string): Promise<unknown>;
}

function wrap(conn: PgliteLike): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await conn.query<T>(sql, params as unknown[]);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length, fields: result.fields };
    },
    async exec(sql: string): Promise<void> {
      await conn.exec(sql);
    },
  };
}

export interface PgliteOptions {
  /**
   * A dumped data directory (PGlite's dumpDataDir) to start a NEW database from instead of running
   * initdb; ignored when the data directory already exists. Tests use a migrated template.
   */
  template?: Blob;
}

/**
 * Embedded PostgreSQL (PGlite) in this process, with its files under dataDir/pgdata. Pass
 * dataDir = null for an in-memory database (tests).
 */
export async function openPglite(dataDir: string | null, options: PgliteOptions = {}): Promise<Database & { dump(): Promise<Blob> }> {
  const release = dataDir ? lockDataDir(dataDir) : () => undefined;
  const pgdata = dataDir ? path.join(dataDir, 'pgdata') : null;
  const fresh = pgdata === null || !fs.existsSync(path.join(pgdata, 'PG_VERSION'));
  let db: PGlite;
  try {
    db = await PGlite.create(pgdata ?? 'memory://', {
      extensions: { pg_trgm, unaccent, pgcrypto },
      parsers,
      ...(fresh && options.template ? { loadDataDir: options.template } : {}),
    });
  } catch (error) {
    release();
    throw error;
  }
  const root = wrap(db as unknown as PgliteLike);

  // PGlite has a single connection; its transaction() serialises callers.
  function transaction<T>(fn: (tx: Queryable) => Promise<T>, context?: RequestContext): Promise<T> {
    return db.transaction(async (t) => {
      const tx = wrap(t as unknown as PgliteLike);
      if (context) await applyRequestContext(tx, context);
      return fn(tx);
    });
  }

  return {
    kind: 'pglite',
    query: root.query,
    exec: root.exec,
    transaction: (fn) => transaction(fn),
    asRole: (context, fn) => transaction(fn, context),
    queryAsRole: (context, sql, params) => transaction((tx) => tx.query(sql, params), context),
    async listen(channel, handler) {
      const unsubscribe = await db.listen(channel, handler);
      return async () => unsubscribe();
    },
    dump: () => db.dumpDataDir('gzip'),
    async close() {
      try {
        await db.close();
      } finally {
        release();
      }
    },
  };
}
