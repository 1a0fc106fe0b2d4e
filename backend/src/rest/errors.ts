import type { DatabaseError } from '../db/types.ts';

/** The error body PostgREST sends; supabase-js copies it into PostgrestError. */
export interface RestErrorBody {
  code: string;
  details: unknown;
  hint: string | null;
  message: string;
}

/** An error answered to the client with PostgREST's status, code and wording. */
export class RestError extends Error {
  override name = 'RestError';
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  readonly hint: string | null;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    options: { details?: unknown; hint?: string | null; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = options.details ?? null;
    this.hint = options.hint ?? null;
    this.headers = options.headers ?? {};
  }

  body(): RestErrorBody {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** PGRST100: what failed to parse (e.g. `select parameter (a,b(`) and why. */
export const parseError = (what: string, details: string | null = null) =>
  new RestError(400, 'PGRST100', `failed to parse ${what}`, { details });

export const invalidBody = (message: string) => new RestError(400, 'PGRST102', message);

export const notFoundTable = (schema: string, name: string, suggestion: string | null) =>
  new RestError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`, {
    hint: suggestion ? `Perhaps you meant the table '${schema}.${suggestion}'` : null,
  });

export const unknownColumn = (table: string, column: string) =>
  new RestError(400, '42703', `column ${table}.${column} does not exist`);

export const unknownPayloadColumn = (table: string, column: string) =>
  new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);

export const invalidSchema = (schema: string, exposed: readonly string[]) =>
  new RestError(406, 'PGRST106', `Invalid schema: ${schema}`, {
    hint: `Only the following schemas are exposed: ${exposed.join(', ')}`,
  });

export const singularityError = (rows: number) =>
  new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', {
    details: `The result contains ${rows} rows`,
  });

export const rangeNotSatisfiable = (details: string) =>
  new RestError(416, 'PGRST103', 'Requested range not satisfiable', { details });

export const jwtError = (expired: boolean, message: string) =>
  new RestError(401, expired ? 'PGRST303' : 'PGRST301', expired ? 'JWT expired' : message, {
    headers: {
      'WWW-Authenticate': `Bearer error="invalid_token", error_description="${expired ? 'JWT expired' : message}"`,
    },
  });

// SQLSTATEs whose message can quote the statement (syntax errors, internal errors of our own SQL):
// the client gets a generic message, the log gets the real one.
const INTERNAL_STATES = /^(42601|42P02|42P08|42P18|42803|XX|58|F0|HV)/;

/**
 * A syntax error in a value the caller sent (a tsquery such as `fts.a b` or `fts.\`), not in a
 * statement: PostgreSQL gives such errors no position in the statement and no inner query, and their
 * message quotes only the caller's own value, so it is answered like any input error (PostgREST's 400).
 */
function isInputSyntaxError(error: DatabaseError): boolean {
  return error.code === '42601' && !error.position && !error.internalQuery;
}

function statusForSqlState(code: string, role: string): number {
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23505' || code === '23503' || code === '40001') return 409;
  if (code === '42P01' || code === '42883') return 404;
  if (code === '25006') return 405;
  if (code === '53400') return 500;
  if (code === 'P0001') return 400;
  if (/^(08|53)/.test(code) || code === '57P01') return 503;
  if (/^(57|40|P0|XX|58|F0|HV)/.test(code)) return 500;
  if (code === '42P17') return 500;
  return 400;
}

/**
 * Maps an error the database raised to PostgREST's response. Messages of constraint, permission and
 * input errors are passed through as PostgREST does; anything that could quote our generated SQL
 * is replaced by a generic message (the caller logs the original).
 */
export function fromDatabaseError(error: DatabaseError, role: string): { error: RestError; internal: boolean } {
  const code = error.code ?? '';
  if (!code) {
    return { error: new RestError(500, 'PGRSTX00', 'Internal server error'), internal: true };
  }
  // RAISE SQLSTATE 'PGRST' with a JSON message and a JSON detail carrying status and headers.
  if (code === 'PGRST') {
    try {
      const body = JSON.parse(error.message) as { code?: string; message?: string; details?: string; hint?: string };
      const extra = JSON.parse(error.detail ?? '{}') as { status?: number; headers?: Record<string, string> };
      const status = Number.isInteger(extra.status) && (extra.status as number) >= 100 && (extra.status as number) < 600 ? (extra.status as number) : 400;
      return {
        error: new RestError(status, String(body.code ?? ''), String(body.message ?? ''), {
          details: body.details ?? null,
          hint: body.hint ?? null,
          headers: extra.headers ?? {},
        }),
        internal: false,
      };
    } catch {
      return {
        error: new RestError(500, 'PGRST121', 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error', {
          details: 'Invalid JSON value for MESSAGE or DETAIL',
        }),
        internal: false,
      };
    }
  }
  const status = statusForSqlState(code, role);
  if (INTERNAL_STATES.test(code) && !isInputSyntaxError(error)) {
    return { error: new RestError(status === 400 ? 500 : status, code, 'Internal server error'), internal: true };
  }
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  return {
    error: new RestError(status, code, error.message, { details: error.detail ?? null, hint: error.hint ?? null, headers }),
    internal: status >= 500,
  };
}
