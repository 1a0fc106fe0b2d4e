// beta-access: POST {code} -> {granted}. The code lives only in the server's env (BETA_ACCESS_CODE).
// Wrong guesses are limited per client address (the address the host resolved, never a raw
// X-Forwarded-For) and across all addresses together, so the six-digit space cannot be walked from
// many addresses either: at most 100 wrong codes an hour, about 5,000 hours for half the space.
import { HttpError, json, readJsonObject, serve } from '../_shared/host.ts';

/** Wrong codes allowed per address per window; right codes never count. */
export const BETA_RATE_LIMIT = { max: 10, windowSeconds: 15 * 60 };
/**
 * Wrong codes allowed from all addresses together per window. Past it every attempt waits until the
 * window ends (the cool-down); visitors who already hold a grant are not affected.
 */
export const BETA_GLOBAL_LIMIT = { max: 100, windowSeconds: 60 * 60 };
export const BETA_GLOBAL_KEY = 'beta-access:all-addresses';

const tooMany = (retryAfter: number) => json({ error: 'rate_limited', retryAfter }, 429, { 'Retry-After': String(retryAfter) });
const MAX_CODE_LENGTH = 256;

const normalise = (code: string) => code.trim().toLowerCase();

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** Compares digests in constant time, so response timing says nothing about the code. */
async function sameCode(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(normalise(given)), digest(normalise(expected))]);
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

export default serve(async (request, host) => {
  const body = await readJsonObject(request);
  if (typeof body.code !== 'string') {
    throw new HttpError(400, { error: 'invalid_request', message: 'Send {"code": "<your beta code>"}.' });
  }
  if (body.code.length > MAX_CODE_LENGTH) {
    throw new HttpError(400, { error: 'invalid_request', message: `The code must be at most ${MAX_CODE_LENGTH} characters.` });
  }
  const expected = host.env.BETA_ACCESS_CODE;
  if (!expected) {
    throw new HttpError(503, { error: 'not_configured', message: 'Beta access is not configured on this server.' });
  }
  // Counting before comparing keeps parallel guesses inside the limits; a right code is refunded.
  const key = `beta-access:${host.clientIp}`;
  const perAddress = await host.rateLimiter.consume(key, BETA_RATE_LIMIT);
  if (!perAddress.allowed) return tooMany(perAddress.retryAfter);
  const global = await host.rateLimiter.consume(BETA_GLOBAL_KEY, BETA_GLOBAL_LIMIT);
  if (!global.allowed) {
    // Not compared, so not this address's guess.
    await host.rateLimiter.refund(key);
    return tooMany(global.retryAfter);
  }
  const granted = await sameCode(body.code, expected);
  if (granted) await Promise.all([host.rateLimiter.refund(key), host.rateLimiter.refund(BETA_GLOBAL_KEY)]);
  return json({ granted });
});
