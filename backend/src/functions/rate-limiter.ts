import type { Database } from '../db/types.ts';
import type { RateLimit, RateLimiter, RateLimitResult } from '../../../supabase/functions/_shared/host.ts';

/**
 * Fixed-window counters in the database, so every backend process on one PostgreSQL shares them and
 * an upsert makes each hit atomic (parallel requests cannot slip past the limit).
 */
export function databaseRateLimiter(db: Database): RateLimiter {
  return {
    async consume(key: string, limit: RateLimit): Promise<RateLimitResult> {
      const { rows } = await db.query<{ hits: number; retry_after: number }>(
        `insert into _modula.function_rate_limits as r (key, window_start, hits) values ($1, now(), 1)
         on conflict (key) do update set
           hits = case when r.window_start <= now() - make_interval(secs => $2) then 1 else r.hits + 1 end,
           window_start = case when r.window_start <= now() - make_interval(secs => $2) then now() else r.window_start end
         returning hits, ceil(extract(epoch from (window_start + make_interval(secs => $2) - now())))::int as retry_after`,
        [key, limit.windowSeconds],
      );
      const row = rows[0];
      if (!row) throw new Error('rate limiter: upsert returned no row');
      const allowed = row.hits <= limit.max;
      return { allowed, retryAfter: allowed ? 0 : Math.max(1, row.retry_after) };
    },
    async refund(key: string): Promise<void> {
      await db.query('update _modula.function_rate_limits set hits = greatest(hits - 1, 0) where key = $1', [key]);
    },
  };
}

/** Drops windows that ended long ago (run by the jobs scheduler). */
export async function purgeRateLimits(db: Database, olderThanSeconds = 86_400): Promise<number> {
  const { rowCount } = await db.query(
    'delete from _modula.function_rate_limits where window_start < now() - make_interval(secs => $1)',
    [olderThanSeconds],
  );
  return rowCount;
}
