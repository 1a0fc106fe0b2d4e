import path from 'node:path';
import fs from 'node:fs';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { systemClock, type Clock } from './clock.ts';
import { REQUEST_ID_HEADER, RequestLog, createLogger, requestIdGenerator } from './log.ts';
import { openDatabase } from './db/open.ts';
import { migrate } from './db/migrate.ts';
import type { Database } from './db/types.ts';
import { loadKeys } from './keys.ts';
import { registerCors, isApiPath } from './gateway/cors.ts';
import { gatewayHook, isOpenRoute } from './gateway/caller.ts';
import { registerDeployRoot, SECURITY_HEADERS } from './static/deploy-root.ts';
import { writeWithVariantsSync } from './static/precompressed.ts';
import { createPageRenderer } from './static/render/page.ts';
import { PageCache } from './static/render/page-cache.ts';
import { watchPageData } from './static/render/data-changes.ts';
import { modules } from './modules.ts';
import { isTooDeep, tooDeepMessage } from './gateway/json-limits.ts';
import { createMailer } from './mail/mailer.ts';
import { registerHealth } from './health.ts';

export interface RunningServer {
  app: FastifyInstance;
  context: AppContext;
  /** The URL the server listens on, e.g. http://127.0.0.1:8080. */
  url: string;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Use this database instead of opening one from the config (tests). */
  db?: Database;
  /** A migrated PGlite data directory to start a new embedded database from (tests). */
  pgliteTemplate?: Blob;
  /** Where the JSON log lines go instead of stdout (tests that read them). */
  logDestination?: DestinationStream;
  /** The clock token lifetimes are judged by (tests move it forward instead of waiting). */
  clock?: Clock;
  /** Skip listening (tests that use app.inject). */
  listen?: boolean;
  /** false: no scheduled jobs run in the background (tests that run a job by hand and check its result). */
  scheduledJobs?: boolean;
}

/** The browser's runtime config: where the backend is and which key to use. */
function browserConfig(context: AppContext) {
  return {
    supabaseUrl: '',
    supabaseAnonKey: context.keys.anonKey,
    betaGate: context.config.betaGate,
    defaultLanguage: context.config.defaultLanguage,
  };
}

/**
 * Opens the database, applies the bootstrap and migrations, and starts one HTTP server that serves
 * the API prefixes and the deploy root.
 */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const log = createLogger(config.logLevel, options.logDestination);
  const clock = options.clock ?? systemClock;
  const keys = await loadKeys(config.dataDir, clock);
  const db =
    options.db ??
    (await openDatabase(config, {
      template: options.pgliteTemplate,
      onReplace: (reason) => log.warn({ module: 'db' }, `embedded database thread replaced: ${reason}`),
    }));
  try {
    const migrations = log.child({ module: 'migrate' });
    await migrate(db, path.join(config.repoRoot, 'supabase/migrations'), (line) => migrations.info(line));
  } catch (error) {
    if (!options.db) await db.close();
    throw error;
  }
  const context: AppContext = { config, db, keys, log, mail: createMailer(db), clock };

  const app = Fastify({
    // Typed as Fastify's base logger so the instance keeps the default type every module is written against.
    loggerInstance: log as FastifyBaseLogger,
    logController: new RequestLog(),
    genReqId: requestIdGenerator(config.trustedProxies),
    requestIdHeader: false,
    trustProxy: config.trustedProxies,
    bodyLimit: config.bodyLimit,
    // PostgREST filters repeat keys and use characters Fastify's default parser would mangle.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000 },
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  // Every JSON body (modules with their own parsers check the same way) is refused past
  // JSON_MAX_DEPTH before it is parsed; BODY_LIMIT caps its size (413).
  const defaultJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (isTooDeep(text, config.jsonMaxDepth)) {
      done(Object.assign(new Error(tooDeepMessage(config.jsonMaxDepth)), { statusCode: 400, code: 'JSON_TOO_DEEP' }), undefined);
      return;
    }
    defaultJson(request, text, done);
  });
  registerCors(app, config);
  const gateway = gatewayHook(keys, { open: (request) => isOpenRoute(request.method, request.url), clock });
  app.decorateRequest('caller', null as never);
  app.addHook('onRequest', async (request, reply) => {
    if (isApiPath(request.url)) return gateway(request, reply);
  });
  registerHealth(app, db, path.join(config.repoRoot, 'supabase/migrations'));

  const cleanups: (() => Promise<void> | void)[] = [];
  let url = `http://${config.host}:${config.port}`;
  try {
    for (const [name, start] of modules) {
      if (name === 'jobs' && options.scheduledJobs === false) continue;
      const cleanup = await start(app, { ...context, log: log.child({ module: name }) });
      if (cleanup) cleanups.push(cleanup);
    }

    fs.mkdirSync(config.deployDir, { recursive: true });
    // nginx serves this file (with its .br/.gz): written with fresh variants, never next to stale ones.
    writeWithVariantsSync(path.join(config.deployDir, 'config.json'), JSON.stringify(browserConfig(context), null, 2));
    const { ttlMs, maxEntries, maxBytes } = config.htmlCache;
    const pageCache = ttlMs > 0 ? new PageCache({ ttlMs, maxEntries, maxBytes, now: () => clock.now() }) : null;
    if (pageCache) cleanups.push(await watchPageData(db, log.child({ module: 'pages' }), () => pageCache.invalidate()));
    const renderPage = createPageRenderer({
      app,
      deployDir: config.deployDir,
      anonKey: keys.anonKey,
      siteUrl: () => context.config.siteUrl,
      defaultLanguage: config.defaultLanguage,
      headers: SECURITY_HEADERS,
      cache: pageCache,
    });
    await registerDeployRoot(app, config.deployDir, () => browserConfig(context), renderPage);

    if (options.listen !== false) {
      url = await app.listen({ port: config.port, host: config.host });
    } else {
      await app.ready();
    }
  } catch (error) {
    // A module that fails (or a port already in use) must not leave the others' workers, timers and
    // connections running: stop what started, in reverse order, then report the first failure.
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
    await app.close().catch(() => undefined);
    if (!options.db) await db.close().catch(() => undefined);
    throw error;
  }

  let closed = false;
  return {
    app,
    context,
    url,
    async close() {
      if (closed) return;
      closed = true;
      for (const cleanup of cleanups.reverse()) await cleanup();
      await app.close();
      if (!options.db) await db.close();
    },
  };
}
