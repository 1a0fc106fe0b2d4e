import type { Keys } from '../keys.ts';
import { errors } from './errors.ts';

/** What a signed URL grants: one object (bucket/name), optionally rendered with fixed transformations. */
export interface SignedGrant {
  url: string;
  transformations?: string;
  /** Signed upload URLs: who the upload belongs to, and whether it may replace. */
  owner?: string | null;
  upsert?: boolean;
}

export async function signGrant(keys: Keys, grant: SignedGrant, expiresIn: number): Promise<string> {
  return keys.sign({ ...grant, purpose: 'storage' }, expiresIn);
}

/** Verifies a signed-URL token and that it was issued for this very object. */
export async function verifyGrant(keys: Keys, token: unknown, url: string): Promise<SignedGrant> {
  if (typeof token !== 'string' || !token) throw errors.invalidRequest('the signed URL has no token');
  let claims: Record<string, unknown>;
  try {
    claims = (await keys.verify(token)) as Record<string, unknown>;
  } catch (error) {
    if ((error as { expired?: boolean }).expired) throw errors.expiredToken();
    throw errors.invalidJwt('invalid signature');
  }
  if (claims.purpose !== 'storage' || claims.url !== url) throw errors.invalidSignature();
  return {
    url,
    transformations: typeof claims.transformations === 'string' ? claims.transformations : undefined,
    owner: typeof claims.owner === 'string' ? claims.owner : null,
    upsert: claims.upsert === true,
  };
}

/** expiresIn as storage-js sends it: a positive number of seconds. */
export function parseExpiresIn(value: unknown): number {
  const seconds = typeof value === 'string' ? Number(value) : value;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 1) {
    throw errors.invalidRequest('expiresIn must be a number of seconds of at least 1');
  }
  return Math.min(Math.floor(seconds), 10 * 365 * 24 * 3600);
}
