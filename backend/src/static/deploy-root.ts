import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isApiPath } from '../gateway/cors.ts';
import { readNegotiated } from './precompressed.ts';
import type { PageRenderer } from './render/page.ts';

/** Hashed file names (name.0123abcd.js) never change content, so browsers may keep them for a year. */
const HASHED = /\.[0-9a-f]{8}\.(js|css|woff2?|png|jpe?g|svg|webp|avif|map)$/;

export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': [
    "default-src 'self'",
    "script-src 'self'",
    // styled-components injects <style> elements at runtime.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

/** The backend's 404 for the deploy root: what was asked for, without its query. */
function notFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ message: 'Not found', path: request.url.split('?')[0] });
}

export function cacheControlFor(filePath: string): string {
  // A precompressed variant (name.js.br, name.js.gz) is cached as the file it stands for.
  return HASHED.test(filePath.replace(/\.(br|gz)$/, '')) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Serves the deploy root (the shell at /, remotes under /remotes/<name>/<version>/, the registry and
 * config) and falls back to the shell's index.html for app routes.
 */
export async function registerDeployRoot(
  app: FastifyInstance,
  deployDir: string,
  configJson: () => unknown,
  /** Server-rendered head and first screen of app routes (render/page.ts); without it every route gets index.html. */
  renderPage?: PageRenderer,
): Promise<void> {
  fs.mkdirSync(deployDir, { recursive: true });

  app.get('/config.json', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return configJson();
  });

  await app.register(fastifyStatic, {
    root: deployDir,
    index: false,
    wildcard: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    // The .br / .gz file made at build time, by Accept-Encoding (br first), with Vary: Accept-Encoding.
    preCompressed: true,
    setHeaders(res, filePath) {
      res.header('Cache-Control', cacheControlFor(filePath));
      res.header('X-Content-Type-Options', 'nosniff');
    },
  });

  // The shell's page and the registry are rewritten in place by deploys and rollbacks: they are always
  // sent whole, without validators, so two rewrites at the same size and time can never answer 304.
  const sendRewritable = async (reply: FastifyReply, file: string, type: string, headers: Record<string, string>) => {
    let chosen: Awaited<ReturnType<typeof readNegotiated>>;
    try {
      chosen = await readNegotiated(file, reply.request.headers['accept-encoding']);
    } catch {
      return notFound(reply.request, reply);
    }
    reply.headers({ ...headers, 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' });
    if (chosen.encoding) reply.header('Content-Encoding', chosen.encoding);
    return reply.type(type).send(chosen.body);
  };
  const indexFile = path.join(deployDir, 'index.html');
  const sendIndex = (reply: FastifyReply) => sendRewritable(reply, indexFile, 'text/html; charset=utf-8', SECURITY_HEADERS);
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (renderPage && (await renderPage(request, reply))) return reply;
    return sendIndex(reply);
  };

  // "/" is a directory for the static plugin (index: false answers 403), so the shell is served explicitly.
  app.get('/', (request, reply) => sendPage(request, reply));
  app.get('/index.html', (_request, reply) => sendIndex(reply));
  app.get('/remotes.json', (_request, reply) =>
    sendRewritable(reply, path.join(deployDir, 'remotes.json'), 'application/json; charset=utf-8', { 'X-Content-Type-Options': 'nosniff' }),
  );

  const wantsPage = (request: FastifyRequest) =>
    (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url) && !/\.[a-z0-9]{2,5}$/i.test(request.url.split('?')[0] ?? '');

  // An app route (no file extension, outside the API and the remotes' folders) is a page: answered
  // before the static plugin's wildcard route looks for a file and its .br/.gz that are not there (a
  // rendered page from the page cache then costs no file system call).
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url !== '/*' || !wantsPage(request) || request.url.startsWith('/remotes/')) return;
    await sendPage(request, reply);
    return reply;
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (wantsPage(request)) return sendPage(request, reply);
    return notFound(request, reply);
  });
}
