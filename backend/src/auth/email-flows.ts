import type { Queryable } from '../db/types.ts';
import type { AuthDeps } from './sessions.ts';
import { hashCode, hashToken, randomCode, randomToken } from './tokens.ts';
import { mailPersonalisation, type UserRow } from './users.ts';

export type OneTimeTokenType = 'confirmation_token' | 'recovery_token' | 'email_change_token_new' | 'reauthentication_token';

/** The `type` of a verify link or code, and the tokens each may consume. */
export type VerifyType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change' | 'email';

export const TOKEN_TYPES_FOR: Record<VerifyType, OneTimeTokenType[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  // A magic link to an account that is not confirmed yet is a sign-up confirmation.
  magiclink: ['recovery_token', 'confirmation_token'],
  recovery: ['recovery_token'],
  email_change: ['email_change_token_new'],
  email: ['confirmation_token', 'recovery_token'],
};

/**
 * Creates (or replaces) a user's one-time token of a type: a 256-bit link token and a 6-digit code
 * for the same purpose, both stored hashed. Returns the plain values for the email.
 */
export async function issueOneTimeToken(tx: Queryable, userId: string, type: OneTimeTokenType, address: string): Promise<{ link: string; code: string }> {
  const link = randomToken();
  const code = randomCode();
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, code_hash, created_at, updated_at)
     values ($1::uuid, $2::auth.one_time_token_type, $3, $4, $5, now(), now())
     on conflict (user_id, token_type) do update
       set token_hash = excluded.token_hash, relates_to = excluded.relates_to, code_hash = excluded.code_hash,
           created_at = now(), updated_at = now()`,
    [userId, type, hashToken(link), address.toLowerCase(), hashCode(address, code)],
  );
  return { link, code };
}

export interface ConsumedToken {
  user_id: string;
  token_type: OneTimeTokenType;
  relates_to: string;
}

/** Uses up a link token. An expired token is deleted too, and counts as invalid. */
export async function consumeLinkToken(tx: Queryable, link: string, types: OneTimeTokenType[], expirySeconds: number): Promise<ConsumedToken | null> {
  const { rows } = await tx.query<ConsumedToken & { fresh: boolean }>(
    `delete from auth.one_time_tokens
      where token_hash = $1 and token_type::text = any($2::text[])
      returning user_id::text, token_type::text, relates_to, created_at > (now() - make_interval(secs => $3))::timestamp as fresh`,
    [hashToken(link), types, expirySeconds],
  );
  const row = rows[0];
  return row?.fresh ? { user_id: row.user_id, token_type: row.token_type, relates_to: row.relates_to } : null;
}

/** Uses up a 6-digit code sent to `address`. */
export async function consumeCode(tx: Queryable, address: string, code: string, types: OneTimeTokenType[], expirySeconds: number): Promise<ConsumedToken | null> {
  const { rows } = await tx.query<ConsumedToken & { fresh: boolean }>(
    `delete from auth.one_time_tokens
      where relates_to = $1 and code_hash = $2 and token_type::text = any($3::text[])
      returning user_id::text, token_type::text, relates_to, created_at > (now() - make_interval(secs => $4))::timestamp as fresh`,
    [address.toLowerCase(), hashCode(address, code), types, expirySeconds],
  );
  const row = rows[0];
  return row?.fresh ? { user_id: row.user_id, token_type: row.token_type, relates_to: row.relates_to } : null;
}

/** The email link: always through /auth/v1/verify, which redirects with the tokens in the hash. */
export function verifyUrl(deps: AuthDeps, token: string, type: VerifyType, redirectTo: string): string {
  const base = deps.ctx.config.apiExternalUrl ?? deps.ctx.config.siteUrl;
  const query = new URLSearchParams({ token, type, redirect_to: redirectTo });
  return `${base}/auth/v1/verify?${query.toString()}`;
}

type LinkMail = { template: 'confirmation' | 'magic-link' | 'recovery'; type: VerifyType; tokenType: OneTimeTokenType; sentColumn: string };

const LINK_MAILS: Record<'confirmation' | 'magiclink' | 'recovery', LinkMail> = {
  confirmation: { template: 'confirmation', type: 'signup', tokenType: 'confirmation_token', sentColumn: 'confirmation_sent_at' },
  magiclink: { template: 'magic-link', type: 'magiclink', tokenType: 'recovery_token', sentColumn: 'recovery_sent_at' },
  recovery: { template: 'recovery', type: 'recovery', tokenType: 'recovery_token', sentColumn: 'recovery_sent_at' },
};

/** Sends a sign-up confirmation, magic link or recovery mail, in the same transaction as its token. */
export async function sendLinkMail(deps: AuthDeps, tx: Queryable, user: UserRow, kind: keyof typeof LINK_MAILS, redirectTo: string): Promise<void> {
  const spec = LINK_MAILS[kind];
  const email = user.email!;
  const { link, code } = await issueOneTimeToken(tx, user.id, spec.tokenType, email);
  await tx.query(`update auth.users set ${spec.sentColumn} = now(), updated_at = now() where id = $1::uuid`, [user.id]);
  const { language, name } = mailPersonalisation(user);
  await deps.ctx.mail.enqueue(
    {
      to: email,
      template: spec.template,
      language,
      data: { url: verifyUrl(deps, link, spec.type, redirectTo), code, name, expiresInMinutes: Math.round(deps.ctx.config.auth.otpExpiry / 60) },
    },
    tx,
  );
}

/** Starts an email change: a confirmation to the new address and a notice to the current one. */
export async function sendEmailChange(deps: AuthDeps, tx: Queryable, user: UserRow, newEmail: string, redirectTo: string): Promise<void> {
  const { link, code } = await issueOneTimeToken(tx, user.id, 'email_change_token_new', newEmail);
  await tx.query(`update auth.users set email_change = $2, email_change_sent_at = now(), updated_at = now() where id = $1::uuid`, [user.id, newEmail]);
  const { language, name } = mailPersonalisation(user);
  await deps.ctx.mail.enqueue(
    {
      to: newEmail,
      template: 'email-change',
      language,
      data: {
        url: verifyUrl(deps, link, 'email_change', redirectTo),
        code,
        name,
        email: newEmail,
        expiresInMinutes: Math.round(deps.ctx.config.auth.otpExpiry / 60),
      },
    },
    tx,
  );
  if (user.email) await deps.ctx.mail.enqueue({ to: user.email, template: 'email-change-notice', language, data: { newEmail, name } }, tx);
}

/** GET /reauthenticate: a code the user types to confirm a password change. */
export async function sendReauthentication(deps: AuthDeps, tx: Queryable, user: UserRow): Promise<void> {
  const email = user.email!;
  const { code } = await issueOneTimeToken(tx, user.id, 'reauthentication_token', email);
  await tx.query(`update auth.users set reauthentication_sent_at = now(), updated_at = now() where id = $1::uuid`, [user.id]);
  const { language, name } = mailPersonalisation(user);
  await deps.ctx.mail.enqueue(
    { to: email, template: 'reauthentication', language, data: { code, name, expiresInMinutes: Math.round(deps.ctx.config.auth.otpExpiry / 60) } },
    tx,
  );
}
