import type { Database, Queryable, RequestContext } from '../../db/types.ts';
import { RestError } from '../errors.ts';
import type { PlanContext } from '../plan.ts';
import type { RestRequest } from '../request.ts';
import type { StatementRow } from '../response.ts';
import type { SchemaCache } from '../schema-cache.ts';

export interface HandlerContext {
  db: Database;
  cache: SchemaCache;
}

export function planContext(cache: SchemaCache): PlanContext {
  let alias = 0;
  return { cache, aggregatesEnabled: cache.aggregatesEnabled, nextAlias: () => ++alias };
}

class Rollback<T> {
  readonly value: T;
  constructor(value: T) {
    this.value = value;
  }
}

/**
 * Runs fn in the request's one transaction under its role and claims. With Prefer: tx=rollback
 * the work is done (and answered) but rolled back.
 */
export async function inTransaction<T>(db: Database, context: RequestContext, rollback: boolean, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    return await db.asRole(context, async (tx) => {
      const result = await fn(tx);
      if (rollback) throw new Rollback(result);
      return result;
    });
  } catch (error) {
    if (error instanceof Rollback) return error.value as T;
    throw error;
  }
}

/**
 * The request's one statement in its own transaction, when nothing after it could still need to
 * roll back (no follow-up query, no check that may refuse the result, no tx=rollback): on
 * PostgreSQL this is a single pipelined round trip.
 */
export async function runPipelined(db: Database, context: RequestContext, sql: string, values: readonly unknown[]): Promise<StatementRow> {
  const result = await db.queryAsRole<StatementRow>(context, sql, values);
  const row = result.rows[0];
  if (!row) throw new RestError(500, 'PGRSTX00', 'Internal server error');
  return row;
}

export async function runStatement(tx: Queryable, sql: string, values: readonly unknown[]): Promise<StatementRow> {
  const result = await tx.query<StatementRow>(sql, values);
  const row = result.rows[0];
  if (!row) throw new RestError(500, 'PGRSTX00', 'Internal server error');
  return row;
}

/** EXPLAIN's row estimate of the count query (Prefer: count=planned). */
export async function plannedCount(tx: Queryable, sql: string, values: readonly unknown[]): Promise<number> {
  const result = await tx.query<Record<string, unknown>>(`EXPLAIN (FORMAT JSON) ${sql}`, values);
  const first = result.rows[0];
  let plan = first ? Object.values(first)[0] : null;
  if (typeof plan === 'string') plan = JSON.parse(plan) as unknown;
  const rows = (plan as { Plan?: { 'Plan Rows'?: number } }[] | null)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' ? Math.round(rows) : 0;
}

/** PGRST124: with handling=strict, a max-affected preference is a hard limit (rolled back). */
export function checkMaxAffected(req: RestRequest, affected: number): void {
  const max = req.prefer.maxAffected;
  if (max !== null && req.prefer.handling === 'strict' && affected > max) {
    throw new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', {
      details: `The query affects ${affected} rows`,
    });
  }
}

/** The Preference-Applied header, listing what this request honoured. */
export function preferenceApplied(req: RestRequest, honoured: readonly string[]): Record<string, string> {
  const applied = req.prefer.applied.filter((p) => honoured.some((key) => p.startsWith(`${key}=`)));
  return applied.length ? { 'Preference-Applied': applied.join(', ') } : {};
}

export function profileHeaders(req: RestRequest): Record<string, string> {
  return req.profileHeader ? { 'Content-Profile': req.schema } : {};
}

/** The page of a read after Range, limit/offset and db-max-rows are combined. */
export function topRange(req: RestRequest, limit: number | null, offset: number, maxRows: number | null): { limit: number | null; offset: number } {
  let lower = offset;
  let upper = limit === null ? Infinity : offset + limit - 1;
  if (req.range) {
    lower = Math.max(lower, req.range.offset);
    if (req.range.limit !== null) upper = Math.min(upper, req.range.offset + req.range.limit - 1);
  }
  let size: number | null = upper === Infinity ? null : Math.max(0, upper - lower + 1);
  if (maxRows !== null) size = size === null ? maxRows : Math.min(size, maxRows);
  return { limit: size, offset: lower };
}
