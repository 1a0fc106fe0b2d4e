import type { FastifyInstance } from 'fastify';
import crypto from 'node:crypto';
import type { DatabaseError, Queryable } from '../../db/types.ts';
import { audit } from '../audit.ts';
import { AuthError, unprocessable, validationFailed } from '../errors.ts';
import { sendLinkMail } from '../email-flows.ts';
import { hashPassword } from '../hashing.ts';
import { enforceLimits } from '../limits.ts';
import { checkPassword, type PasswordCheck } from '../password-policy.ts';
import { safeRedirect } from '../redirect.ts';
import { bodyOf, clientIp, inetOrNull, optionalObject, optionalString, parseEmail, queryOf, userAgentOf } from '../request.ts';
import { startSession, type AuthDeps } from '../sessions.ts';
import { findUserByEmail, insertUser, restartSignup, userJson, type UserJson } from '../users.ts';

export function weakPasswordError(check: PasswordCheck): AuthError {
  return new AuthError(422, 'weak_password', check.message, { extra: { weak_password: { reasons: check.reasons, message: check.message } } });
}

/** The name the password must not contain, from sign-up data. */
export function nameFromMetadata(data: Record<string, unknown> | null | undefined): string | null {
  const name = data?.name ?? data?.full_name;
  return typeof name === 'string' ? name : null;
}

export function rejectPkce(body: Record<string, unknown>): void {
  if (typeof body.code_challenge === 'string' && body.code_challenge) {
    throw validationFailed('The PKCE flow is not supported by this server; use the implicit flow (the supabase-js default).');
  }
}

/**
 * What sign-up answers for an email that already has a confirmed account while confirmations are
 * on: a user that looks freshly created but has no identities (GoTrue's anti-enumeration answer).
 */
async function obfuscatedUser(db: Queryable, email: string, data: Record<string, unknown>): Promise<UserJson> {
  const id = crypto.randomUUID();
  const { rows } = await db.query<{ now: string }>(`select to_jsonb(now()) #>> '{}' as now`);
  const now = rows[0]!.now;
  return {
    id,
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: { ...data, sub: id, email, email_verified: false, phone_verified: false },
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

const isUniqueViolation = (error: unknown) => (error as DatabaseError)?.code === '23505';

export function registerSignup(app: FastifyInstance, deps: AuthDeps): void {
  const { db, config } = deps.ctx;

  app.post('/signup', async (request) => {
    const body = bodyOf(request);
    rejectPkce(body);
    if (body.phone && !body.email) throw unprocessable('phone_provider_disabled', 'Phone signups are disabled');
    const email = parseEmail(body.email);
    const password = optionalString(body.password, 'password');
    if (!password) throw unprocessable('validation_failed', 'Signup requires a valid password');
    const data = optionalObject(body.data, 'data') ?? {};
    const ip = clientIp(request);
    await enforceLimits(deps, request, 'signup', email);

    const check = checkPassword(password, { email, name: nameFromMetadata(data) });
    if (!check.ok) throw weakPasswordError(check);
    const redirectTo = safeRedirect(queryOf(request).redirect_to, config);
    const existing = await findUserByEmail(db, email);
    // Hashing happens for every outcome, so the answer's timing does not tell whether the email exists.
    const passwordHash = await hashPassword(password);

    const alreadyRegistered = async () => {
      await audit(db, { action: 'user_repeated_signup', actorId: existing?.id ?? null, actorEmail: email, ip, traits: { provider: 'email' } });
      if (config.autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
      return obfuscatedUser(db, email, data);
    };
    if (existing?.email_confirmed) return alreadyRegistered();

    try {
      return await db.transaction(async (tx) => {
        if (existing) {
          // Unconfirmed: the latest sign-up's password and metadata replace the earlier ones (which
          // nobody has proven either), so whoever follows the new link confirms what they set
          // themselves, not what someone else registered with their address. (Today's GoTrue leaves
          // the account as it is and mails again, which keeps a squatter's password.)
          await restartSignup(tx, existing.id, { passwordHash, userMetadata: data });
          await sendLinkMail(deps, tx, (await findUserByEmail(tx, email))!, 'confirmation', redirectTo);
          await audit(tx, { action: 'user_confirmation_requested', actorId: existing.id, actorEmail: email, ip, traits: { provider: 'email' } });
          return userJson(tx, existing.id);
        }
        const id = await insertUser(tx, { email, passwordHash, userMetadata: data, confirmed: config.autoconfirm });
        if (config.autoconfirm) {
          await audit(tx, { action: 'user_signedup', actorId: id, actorEmail: email, ip, traits: { provider: 'email' } });
          await audit(tx, { action: 'login', actorId: id, actorEmail: email, ip, traits: { provider: 'email' } });
          return startSession(deps, tx, id, 'password', { ip: inetOrNull(ip), userAgent: userAgentOf(request) });
        }
        const user = (await findUserByEmail(tx, email))!;
        await sendLinkMail(deps, tx, user, 'confirmation', redirectTo);
        await audit(tx, { action: 'user_confirmation_requested', actorId: id, actorEmail: email, ip, traits: { provider: 'email' } });
        return userJson(tx, id);
      });
    } catch (error) {
      // Two sign-ups for one new address at once: the loser answers as for an existing account.
      if (isUniqueViolation(error)) return alreadyRegistered();
      if (error instanceof AuthError) throw error;
      deps.ctx.log.error(`signup failed: ${(error as Error).message}`);
      throw new AuthError(500, 'unexpected_failure', 'Database error saving new user');
    }
  });
}
