import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

const ALLOWED_HEADERS = [
  'authorization', 'apikey', 'x-client-info', 'content-type', 'prefer', 'accept-profile', 'content-profile',
  'range', 'x-retry-count', 'x-supabase-api-version', 'x-upsert', 'cache-control', 'x-metadata', 'x-region',
  'traceparent', 'tracestate', 'baggage', 'accept',
].join(', ');

const EXPOSED_HEADERS = [
  'Content-Encoding', 'Content-Location', 'Content-Range', 'Content-Type', 'Date', 'Location', 'Server',
  'Transfer-Encoding', 'Range-Unit', 'X-Supabase-Api-Version', 'X-Total-Count', 'Link', 'x-sb-error-code',
  'x-relay-error', 'ETag', 'Last-Modified', 'Content-Length', 'Content-Disposition', 'X-Request-Id',
].join(', ');

export const API_PREFIXES = ['/auth/v1', '/rest/v1', '/realtime/v1', '/storage/v1', '/functions/v1'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`));
}

/**
 * CORS for the API prefixes. The site itself is same-origin; other origins (a remote's standalone dev
 * server, a URI_ALLOW_LIST host) are echoed back only when allowed, never as a wildcard.
 */
export function registerCors(app: FastifyInstance, config: Config): void {
  const allowed = new Set<string>([new URL(config.siteUrl).origin]);
  for (const pattern of config.uriAllowList) {
    try {
      allowed.add(new URL(pattern.replace(/\*+/g, 'x')).origin);
    } catch {
      // A glob that is not a URL cannot name an origin.
    }
  }
  const allowLocalhost = config.mode !== 'production';
  const originAllowed = (origin: string) => {
    if (allowed.has(origin)) return true;
    if (!allowLocalhost) return false;
    try {
      const { hostname } = new URL(origin);
      return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
    } catch {
      return false;
    }
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url)) return;
    const origin = request.headers.origin;
    if (origin && originAllowed(origin)) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Vary', 'Origin');
      reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    }
    if (request.method === 'OPTIONS') {
      reply.header('Access-Control-Allow-Methods', 'GET,POST,PUT,PATCH,DELETE,OPTIONS,HEAD');
      const requested = request.headers['access-control-request-headers'];
      reply.header('Access-Control-Allow-Headers', typeof requested === 'string' && requested ? requested : ALLOWED_HEADERS);
      reply.header('Access-Control-Max-Age', '600');
      return reply.code(204).send();
    }
  });
}
