/**
 * The time the server judges JSON Web Tokens by (access tokens, signed storage URLs, the gateway's
 * cache of verified tokens). Injected so tests move time forward instead of waiting for it. Times
 * the database compares with its own rows (sessions, one-time tokens) stay the database's now().
 */
export interface Clock {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
