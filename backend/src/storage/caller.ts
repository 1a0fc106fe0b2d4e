import type { FastifyRequest } from 'fastify';
import type { RequestContext } from '../db/types.ts';
import { errors } from './errors.ts';

/** The role and claims a storage request runs under; a bad bearer token is refused as Storage does. */
export function requestContext(request: FastifyRequest, readOnly = false): RequestContext {
  const caller = request.caller;
  if (caller.jwtError) throw errors.invalidJwt(caller.jwtError.message);
  return { role: caller.role, claims: caller.claims as Record<string, unknown>, readOnly, method: request.method, path: request.url.split('?')[0], clientIp: request.ip };
}

/** The owner columns of rows the caller creates: auth.uid() when it is a user. */
export function ownerOf(context: RequestContext): { owner: string | null; ownerId: string | null } {
  const sub = typeof context.claims.sub === 'string' ? context.claims.sub : null;
  const isUuid = sub !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sub);
  return { owner: isUuid ? sub : null, ownerId: sub };
}

/** Owner access (no RLS), for the public and signed routes whose authorisation is the bucket or token. */
export const SERVICE: RequestContext = { role: 'service_role', claims: { role: 'service_role' } };
