import type { Queryable } from '../db/types.ts';
import { AuthError } from './errors.ts';

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
}

/**
 * Counts one attempt against `key` in a fixed window and says whether it is within `max`. One upsert
 * does the read-modify-write under the row lock, so parallel attempts (and several backend
 * processes) can never let more than `max` through.
 */
export async function hit(db: Queryable, key: string, max: number, windowSeconds: number): Promise<RateLimitResult> {
  const { rows } = await db.query<{ hits: number; retry_after: number }>(
    `insert into _modula.auth_rate_limits as r (key, window_start, hits)
     values ($1, now(), 1)
     on conflict (key) do update set
       hits = case when r.window_start <= now() - make_interval(secs => $2) then 1 else r.hits + 1 end,
       window_start = case when r.window_start <= now() - make_interval(secs => $2) then now() else r.window_start end
     returning hits, ceil(greatest(1, extract(epoch from r.window_start + make_interval(secs => $2) - now())))::int as retry_after`,
    [key, windowSeconds],
  );
  const row = rows[0]!;
  return { allowed: row.hits <= max, hits: row.hits, retryAfterSeconds: row.retry_after };
}

/** GoTrue's 429, with the wait in minutes in the message (for the UI) and in Retry-After. */
export function rateLimitError(retryAfterSeconds: number): AuthError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AuthError(
    429,
    'over_request_rate_limit',
    `Request rate limit reached. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before trying again.`,
    { headers: { 'Retry-After': String(retryAfterSeconds) }, extra: { retry_after: retryAfterSeconds } },
  );
}

export async function pruneRateLimits(db: Queryable): Promise<void> {
  await db.query(`delete from _modula.auth_rate_limits where window_start < now() - interval '1 day'`);
}
