import type { FastifyInstance } from 'fastify';
import { audit } from '../audit.ts';
import { unprocessable, validationFailed } from '../errors.ts';
import { sendEmailChange, sendLinkMail } from '../email-flows.ts';
import { enforceLimits } from '../limits.ts';
import { safeRedirect } from '../redirect.ts';
import { bodyOf, clientIp, optionalObject, optionalString, parseEmail, queryOf } from '../request.ts';
import type { AuthDeps } from '../sessions.ts';
import { findUserByEmail, insertUser, restartSignup } from '../users.ts';
import { rejectPkce } from './signup.ts';

/**
 * The endpoints that send mail on request: magic link / code, password recovery, resend. recover
 * and resend answer {} whether or not the address has an account, and their rate limit counts per
 * address asked for, so repeating them reveals nothing either.
 */
export function registerMailRequests(app: FastifyInstance, deps: AuthDeps): void {
  const { db, config } = deps.ctx;

  app.post('/otp', async (request) => {
    const body = bodyOf(request);
    rejectPkce(body);
    if (body.phone && !body.email) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    const email = parseEmail(body.email);
    const data = optionalObject(body.data, 'data') ?? {};
    const createUser = body.create_user !== false;
    const redirectTo = safeRedirect(queryOf(request).redirect_to, config);
    const ip = clientIp(request);
    await enforceLimits(deps, request, 'mail', email);
    const user = await findUserByEmail(db, email);
    if (!user && !createUser) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
    await db.transaction(async (tx) => {
      if (!user) {
        const id = await insertUser(tx, { email, passwordHash: null, userMetadata: data, confirmed: false });
        await sendLinkMail(deps, tx, (await findUserByEmail(tx, email))!, 'confirmation', redirectTo);
        await audit(tx, { action: 'user_confirmation_requested', actorId: id, actorEmail: email, ip, traits: { provider: 'email', via: 'otp' } });
      } else if (user.banned) {
        return;
      } else if (!user.email_confirmed) {
        // A passwordless sign-up for an unconfirmed address replaces the earlier one, as a repeated
        // sign-up does: whoever confirms through this mail gets no stranger's password or name.
        await restartSignup(tx, user.id, { passwordHash: null, userMetadata: data });
        await sendLinkMail(deps, tx, (await findUserByEmail(tx, email))!, 'confirmation', redirectTo);
        await audit(tx, { action: 'user_confirmation_requested', actorId: user.id, actorEmail: email, ip, traits: { provider: 'email', via: 'otp' } });
      } else {
        await sendLinkMail(deps, tx, user, 'magiclink', redirectTo);
        await audit(tx, { action: 'user_recovery_requested', actorId: user.id, actorEmail: email, ip, traits: { via: 'magiclink' } });
      }
    });
    return {};
  });

  app.post('/recover', async (request) => {
    const body = bodyOf(request);
    rejectPkce(body);
    const email = parseEmail(body.email);
    const redirectTo = safeRedirect(queryOf(request).redirect_to, config);
    const ip = clientIp(request);
    await enforceLimits(deps, request, 'mail', email);
    // Answered before the lookup, so the response time says nothing about the account.
    deps.background.run('recover', async () => {
      const user = await findUserByEmail(db, email);
      if (!user || user.banned) return;
      await db.transaction(async (tx) => {
        await sendLinkMail(deps, tx, user, 'recovery', redirectTo);
        await audit(tx, { action: 'user_recovery_requested', actorId: user.id, actorEmail: email, ip });
      });
    });
    return {};
  });

  app.post('/resend', async (request) => {
    const body = bodyOf(request);
    rejectPkce(body);
    const type = optionalString(body.type, 'type');
    if (type !== 'signup' && type !== 'email_change') throw validationFailed('Missing one of these types: signup, email_change');
    const email = parseEmail(body.email);
    const redirectTo = safeRedirect(queryOf(request).redirect_to, config);
    const ip = clientIp(request);
    await enforceLimits(deps, request, 'mail', email);
    deps.background.run('resend', async () => {
      const user = await findUserByEmail(db, email);
      if (!user || user.banned) return;
      await db.transaction(async (tx) => {
        if (type === 'signup' && !user.email_confirmed) {
          await sendLinkMail(deps, tx, user, 'confirmation', redirectTo);
          await audit(tx, { action: 'user_confirmation_requested', actorId: user.id, actorEmail: email, ip, traits: { via: 'resend' } });
        } else if (type === 'email_change' && user.email_change) {
          await sendEmailChange(deps, tx, user, user.email_change, redirectTo);
        }
      });
    });
    return {};
  });
}
