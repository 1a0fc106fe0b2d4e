import crypto from 'node:crypto';
import type { AppContext } from '../context.ts';
import type { BackgroundTasks } from './background.ts';
import type { Queryable } from '../db/types.ts';
import { AuthError, badRequest } from './errors.ts';
import { childRefreshToken, hashToken, randomToken } from './tokens.ts';
import { userJson, type UserJson } from './users.ts';

/** GoTrue's Session object. */
export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
  weak_password?: { reasons: string[]; message: string };
}

export type AuthMethod = 'password' | 'otp' | 'magiclink' | 'recovery' | 'email_change' | 'email/signup' | 'totp' | 'invite';

export interface SessionOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** What sessions need from the auth module: the app context and the secret refresh tokens derive from. */
export interface AuthDeps {
  ctx: AppContext;
  refreshSecret: string;
  background: BackgroundTasks;
}

/** Supabase's issuer: the auth URL as browsers see it. */
export function issuer(ctx: AppContext): string {
  return `${ctx.config.apiExternalUrl ?? ctx.config.siteUrl}/auth/v1`;
}

/** Signs an access token for a session, with Supabase's claims, and wraps it in a Session. */
export async function issueSession(deps: AuthDeps, db: Queryable, sessionId: string, refreshToken: string): Promise<SessionResponse> {
  const { rows } = await db.query<{ user_id: string; aal: string; amr: { method: string; timestamp: number }[] }>(
    `select s.user_id::text, s.aal,
            coalesce((select jsonb_agg(jsonb_build_object('method', c.authentication_method,
                                                          'timestamp', floor(extract(epoch from c.updated_at))::bigint)
                                       order by c.updated_at desc)
                        from auth.mfa_amr_claims c where c.session_id = s.id), '[]'::jsonb) as amr
       from auth.sessions s where s.id = $1::uuid`,
    [sessionId],
  );
  const session = rows[0];
  if (!session) throw new AuthError(400, 'session_not_found', 'Session not found');
  const user = await userJson(db, session.user_id);
  if (!user) throw new AuthError(400, 'user_not_found', 'User not found');
  const expiresIn = deps.ctx.config.jwtExpiry;
  const now = Math.floor(Date.now() / 1000);
  const accessToken = await deps.ctx.keys.sign(
    {
      iss: issuer(deps.ctx),
      sub: user.id,
      aud: 'authenticated',
      email: user.email,
      phone: typeof user.phone === 'string' ? user.phone : '',
      app_metadata: user.app_metadata,
      user_metadata: user.user_metadata,
      role: typeof user.role === 'string' && user.role ? user.role : 'authenticated',
      aal: session.aal,
      amr: session.amr,
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    },
    expiresIn,
  );
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: now + expiresIn,
    refresh_token: refreshToken,
    user,
  };
}

async function insertRefreshToken(db: Queryable, userId: string, sessionId: string, token: string, parent: string | null): Promise<void> {
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4::uuid)`,
    [hashToken(token), userId, parent ? hashToken(parent) : null, sessionId],
  );
}

/** Adds (or refreshes) an authentication method on a session, for the amr claim. */
export async function addAmr(db: Queryable, sessionId: string, method: AuthMethod): Promise<void> {
  await db.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method)
     values ($1::uuid, now(), now(), $2)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method],
  );
}

/** Starts a new session (aal1) for a user who just proved `method`, and issues its first tokens. */
export async function startSession(deps: AuthDeps, tx: Queryable, userId: string, method: AuthMethod, origin: SessionOrigin): Promise<SessionResponse> {
  const sessionId = crypto.randomUUID();
  await tx.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at, user_agent, ip)
     values ($1::uuid, $2::uuid, now(), now(), 'aal1', now(), $3, $4::inet)`,
    [sessionId, userId, origin.userAgent, origin.ip],
  );
  await addAmr(tx, sessionId, method);
  const refreshToken = randomToken();
  await insertRefreshToken(tx, userId, sessionId, refreshToken, null);
  await tx.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1::uuid`, [userId]);
  await tx.query(`update auth.identities set last_sign_in_at = now() where user_id = $1::uuid`, [userId]);
  return issueSession(deps, tx, sessionId, refreshToken);
}

/** Replaces every refresh token of a session with a fresh one (after MFA raised the session's level). */
export async function reissueSession(deps: AuthDeps, tx: Queryable, userId: string, sessionId: string): Promise<SessionResponse> {
  await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1::uuid and not revoked`, [sessionId]);
  const refreshToken = randomToken();
  await insertRefreshToken(tx, userId, sessionId, refreshToken, null);
  return issueSession(deps, tx, sessionId, refreshToken);
}

const refreshError = (code: string, detail: string) =>
  new AuthError(400, code, `Invalid Refresh Token: ${detail}`, { extra: { error: 'invalid_grant', error_description: `Invalid Refresh Token: ${detail}` } });

/**
 * The refresh_token grant with rotation. The presented token's row is locked, so parallel refreshes
 * of one token are serialised: the first rotates it, the others (within the reuse interval) get the
 * same child back. A revoked token presented after the interval is treated as stolen: the whole
 * family is revoked and the session ended. That error is returned, not thrown, so the revocation
 * commits with it.
 */
export async function refresh(deps: AuthDeps, tx: Queryable, presented: string, origin: SessionOrigin): Promise<SessionResponse | AuthError> {
  const { rows } = await tx.query<{
    id: string;
    token: string;
    revoked: boolean;
    user_id: string;
    session_id: string | null;
    within_reuse: boolean;
    session_expired: boolean | null;
    banned: boolean | null;
  }>(
    `select rt.id::text, rt.token, rt.revoked, rt.user_id, rt.session_id::text,
            rt.updated_at > now() - make_interval(secs => $2) as within_reuse,
            s.not_after is not null and s.not_after <= now() as session_expired,
            coalesce(u.banned_until > now(), false) as banned
       from auth.refresh_tokens rt
       left join auth.sessions s on s.id = rt.session_id
       left join auth.users u on u.id = s.user_id
      where rt.token = $1
      for update of rt`,
    [hashToken(presented), deps.ctx.config.auth.refreshReuseInterval],
  );
  const token = rows[0];
  if (!token || !token.session_id || token.session_expired === null) throw refreshError('refresh_token_not_found', 'Refresh Token Not Found');
  if (token.banned) throw refreshError('user_banned', 'User Banned');
  if (token.session_expired) throw refreshError('session_expired', 'Session Expired');

  const child = childRefreshToken(deps.refreshSecret, presented);
  if (token.revoked) {
    const { rows: active } = await tx.query<{ token: string }>(
      `select token from auth.refresh_tokens where session_id = $1::uuid and not revoked order by id desc limit 1`,
      [token.session_id],
    );
    const childIsActive = active[0]?.token === hashToken(child);
    if (!token.within_reuse || !childIsActive) {
      if (!token.within_reuse) {
        await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1::uuid`, [token.session_id]);
        await tx.query(`update auth.sessions set not_after = now(), updated_at = now() where id = $1::uuid`, [token.session_id]);
      }
      return refreshError('refresh_token_already_used', 'Already Used');
    }
  } else {
    await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint`, [token.id]);
    await insertRefreshToken(tx, token.user_id, token.session_id, child, presented);
  }
  await tx.query(
    `update auth.sessions set refreshed_at = now(), updated_at = now(), user_agent = $2, ip = $3::inet where id = $1::uuid`,
    [token.session_id, origin.userAgent, origin.ip],
  );
  return issueSession(deps, tx, token.session_id, child);
}

export type LogoutScope = 'global' | 'local' | 'others';

export function parseScope(value: string | undefined): LogoutScope {
  if (value === undefined || value === '') return 'global';
  if (value === 'global' || value === 'local' || value === 'others') return value;
  throw badRequest('validation_failed', 'Unsupported logout scope. Use global, local or others.');
}

export async function logout(db: Queryable, userId: string, sessionId: string | null, scope: LogoutScope): Promise<void> {
  if (scope === 'local') {
    if (sessionId) await db.query(`delete from auth.sessions where id = $1::uuid`, [sessionId]);
    return;
  }
  if (scope === 'others') {
    await db.query(`delete from auth.sessions where user_id = $1::uuid and id is distinct from $2::uuid`, [userId, sessionId]);
    return;
  }
  await db.query(`delete from auth.sessions where user_id = $1::uuid`, [userId]);
}
