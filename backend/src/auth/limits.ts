import type { FastifyRequest } from 'fastify';
import { audit } from './audit.ts';
import { hit, rateLimitError } from './rate-limit.ts';
import { clientIp } from './request.ts';
import type { AuthDeps } from './sessions.ts';

/**
 * What an attempt counts against. Login and sign-up share the per-IP "password" bucket (both cost a
 * password hash); each has its own per-email bucket, as the spec counts them separately.
 */
export type AttemptKind = 'login' | 'signup' | 'mail' | 'verify' | 'mfa';

const IP_BUCKET: Record<AttemptKind, string> = { login: 'password', signup: 'password', mail: 'mail', verify: 'verify', mfa: 'mfa' };

/**
 * Counts the attempt per IP, then per email (or user), and refuses with 429 over either limit. Runs
 * before any password hashing or lookup, so a flood costs one upsert per request.
 */
export async function enforceLimits(deps: AuthDeps, request: FastifyRequest, kind: AttemptKind, subject: string | null): Promise<void> {
  const { db, config } = deps.ctx;
  const { windowSeconds, emailMax, ipMax } = config.rateLimit;
  const ip = clientIp(request);
  const checks: [string, number][] = [[`${IP_BUCKET[kind]}:ip:${ip}`, ipMax]];
  if (subject) checks.push([`${kind}:subject:${subject}`, emailMax]);
  for (const [key, max] of checks) {
    const result = await hit(db, key, max, windowSeconds);
    if (!result.allowed) {
      await audit(db, { action: 'rate_limited', actorEmail: kind === 'mfa' ? null : subject, ip, traits: { kind, key: key.split(':').slice(0, 2).join(':') } });
      throw rateLimitError(result.retryAfterSeconds);
    }
  }
}
