import crypto from 'node:crypto';
import { isTooDeep, tooDeepMessage } from '../gateway/json-limits.ts';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { Database } from '../db/types.ts';
import type { BackendModule } from '../modules.ts';
import { backgroundTasks } from './background.ts';
import { API_VERSION, AuthError, sendAuthError } from './errors.ts';
import { registerAdmin } from './routes/admin.ts';
import { registerFactors } from './routes/factors.ts';
import { registerMailRequests } from './routes/mail-requests.ts';
import { registerMeta } from './routes/meta.ts';
import { registerSignup } from './routes/signup.ts';
import { registerToken } from './routes/token.ts';
import { registerUser } from './routes/user.ts';
import { registerVerify } from './routes/verify.ts';
import type { AuthDeps } from './sessions.ts';

const BODY_LIMIT = 64 * 1024;

/** The secret refresh tokens are derived with, created once and shared by every process. */
async function refreshSecret(db: Database): Promise<string> {
  await db.query(`insert into _modula.auth_secrets (name, value) values ('refresh_token', $1) on conflict (name) do nothing`, [
    crypto.randomBytes(32).toString('base64url'),
  ]);
  const { rows } = await db.query<{ value: string }>(`select value from _modula.auth_secrets where name = 'refresh_token'`);
  return rows[0]!.value;
}

/** /auth/v1: the GoTrue subset supabase-js 2.119 uses (see backend/docs/auth.md). */
export const authModule: BackendModule = async (app, context) => {
  const deps: AuthDeps = { ctx: context, refreshSecret: await refreshSecret(context.db), background: backgroundTasks(context.log) };

  await app.register(
    async (scope: FastifyInstance) => {
      // supabase-js sends `Content-Type: application/json` with an empty body on /logout.
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
        const text = typeof body === 'string' ? body : body.toString('utf8');
        if (text.trim() === '') return done(null, undefined);
        if (isTooDeep(text, context.config.jsonMaxDepth)) return done(new AuthError(400, 'bad_json', tooDeepMessage(context.config.jsonMaxDepth)), undefined);
        try {
          done(null, JSON.parse(text));
        } catch {
          done(new AuthError(400, 'bad_json', 'Could not parse request body as JSON'), undefined);
        }
      });

      scope.addHook('onSend', async (_request, reply, payload) => {
        reply.header('X-Supabase-Api-Version', API_VERSION);
        reply.header('Cache-Control', reply.getHeader('Cache-Control') ?? 'no-store');
        return payload;
      });

      scope.setErrorHandler((error: FastifyError | AuthError, request, reply) => {
        if (error instanceof AuthError) return sendAuthError(reply, error);
        if (error.statusCode === 413) return sendAuthError(reply, new AuthError(413, 'request_too_large', 'Request body is too large'));
        if (error.statusCode === 415) return sendAuthError(reply, new AuthError(415, 'validation_failed', 'Content-Type must be application/json'));
        if (error.statusCode && error.statusCode < 500) return sendAuthError(reply, new AuthError(error.statusCode, 'validation_failed', error.message));
        request.log.error({ err: error }, 'auth: unexpected failure');
        return sendAuthError(reply, new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'));
      });

      scope.setNotFoundHandler((request, reply) =>
        sendAuthError(reply, new AuthError(404, 'not_found', `${request.method} ${request.url.split('?')[0]} is not an auth endpoint`)),
      );

      registerMeta(scope, deps);
      registerSignup(scope, deps);
      registerToken(scope, deps);
      registerVerify(scope, deps);
      registerMailRequests(scope, deps);
      registerUser(scope, deps);
      registerFactors(scope, deps);
      registerAdmin(scope, deps);
    },
    { prefix: '/auth/v1' },
  );

  return () => deps.background.close();
};
