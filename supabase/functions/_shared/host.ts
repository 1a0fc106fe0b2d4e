// The contract between a function and whatever runs it: Modula's backend (Node) or Supabase Edge
// (Deno). A function is a Web-standard handler; what it needs from outside comes in `host`, so the
// same file runs unchanged on both. Supabase ignores folders that start with "_" when deploying.

/** A message for the outbox; the templates live in _shared/mail/templates. */
export interface MailMessage {
  to: string;
  template: string;
  language?: string;
  data?: Record<string, unknown>;
}

export interface MailQueue {
  enqueue(message: MailMessage): Promise<unknown>;
}

export interface RateLimit {
  max: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets (0 while allowed). */
  retryAfter: number;
}

export interface RateLimiter {
  /** Counts one hit for key and says whether it is still within the limit. Atomic across processes. */
  consume(key: string, limit: RateLimit): Promise<RateLimitResult>;
  /** Gives back one hit (e.g. a successful attempt that should not count). */
  refund(key: string): Promise<void>;
}

/** Claims of the caller's verified JWT; null when it sent none (or only an invalid one). */
export interface CallerClaims {
  role?: string;
  sub?: string;
  email?: string;
  [claim: string]: unknown;
}

export interface FunctionHost {
  /** SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, SUPABASE_DB_URL, SITE_URL, ... */
  env: Readonly<Record<string, string | undefined>>;
  /** The client's address as the host's proxy chain established it. */
  clientIp: string;
  claims: CallerClaims | null;
  rateLimiter: RateLimiter;
  mail: MailQueue;
}

export type FunctionHandler = (request: Request, host: FunctionHost) => Promise<Response>;

/** Thrown by a handler to answer with a JSON error; `serve` turns it into the response. */
export class HttpError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;
  constructor(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

// Hosted Supabase makes each function answer CORS itself; Modula's backend replaces these headers
// with its own gateway's (origin allow-list).
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json', ...headers },
  });
}

/** Reads a JSON object body, or throws a 400 that says what was wrong. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  if (request.method !== 'POST') {
    throw new HttpError(405, { error: 'method_not_allowed', message: 'Use POST with a JSON body.' }, { Allow: 'POST, OPTIONS' });
  }
  const text = await request.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    throw new HttpError(400, { error: 'invalid_json', message: 'The request body is not valid JSON.' });
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, { error: 'invalid_request', message: 'The request body must be a JSON object.' });
  }
  return body as Record<string, unknown>;
}

interface DenoLike {
  serve(handler: (request: Request, info: { remoteAddr: { hostname: string } }) => Promise<Response>): unknown;
  env: { toObject(): Record<string, string> };
}

/**
 * Wraps a handler: answers CORS preflights and HttpErrors. On Supabase Edge (Deno) it also starts
 * serving with the Edge host; under Modula's backend the module is only imported.
 */
export function serve(handler: FunctionHandler): FunctionHandler {
  const wrapped: FunctionHandler = async (request, host) => {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders });
    try {
      return await handler(request, host);
    } catch (error) {
      if (error instanceof HttpError) return json(error.body, error.status, error.headers);
      throw error;
    }
  };
  const deno = (globalThis as { Deno?: DenoLike }).Deno;
  if (deno) {
    void import('./edge-host.ts').then(({ edgeHost }) => {
      deno.serve(async (request, info) => wrapped(request, await edgeHost(request, info.remoteAddr.hostname, deno.env.toObject())));
    });
  }
  return wrapped;
}
