import type { FastifyRequest } from 'fastify';
import { hitRateLimit } from '../db/rate-limit.ts';
import { audit } from './audit.ts';
import { AuthError } from './errors.ts';
import { clientIp } from './request.ts';
import type { AuthDeps } from './sessions.ts';

/**
 * What an attempt counts against. Login and sign-up share the per-address "password" bucket (both
 * cost a password hash); each has its own per-email bucket, as the spec counts them separately.
 */
export type AttemptKind = 'login' | 'signup' | 'mail' | 'verify' | 'mfa';

const IP_BUCKET: Record<AttemptKind, string> = { login: 'password', signup: 'password', mail: 'mail', verify: 'verify', mfa: 'mfa' };

/**
 * What a failed attempt (a wrong password, a wrong emailed or TOTP code) weighs against its address,
 * the attempt itself included. One office or carrier address shares RATE_LIMIT_IP_MAX (300 by
 * default) among its people, who mostly succeed: 300 sign-ins pass, while a script guessing
 * passwords or codes is stopped after 30 failures.
 */
export const FAILURE_COST = 10;

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

/**
 * Counts the attempt per address, then per email (or user), and refuses with 429 over either limit.
 * Runs before any password hashing or lookup, so a flood costs one upsert per request.
 */
export async function enforceLimits(deps: AuthDeps, request: FastifyRequest, kind: AttemptKind, subject: string | null): Promise<void> {
  const { db, config } = deps.ctx;
  const { windowSeconds, emailMax, ipMax } = config.rateLimit;
  const ip = clientIp(request);
  const checks: [scope: string, subject: string, max: number][] = [[`auth:${IP_BUCKET[kind]}:ip`, ip, ipMax]];
  if (subject) checks.push([`auth:${kind}:subject`, subject, emailMax]);
  for (const [scope, counted, max] of checks) {
    const result = await hitRateLimit(db, scope, counted, { max, windowSeconds });
    if (!result.allowed) {
      await audit(db, { action: 'rate_limited', actorEmail: kind === 'mfa' ? null : subject, ip, traits: { kind, key: scope.split(':').slice(1).join(':') } });
      throw rateLimitError(result.retryAfterSeconds);
    }
  }
}

/** Adds the rest of FAILURE_COST to the address's bucket after an attempt failed. */
export async function countFailure(deps: AuthDeps, request: FastifyRequest, kind: AttemptKind): Promise<void> {
  const { db, config } = deps.ctx;
  const { windowSeconds, ipMax } = config.rateLimit;
  await hitRateLimit(db, `auth:${IP_BUCKET[kind]}:ip`, clientIp(request), { max: ipMax, windowSeconds }, FAILURE_COST - 1);
}
