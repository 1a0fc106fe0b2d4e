import { getPublicClient } from '@modula/shared';

/** Thrown for every failed request; pages show their own message and never the raw one. */
export class CatalogError extends Error {
  override name = 'CatalogError';
  readonly code: string | null;
  constructor(message: string, code: string | null = null) {
    super(message);
    this.code = code;
  }
}

/**
 * PostgREST without supabase-js: a guest's first visit never downloads it. The session's token goes
 * with every request once there is a session, so row-level security sees the signed-in user.
 */
export function db() {
  return getPublicClient();
}

interface ErrorLike {
  message: string;
  code?: string;
}

/** Unwraps a supabase-js result: data, or a CatalogError carrying PostgREST's code. */
export function unwrap<T>(result: { data: unknown; error: ErrorLike | null }): T {
  if (result.error) throw new CatalogError(result.error.message, result.error.code ?? null);
  return result.data as T;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from the URL; anything that is not a uuid cannot name a row, so it is not asked for. */
export function isUuid(value: string | undefined): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** Quotes values for a PostgREST array literal (cs.{...}): features may hold spaces or commas. */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/** Strips the wildcard and escape characters of LIKE patterns from user text. */
export function likeFragment(value: string): string {
  return value.replace(/[%_*\\,()]/g, ' ').trim();
}
