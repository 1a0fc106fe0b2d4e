import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/types.ts';
import { AuthError, forbidden } from './errors.ts';
import { findUserById, type UserRow } from './users.ts';

export interface SessionRow {
  id: string;
  aal: 'aal1' | 'aal2' | 'aal3';
  /** Seconds since the session signed in. */
  age_seconds: number;
  factor_id: string | null;
}

export interface Authenticated {
  user: UserRow;
  session: SessionRow | null;
  claims: Record<string, unknown>;
}

/**
 * The signed-in user behind a request's bearer JWT, as GoTrue checks it: a valid signature and
 * expiry, a user that still exists and, when the token names one, a session that was not signed out.
 */
export async function requireUser(request: FastifyRequest, db: Queryable): Promise<Authenticated> {
  const caller = request.caller;
  if (caller.jwtError) {
    const detail = caller.jwtError.expired ? 'token has invalid claims: token is expired' : caller.jwtError.message;
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`);
  }
  if (!caller.token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const claims = caller.claims as Record<string, unknown>;
  const sub = claims.sub;
  if (typeof sub !== 'string' || !/^[0-9a-f-]{36}$/i.test(sub)) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : null;
  let session: SessionRow | null = null;
  if (sessionId) {
    const { rows } = await db.query<SessionRow>(
      `select id::text, aal, extract(epoch from now() - created_at)::float8 as age_seconds, factor_id::text
         from auth.sessions where id = $1::uuid and user_id = $2::uuid and (not_after is null or not_after > now())`,
      [/^[0-9a-f-]{36}$/i.test(sessionId) ? sessionId : '00000000-0000-0000-0000-000000000000', sub],
    );
    session = rows[0] ?? null;
    if (!session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  const user = await findUserById(db, sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  return { user, session, claims };
}

/** The admin API is for the service_role key (or a service_role JWT) only. */
export function requireServiceRole(request: FastifyRequest): void {
  if (request.caller.jwtError) throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${request.caller.jwtError.message}`);
  if (request.caller.role !== 'service_role') throw forbidden('not_admin', 'User not allowed');
}

export async function hasVerifiedFactor(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query(`select 1 from auth.mfa_factors where user_id = $1::uuid and status = 'verified' limit 1`, [userId]);
  return rows.length > 0;
}
