import type { FastifyInstance } from 'fastify';
import { audit } from '../audit.ts';
import { AuthError, forbidden, unprocessable } from '../errors.ts';
import { consumeCode, sendEmailChange, sendReauthentication } from '../email-flows.ts';
import { hasVerifiedFactor, requireUser } from '../guard.ts';
import { hashPassword, verifyPassword } from '../hashing.ts';
import { enforceLimits } from '../limits.ts';
import { checkPassword } from '../password-policy.ts';
import { safeRedirect } from '../redirect.ts';
import { bodyOf, clientIp, optionalObject, optionalString, parseEmail, queryOf } from '../request.ts';
import { logout, parseScope, type AuthDeps } from '../sessions.ts';
import { emailTaken, mergeMetadata, userJson } from '../users.ts';
import { nameFromMetadata, weakPasswordError } from './signup.ts';

/** GoTrue asks for a reauthentication code when the session signed in more than 24 hours ago. */
const RECENT_SIGN_IN_SECONDS = 24 * 3600;

export function registerUser(app: FastifyInstance, deps: AuthDeps): void {
  const { db, config } = deps.ctx;

  app.get('/user', async (request) => {
    const { user } = await requireUser(request, db);
    return userJson(db, user.id);
  });

  app.put('/user', async (request) => {
    const { user, session } = await requireUser(request, db);
    const body = bodyOf(request);
    if (body.app_metadata !== undefined && body.app_metadata !== null) throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
    if (typeof body.phone === 'string' && body.phone) throw unprocessable('phone_provider_disabled', 'Phone numbers are not supported');
    const email = body.email === undefined || body.email === null || body.email === '' ? undefined : parseEmail(body.email);
    const password = optionalString(body.password, 'password');
    const nonce = optionalString(body.nonce, 'nonce');
    const data = optionalObject(body.data, 'data');
    const changingEmail = email !== undefined && email !== user.email?.toLowerCase();
    const ip = clientIp(request);

    if ((password !== undefined || changingEmail) && session?.aal !== 'aal2' && (await hasVerifiedFactor(db, user.id))) {
      throw new AuthError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
    }
    if (changingEmail && (await emailTaken(db, email, user.id))) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    let passwordHash: string | null = null;
    let needsNonce = false;
    if (password !== undefined) {
      const check = checkPassword(password, { email: user.email, name: nameFromMetadata({ ...user.raw_user_meta_data, ...data }) });
      if (!check.ok) throw weakPasswordError(check);
      if (config.auth.reauthForPasswordChange && (!session || session.age_seconds > RECENT_SIGN_IN_SECONDS)) {
        if (!nonce) throw new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication');
        needsNonce = true;
      }
      if (user.encrypted_password && (await verifyPassword(user.encrypted_password, password))) {
        throw unprocessable('same_password', 'New password should be different from the old password.');
      }
      passwordHash = await hashPassword(password);
    }

    return db.transaction(async (tx) => {
      if (needsNonce && !(await consumeCode(tx, user.email ?? '', nonce!.trim(), ['reauthentication_token'], config.auth.otpExpiry))) {
        throw unprocessable('reauthentication_not_valid', 'Nonce has expired or is invalid');
      }
      if (passwordHash) {
        await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1::uuid`, [user.id, passwordHash]);
        // A new password ends every other session (a thief's included); this one stays signed in.
        await tx.query(`delete from auth.sessions where user_id = $1::uuid and id is distinct from $2::uuid`, [user.id, session?.id ?? null]);
        await audit(tx, { action: 'user_updated_password', actorId: user.id, actorEmail: user.email, ip });
      }
      if (data) {
        await tx.query(`update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1::uuid`, [
          user.id,
          JSON.stringify(mergeMetadata(user.raw_user_meta_data, data)),
        ]);
      }
      if (changingEmail) await sendEmailChange(deps, tx, user, email, safeRedirect(queryOf(request).redirect_to, config));
      await audit(tx, { action: 'user_modified', actorId: user.id, actorEmail: user.email, ip });
      return userJson(tx, user.id);
    });
  });

  app.get('/reauthenticate', async (request) => {
    const { user } = await requireUser(request, db);
    if (!user.email) throw unprocessable('validation_failed', 'Reauthentication requires an email address');
    if (!user.email_confirmed) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
    await enforceLimits(deps, request, 'mail', user.email.toLowerCase());
    await db.transaction(async (tx) => {
      await sendReauthentication(deps, tx, user);
      await audit(tx, { action: 'user_reauthenticate_requested', actorId: user.id, actorEmail: user.email, ip: clientIp(request) });
    });
    return {};
  });

  app.post('/logout', async (request, reply) => {
    const scope = parseScope(queryOf(request).scope);
    const { user, session } = await requireUser(request, db);
    await logout(db, user.id, session?.id ?? null, scope);
    await audit(db, { action: 'logout', actorId: user.id, actorEmail: user.email, ip: clientIp(request), traits: { scope } });
    return reply.code(204).send();
  });
}
