import type { FastifyInstance } from 'fastify';
import { audit } from '../audit.ts';
import { AuthError, badRequest, validationFailed } from '../errors.ts';
import { verifyPassword } from '../hashing.ts';
import { countFailure, enforceLimits } from '../limits.ts';
import { checkPassword } from '../password-policy.ts';
import { bodyOf, clientIp, inetOrNull, normalizeEmail, queryOf, userAgentOf } from '../request.ts';
import { refresh, startSession, type AuthDeps } from '../sessions.ts';
import { findUserByEmail } from '../users.ts';
import { nameFromMetadata } from './signup.ts';

const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials');

export function registerToken(app: FastifyInstance, deps: AuthDeps): void {
  const { db } = deps.ctx;

  app.post('/token', async (request) => {
    const grantType = queryOf(request).grant_type;
    const body = bodyOf(request);
    const ip = clientIp(request);
    const origin = { ip: inetOrNull(ip), userAgent: userAgentOf(request) };

    if (grantType === 'password') {
      if (body.phone && !body.email) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
      const email = typeof body.email === 'string' ? normalizeEmail(body.email) : '';
      const password = typeof body.password === 'string' ? body.password : '';
      if (!email) throw validationFailed('An email address is required');
      // Counted before the lookup and the hash: a flood costs an upsert, not a hash.
      await enforceLimits(deps, request, 'login', email);
      const user = await findUserByEmail(db, email);
      const valid = (await verifyPassword(user?.encrypted_password, password)) && password !== '';
      if (!user || !valid) {
        await audit(db, { action: 'login_failed', actorId: user?.id ?? null, actorEmail: email, ip, traits: { provider: 'email', reason: 'invalid_credentials' } });
        await countFailure(deps, request, 'login');
        throw invalidCredentials();
      }
      if (user.banned) {
        await audit(db, { action: 'login_failed', actorId: user.id, actorEmail: email, ip, traits: { provider: 'email', reason: 'user_banned' } });
        throw badRequest('user_banned', 'User is banned');
      }
      if (!user.email_confirmed) {
        await audit(db, { action: 'login_failed', actorId: user.id, actorEmail: email, ip, traits: { provider: 'email', reason: 'email_not_confirmed' } });
        throw badRequest('email_not_confirmed', 'Email not confirmed');
      }
      const session = await db.transaction(async (tx) => {
        await audit(tx, { action: 'login', actorId: user.id, actorEmail: email, ip, traits: { provider: 'email' } });
        return startSession(deps, tx, user.id, 'password', origin);
      });
      // Like GoTrue, a password that no longer meets the policy still signs in, with a warning.
      const check = checkPassword(password, { email, name: nameFromMetadata(user.raw_user_meta_data) });
      return check.ok ? session : { ...session, weak_password: { reasons: check.reasons, message: check.message } };
    }

    if (grantType === 'refresh_token') {
      const presented = body.refresh_token;
      if (typeof presented !== 'string' || !presented) throw validationFailed('refresh_token required');
      const result = await db.transaction(async (tx) => {
        const outcome = await refresh(deps, tx, presented, origin);
        if (!(outcome instanceof AuthError)) {
          await audit(tx, { action: 'token_refreshed', actorId: outcome.user.id, actorEmail: outcome.user.email, ip });
        }
        return outcome;
      });
      if (result instanceof AuthError) {
        await audit(db, { action: 'token_revoked', ip, traits: { reason: 'refresh_token_reuse' } });
        throw result;
      }
      return result;
    }

    throw badRequest('invalid_credentials', 'unsupported_grant_type');
  });
}
