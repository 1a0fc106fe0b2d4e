import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/types.ts';
import { audit } from '../audit.ts';
import { AuthError, forbidden, validationFailed } from '../errors.ts';
import { TOKEN_TYPES_FOR, consumeCode, consumeLinkToken, type ConsumedToken, type VerifyType } from '../email-flows.ts';
import { enforceLimits } from '../limits.ts';
import { safeRedirect } from '../redirect.ts';
import { bodyOf, clientIp, inetOrNull, normalizeEmail, optionalString, queryOf, userAgentOf } from '../request.ts';
import { startSession, type AuthDeps, type AuthMethod, type SessionOrigin, type SessionResponse } from '../sessions.ts';
import { confirmEmail, emailTaken, endEarlierSessions, findUserById } from '../users.ts';

const LINK_TYPES: VerifyType[] = ['signup', 'invite', 'magiclink', 'recovery', 'email_change'];
const CODE_TYPES: VerifyType[] = [...LINK_TYPES, 'email'];

const expired = () => forbidden('otp_expired', 'Token has expired or is invalid');

/** Applies what a used token proves, then signs the user in. */
async function complete(deps: AuthDeps, tx: Queryable, token: ConsumedToken, type: VerifyType, origin: SessionOrigin, ip: string): Promise<SessionResponse> {
  const user = await findUserById(tx, token.user_id);
  if (!user || user.banned) throw expired();
  let method: AuthMethod = 'otp';
  // The first proof of the mailbox: nothing that signed in before it belongs to this person.
  if (!user.email_confirmed) await endEarlierSessions(tx, user.id);
  if (token.token_type === 'confirmation_token') {
    await confirmEmail(tx, user.id);
    await audit(tx, { action: 'user_signedup', actorId: user.id, actorEmail: user.email, ip, traits: { provider: 'email' } });
  } else if (token.token_type === 'recovery_token') {
    // Following the link proves the address, so an unconfirmed account becomes confirmed.
    await confirmEmail(tx, user.id);
    method = type === 'recovery' ? 'recovery' : 'otp';
  } else if (token.token_type === 'email_change_token_new') {
    const newEmail = token.relates_to;
    if (user.email_change?.toLowerCase() !== newEmail) throw expired();
    if (await emailTaken(tx, newEmail, user.id)) {
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    await tx.query(
      `update auth.users set email = $2::text, email_change = '', email_change_sent_at = null, updated_at = now(),
         email_confirmed_at = coalesce(email_confirmed_at, now()),
         raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || jsonb_build_object('email', $2::text, 'email_verified', true)
       where id = $1::uuid`,
      [user.id, newEmail],
    );
    await tx.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true), updated_at = now()
       where user_id = $1::uuid and provider = 'email'`,
      [user.id, newEmail],
    );
    method = 'email_change';
    await audit(tx, { action: 'user_modified', actorId: user.id, actorEmail: newEmail, ip, traits: { change: 'email' } });
  } else {
    throw expired();
  }
  await audit(tx, { action: 'login', actorId: user.id, actorEmail: user.email, ip, traits: { provider: 'email', method } });
  return startSession(deps, tx, user.id, method, origin);
}

/** GoTrue's redirect: the session (or the error) in the URL fragment, keys sorted, with the `sb` marker. */
function withFragment(redirectTo: string, params: Record<string, string>): string {
  const url = new URL(redirectTo);
  url.hash = '';
  const fragment = new URLSearchParams(Object.entries({ ...params, sb: '' }).sort(([a], [b]) => a.localeCompare(b)));
  return `${url.toString()}#${fragment.toString()}`;
}

export function registerVerify(app: FastifyInstance, deps: AuthDeps): void {
  const { db, config } = deps.ctx;

  // The link in the email, opened in a browser (no apikey): always a 303 to the app. No HEAD route:
  // link scanners that probe with HEAD must not use up the token.
  app.get('/verify', { exposeHeadRoute: false }, async (request, reply) => {
    const query = queryOf(request);
    const redirectTo = safeRedirect(query.redirect_to, config);
    const type = query.type as VerifyType | undefined;
    const ip = clientIp(request);
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Cache-Control', 'no-store');
    try {
      if (!query.token || !type || !LINK_TYPES.includes(type)) throw expired();
      const token = query.token;
      const session = await db.transaction(async (tx) => {
        const consumed = await consumeLinkToken(tx, token, TOKEN_TYPES_FOR[type], config.auth.otpExpiry);
        if (!consumed) throw expired();
        return complete(deps, tx, consumed, type, { ip: inetOrNull(ip), userAgent: userAgentOf(request) }, ip);
      });
      const location = withFragment(redirectTo, {
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: 'bearer',
        type,
      });
      return reply.redirect(location, 303);
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      await audit(db, { action: 'verification_attempted', ip, traits: { type: type ?? '', outcome: error.code } });
      const description = error.code === 'otp_expired' ? 'Email link is invalid or has expired' : error.message;
      const kind = error.status === 403 ? 'access_denied' : error.status === 401 ? 'unauthorized_client' : error.status >= 500 ? 'server_error' : 'invalid_request';
      return reply.redirect(withFragment(redirectTo, { error: kind, error_code: error.code, error_description: description }), 303);
    }
  });

  // Codes typed by the user, or token_hash from a custom email template: answers with the session.
  app.post('/verify', async (request) => {
    const body = bodyOf(request);
    const type = optionalString(body.type, 'type') as VerifyType | undefined;
    if (!type || !CODE_TYPES.includes(type)) throw validationFailed('Verify requires a verification type');
    const ip = clientIp(request);
    const origin = { ip: inetOrNull(ip), userAgent: userAgentOf(request) };
    const tokenHash = optionalString(body.token_hash, 'token_hash');
    const code = optionalString(body.token, 'token');
    const email = optionalString(body.email, 'email');
    if (!tokenHash && !(code && email)) throw validationFailed('Verify requires either a token_hash, or an email and a token');
    if (!tokenHash) await enforceLimits(deps, request, 'verify', normalizeEmail(email!));
    return db.transaction(async (tx) => {
      const consumed = tokenHash
        ? await consumeLinkToken(tx, tokenHash, TOKEN_TYPES_FOR[type], config.auth.otpExpiry)
        : await consumeCode(tx, normalizeEmail(email!), code!.trim(), TOKEN_TYPES_FOR[type], config.auth.otpExpiry);
      if (!consumed) throw expired();
      return complete(deps, tx, consumed, type, origin, ip);
    });
  });
}
