// The host as Supabase Edge provides it: env from the project's secrets, the caller's claims verified
// against the project's JWKS, a rate limiter per isolate (Edge has no shared memory; the gateway's
// own limits apply on top) and mail sent directly over SMTP. Modula's backend builds its own host
// (backend/src/functions/index.ts).
import { createClient } from '@supabase/supabase-js';
import type { CallerClaims, FunctionHost, RateLimit, RateLimitResult } from './host.ts';
import { smtpMailQueue } from './smtp-mail.ts';

const windows = new Map<string, { start: number; hits: number }>();

const rateLimiter = {
  async consume(key: string, limit: RateLimit): Promise<RateLimitResult> {
    const now = Date.now();
    const current = windows.get(key);
    const window = current && now - current.start < limit.windowSeconds * 1000 ? current : { start: now, hits: 0 };
    window.hits += 1;
    windows.set(key, window);
    const allowed = window.hits <= limit.max;
    return { allowed, retryAfter: allowed ? 0 : Math.ceil((window.start + limit.windowSeconds * 1000 - now) / 1000) };
  },
  async refund(key: string): Promise<void> {
    const window = windows.get(key);
    if (window && window.hits > 0) window.hits -= 1;
  },
};

async function verifiedClaims(request: Request, env: Record<string, string>): Promise<CallerClaims | null> {
  const token = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token || token.startsWith('sb_') || !env.SUPABASE_URL || !env.SUPABASE_ANON_KEY) return null;
  const client = createClient(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, { auth: { persistSession: false } });
  const { data, error } = await client.auth.getClaims(token);
  return error || !data ? null : (data.claims as CallerClaims);
}

export async function edgeHost(request: Request, remoteAddress: string, env: Record<string, string>): Promise<FunctionHost> {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return {
    env,
    clientIp: forwarded || remoteAddress,
    claims: await verifiedClaims(request, env),
    rateLimiter,
    mail: smtpMailQueue(env),
  };
}
