import path from 'node:path';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { FunctionHost, MailQueue, RateLimiter } from '../../../supabase/functions/_shared/host.ts';
import { loadFunctions, type DeployedFunction } from './registry.ts';
import { resolveBetaAccessCode } from './beta-code.ts';
import { hitRateLimit, refundRateLimit } from '../db/rate-limit.ts';

/** Supabase's wall-clock limit for a request to a function (free plan). */
const WALL_CLOCK_MS = 150_000;
const BODY_LIMIT = 20 * 1024 * 1024;

// Response headers the host owns: CORS comes from the gateway's allow-list, framing from Node.
const HOST_HEADERS = /^(access-control-|content-length$|transfer-encoding$|connection$)/i;

function error(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).header('content-type', 'application/json').send({ code, message });
}

function ownUrl(app: FastifyInstance): string {
  const address = app.server.address() as AddressInfo | null;
  if (!address) throw new Error('the server is not listening');
  const host = address.family === 'IPv6' ? `[${address.address === '::' ? '::1' : address.address}]` : address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  return `http://${host}:${address.port}`;
}

function toWebRequest(request: FastifyRequest, name: string, rest: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  // As on Supabase Edge, the function sees its own name as the first path segment.
  const url = `http://${request.headers.host ?? 'localhost'}/${name}${rest ? `/${rest}` : ''}${query}`;
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body);
  return new Request(url, { method: request.method, headers, body: hasBody ? (request.body as Buffer) : undefined });
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  for (const [key, value] of response.headers) {
    if (HOST_HEADERS.test(key) || key === 'set-cookie') continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
  }
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The env a function reads, as Supabase provides it to Edge functions, plus Modula's own settings. */
function functionEnv(app: FastifyInstance, context: AppContext, betaAccessCode: string | undefined): Record<string, string | undefined> {
  const { config, keys } = context;
  return {
    SUPABASE_URL: ownUrl(app),
    SUPABASE_ANON_KEY: keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
    SUPABASE_DB_URL: config.databaseUrl,
    SITE_URL: config.siteUrl,
    DEFAULT_LANGUAGE: config.defaultLanguage,
    BETA_ACCESS_CODE: betaAccessCode,
    STRIPE_SECRET_KEY: config.payments.stripeSecretKey,
    STRIPE_WEBHOOK_SECRET: config.payments.stripeWebhookSecret,
    VAT_RATE: String(config.payments.vatRate),
  };
}

/** A function's limits count in the one rate-limit table, in a scope of its own. */
function rateLimiterFor(context: AppContext, name: string): RateLimiter {
  const scope = `function:${name}`;
  return {
    async consume(key, limit) {
      const result = await hitRateLimit(context.db, scope, key, limit);
      return { allowed: result.allowed, retryAfter: result.allowed ? 0 : result.retryAfterSeconds };
    },
    refund: (key) => refundRateLimit(context.db, scope, key),
  };
}

/** /functions/v1/<name>: runs supabase/functions/<name>/index.ts in this process. */
export async function functionsModule(app: FastifyInstance, context: AppContext): Promise<void> {
  const functions = await loadFunctions(path.join(context.config.repoRoot, 'supabase'));
  const betaAccessCode = resolveBetaAccessCode(context.config, context.log);
  // Functions write to the same outbox as auth, so their mail survives an SMTP outage too.
  const mail: MailQueue = { enqueue: (message) => context.mail.enqueue({ ...message, data: message.data ?? {} }) };

  async function run(fn: DeployedFunction, request: FastifyRequest, reply: FastifyReply, rest: string) {
    const caller = request.caller;
    if (fn.verifyJwt) {
      if (!request.headers.authorization) return error(reply, 401, 'UNAUTHORIZED_NO_AUTH_HEADER', 'Missing authorization header');
      if (caller.jwtError || !/^Bearer\s+\S+/i.test(request.headers.authorization)) {
        return error(reply, 401, 'UNAUTHORIZED_INVALID_JWT_FORMAT', 'Invalid JWT');
      }
    }
    const host: FunctionHost = {
      env: functionEnv(app, context, betaAccessCode),
      clientIp: request.ip,
      // Without any JWT the caller is anon, as the gateway decided; an invalid one gives no claims at all.
      claims: caller.jwtError ? null : caller.claims,
      rateLimiter: rateLimiterFor(context, fn.name),
      mail,
    };
    let response: Response | 'timeout';
    try {
      response = await withTimeout(fn.handler(toWebRequest(request, fn.name, rest), host), WALL_CLOCK_MS);
    } catch (failure) {
      request.log.error({ err: failure, function: fn.name }, 'function failed');
      return error(reply, 500, 'WORKER_ERROR', 'Function exited due to an error (please check logs)');
    }
    if (response === 'timeout') {
      request.log.error({ function: fn.name }, `function ran past ${WALL_CLOCK_MS} ms`);
      return error(reply, 546, 'WORKER_LIMIT', 'Function ran past its wall-clock limit');
    }
    return sendWebResponse(reply, response);
  }

  await app.register(async (scope) => {
    // Functions read their own bodies, whatever the content type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
    const handle = async (request: FastifyRequest<{ Params: { name: string; '*'?: string } }>, reply: FastifyReply) => {
      const fn = functions.get(request.params.name);
      if (!fn) return error(reply, 404, 'NOT_FOUND', 'Requested function was not found');
      return run(fn, request, reply, request.params['*'] ?? '');
    };
    scope.all('/functions/v1/:name', handle);
    scope.all('/functions/v1/:name/*', handle);
  });
}
