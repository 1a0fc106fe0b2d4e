// beta-access: POST {code} -> {granted}. The code lives only in the server's env (BETA_ACCESS_CODE);
// wrong guesses are limited per client address so the six-digit space cannot be walked.
import { HttpError, json, readJsonObject, serve } from '../_shared/host.ts';

/** Wrong codes allowed per address per window; right codes never count. */
export const BETA_RATE_LIMIT = { max: 10, windowSeconds: 15 * 60 };
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
  // Counting before comparing keeps parallel guesses inside the limit; a right code is refunded.
  const key = `beta-access:${host.clientIp}`;
  const limit = await host.rateLimiter.consume(key, BETA_RATE_LIMIT);
  if (!limit.allowed) {
    return json({ error: 'rate_limited', retryAfter: limit.retryAfter }, 429, { 'Retry-After': String(limit.retryAfter) });
  }
  const granted = await sameCode(body.code, expected);
  if (granted) await host.rateLimiter.refund(key);
  return json({ granted });
});
