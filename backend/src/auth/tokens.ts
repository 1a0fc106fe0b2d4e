import crypto from 'node:crypto';

/** A 256-bit random token, URL-safe. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** A 6-digit code, uniformly random. */
export function randomCode(): string {
  return String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
}

/** What the database stores instead of a token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** A code is only valid for the address it was sent to. */
export function hashCode(address: string, code: string): string {
  return hashToken(`${address.toLowerCase()}:${code}`);
}

/**
 * The refresh token that replaces `parent`, derived with a server secret so that a client retrying
 * a refresh within the reuse window gets the same child back, while only hashes are stored.
 */
export function childRefreshToken(secret: string, parent: string): string {
  return crypto.createHmac('sha256', secret).update(parent).digest('base64url');
}
