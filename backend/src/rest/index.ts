import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isJsonContentType, isTooDeep, tooDeepMessage, tooLargeMessage } from '../gateway/json-limits.ts';
import type { AppContext } from '../context.ts';
import type { DatabaseError } from '../db/types.ts';
import type { BackendModule } from '../modules.ts';
import { RestError, fromDatabaseError, jwtError } from './errors.ts';
import { handleTableRead } from './handlers/read.ts';
import { handleRpc } from './handlers/rpc.ts';
import { handleTableWrite, methodNotAllowed } from './handlers/write.ts';
import { findTable, parseRequest } from './request.ts';
import { JSON_TYPE, type RestResponse } from './response.ts';
import { SchemaState } from './schema-state.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reloads the REST schema cache now (tests and tools that change the schema). */
    restReloadSchema: () => Promise<void>;
  }
}

const METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT'] as const;

/**
 * /rest/v1: a PostgREST-compatible API over the exposed schemas. Every request runs in one
 * transaction under the caller's role and JWT claims, so row-level security decides.
 */
export const restModule: BackendModule = async (app, context) => {
  const state = new SchemaState(context);
  await state.reload();
  const unlisten = await context.db.listen('pgrst', (payload) => {
    const command = payload.trim();
    if (command === '' || command === 'reload schema' || command === 'reload config') state.scheduleReload();
  });
  app.decorate('restReloadSchema', () => state.reload());
  await app.register((scope) => registerRoutes(scope, context, state), { prefix: '/rest/v1' });
  return async () => {
    await unlisten();
  };
};

async function registerRoutes(scope: FastifyInstance, context: AppContext, state: SchemaState): Promise<void> {
  // Bodies stay text: JSON goes to PostgreSQL as one parameter and errors get PostgREST's codes.
  scope.removeAllContentTypeParsers();
  const { bodyLimit, jsonMaxDepth } = context.config;
  scope.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
    // Deep nesting is refused here, before PostgreSQL's JSON parser could overflow its stack.
    const text = typeof body === 'string' ? body : body.toString('utf8');
    const type = request.headers['content-type'];
    if ((!type || isJsonContentType(type)) && isTooDeep(text, jsonMaxDepth)) {
      done(new RestError(400, 'PGRST102', tooDeepMessage(jsonMaxDepth)), undefined);
      return;
    }
    done(null, text);
  });

  const handler = (rpc: boolean) => async (request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
    const role = request.caller?.role ?? 'anon';
    try {
      const response = await dispatch(request, context, state, rpc, request.params.name);
      send(reply, response);
    } catch (error) {
      sendError(reply, error, role, context, request);
    }
  };
  scope.route({ method: [...METHODS], url: '/rpc/:name', exposeHeadRoute: false, handler: handler(true) });
  scope.route({ method: [...METHODS], url: '/:name', exposeHeadRoute: false, handler: handler(false) });
  // Routes rather than a not-found handler: the deploy root owns the application-wide one.
  const invalidPath = (metadata: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const error = metadata
      ? new RestError(404, 'PGRST126', 'Root endpoint metadata is disabled')
      : new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
    sendError(reply, error, request.caller?.role ?? 'anon', context, request);
  };
  scope.route({ method: [...METHODS], url: '/', exposeHeadRoute: false, handler: invalidPath(true) });
  scope.route({ method: [...METHODS], url: '/*', exposeHeadRoute: false, handler: invalidPath(false) });
  scope.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    const mapped = error instanceof RestError
      ? error
      : status === 413
      ? new RestError(413, 'PGRST413', tooLargeMessage(bodyLimit))
      : status < 500
        ? new RestError(400, 'PGRST102', 'Invalid request body')
        : error;
    sendError(reply, mapped, request.caller?.role ?? 'anon', context, request);
  });
}

async function dispatch(request: FastifyRequest, context: AppContext, state: SchemaState, rpc: boolean, name: string): Promise<RestResponse> {
  const caller = request.caller;
  if (caller.jwtError) throw jwtError(caller.jwtError.expired, caller.jwtError.message);
  if (request.method === 'PUT') throw methodNotAllowed('PUT');
  const cache = state.cache;
  const req = parseRequest(request, cache, rpc ? `/rpc/${name}` : `/${name}`);
  const ctx = { db: context.db, cache };
  if (rpc) {
    if (req.method === 'PATCH' || req.method === 'DELETE') {
      throw new RestError(405, 'PGRST101', 'Only GET, HEAD and POST are allowed for functions');
    }
    return handleRpc(ctx, req, name);
  }
  const table = findTable(cache, req.schema, name);
  return req.method === 'GET' || req.method === 'HEAD' ? handleTableRead(ctx, req, table) : handleTableWrite(ctx, req, table);
}

/** A PostgreSQL error (a five-character SQLSTATE, or PGRST raised by a function), not a Node error. */
function isDatabaseError(error: unknown): error is DatabaseError {
  const code = (error as DatabaseError | null)?.code;
  return typeof code === 'string' && (/^[0-9A-Z]{5}$/.test(code) || code === 'PGRST');
}

function send(reply: FastifyReply, response: RestResponse): void {
  reply.code(response.status).headers(response.headers);
  if (response.body === null) reply.send();
  else reply.send(response.body);
}

/**
 * Answers with PostgREST's error body. Database errors keep their SQLSTATE and message; errors that
 * could expose our SQL, and unexpected failures, are logged and answered generically.
 */
function sendError(reply: FastifyReply, error: unknown, role: string, context: AppContext, request: FastifyRequest): void {
  let rest: RestError;
  if (error instanceof RestError) {
    rest = error;
  } else if (isDatabaseError(error)) {
    const mapped = fromDatabaseError(error as DatabaseError, role);
    if (mapped.internal) request.log.error({ err: error, code: (error as DatabaseError).code }, 'REST: internal database error');
    rest = mapped.error;
  } else {
    request.log.error({ err: error }, 'REST: unexpected failure');
    rest = new RestError(500, 'PGRSTX00', 'Internal server error');
  }
  reply
    .code(rest.status)
    .headers({ ...rest.headers, 'Content-Type': JSON_TYPE })
    .send(request.method === 'HEAD' ? undefined : JSON.stringify(rest.body()));
}
