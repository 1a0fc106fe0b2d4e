import { decodeJwt } from 'jose';
import type { Keys } from '../keys.ts';

export type Role = 'anon' | 'authenticated' | 'service_role';

/** Who a channel delivers for: the role and claims row-level security sees. */
export interface Identity {
  role: Role;
  claims: Record<string, unknown>;
  /** Expiry in epoch seconds. */
  exp: number;
  sessionId: string | null;
  /** Equal for subscribers RLS cannot tell apart, so one check serves them all. */
  key: string;
}

export class TokenError extends Error {
  override name = 'TokenError';
}

const ROLES = new Set(['anon', 'authenticated', 'service_role']);

/** Verifies a JWT as Realtime does, with its error texts (they reach the app as CHANNEL_ERROR). */
export async function identify(keys: Keys, token: string): Promise<Identity> {
  let claims: Record<string, unknown>;
  try {
    claims = (await keys.verify(token)) as Record<string, unknown>;
  } catch (error) {
    if ((error as { expired?: boolean }).expired) {
      let ago = 0;
      try {
        const exp = decodeJwt(token).exp;
        if (typeof exp === 'number') ago = Math.max(0, Math.floor(Date.now() / 1000) - exp);
      } catch {
        // The signature was valid, so the payload decodes; keep 0 if it somehow does not.
      }
      throw new TokenError(`InvalidJWTToken: Token has expired ${ago} seconds ago`);
    }
    throw new TokenError('InvalidJWTToken: The token signature is invalid');
  }
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
    throw new TokenError('InvalidJWTToken: Fields `role` and `exp` are required in JWT');
  }
  if (!ROLES.has(claims.role)) throw new TokenError(`InvalidJWTToken: Unknown role "${claims.role}"`);
  const role = claims.role as Role;
  const { exp, iat: _iat, ...stable } = claims;
  return {
    role,
    claims,
    exp,
    sessionId: typeof claims.session_id === 'string' ? claims.session_id : null,
    key: JSON.stringify([role, stable]),
  };
}
