import type { Queryable } from './types.ts';

/** At most `max` hits per window of `windowSeconds`; a window starts with its first hit. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  hits: number;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
}

/**
 * The one rate limiter of the backend and the database: counters in private.rate_limits, keyed by
 * scope ("auth:password:ip", "function:beta-access", "ad-click", ...) and subject (an address, an
 * email, a user). The database's own limits (private.within_rate_limit) count through the same SQL
 * function, so every process on one PostgreSQL shares every counter, and one scheduler job
 * (purge_rate_limits) removes ended windows. Counts `cost` hits at once: a failed attempt can
 * weigh more than a successful one.
 */
export async function hitRateLimit(db: Queryable, scope: string, subject: string, limit: RateLimit, cost = 1): Promise<RateLimitResult> {
  const { rows } = await db.query<{ allowed: boolean; hits: number; retry_after: number }>(
    'select allowed, hits, retry_after from private.rate_limit_hit($1, $2, $3, $4, $5)',
    [scope, subject, limit.max, limit.windowSeconds, cost],
  );
  const row = rows[0];
  if (!row) throw new Error('rate limiter: the counter upsert returned no row');
  return { allowed: row.allowed, hits: row.hits, retryAfterSeconds: row.retry_after };
}

/** Gives back hits of the current window (an attempt that turned out not to count). */
export async function refundRateLimit(db: Queryable, scope: string, subject: string, cost = 1): Promise<void> {
  await db.query('select private.rate_limit_refund($1, $2, $3)', [scope, subject, cost]);
}
