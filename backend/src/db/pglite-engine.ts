import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite, types as pgliteTypes, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import type { DatabaseError, Queryable, QueryResult } from './types.ts';

const asText = (value: string) => value;
// Same value shapes as the PostgreSQL adapter: SQL builds the JSON, these types stay text.
const parsers = {
  [pgliteTypes.INT8]: asText,
  [pgliteTypes.NUMERIC]: asText,
  [pgliteTypes.DATE]: asText,
  [pgliteTypes.TIMESTAMP]: asText,
  [pgliteTypes.TIMESTAMPTZ]: asText,
};

export interface PgliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number; fields: { name: string; dataTypeID: number }[] }>;
  exec(sql: string): Promise<unknown>;
}

/** A compiled WebAssembly module (the backend's TypeScript lib has no WebAssembly types). */
export type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } }).WebAssembly;

let compiled: Promise<WasmModule> | null = null;

/**
 * PGlite's WebAssembly, compiled once per process and handed to every worker thread, so replacing
 * a worker after a statement timeout does not pay the compilation again.
 */
export function pgliteWasmModule(): Promise<WasmModule> {
  compiled ??= (async () => {
    const file = fileURLToPath(new URL('pglite.wasm', import.meta.resolve('@electric-sql/pglite')));
    return wasm.compile(await fs.promises.readFile(file));
  })();
  return compiled;
}

/** Opens PGlite with Modula's extensions and value parsers; pgdata null = in memory. */
export function createPglite(pgdata: string | null, template?: Blob, wasmModule?: WasmModule): Promise<PGlite> {
  return PGlite.create(pgdata ?? 'memory://', {
    extensions: { pg_trgm, unaccent, pgcrypto },
    parsers,
    ...(template ? { loadDataDir: template } : {}),
    ...(wasmModule ? { pgliteWasmModule: wasmModule } : {}),
  });
}

export function wrap(conn: PgliteLike): Queryable {
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

/** The fields of a database error that cross the worker boundary (structured clone keeps only message). */
const ERROR_FIELDS = ['code', 'detail', 'hint', 'table', 'constraint', 'position', 'internalQuery', 'internalPosition', 'schema', 'column', 'dataType', 'where', 'severity', 'routine'] as const;

export type SerializedError = { message: string; name: string; stack?: string } & Partial<Record<(typeof ERROR_FIELDS)[number], string>>;

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error' };
  const out: SerializedError = { message: error.message, name: error.name, stack: error.stack };
  for (const field of ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (value !== undefined && value !== null) out[field] = String(value);
  }
  return out;
}

export function deserializeError(serialized: SerializedError): DatabaseError {
  const error = new Error(serialized.message) as DatabaseError & Record<string, unknown>;
  error.name = serialized.name;
  for (const [key, value] of Object.entries(serialized)) {
    if (key !== 'message' && key !== 'name' && key !== 'stack') error[key] = value;
  }
  return error;
}
