/**
 * supabase-js turns an auth 429 into an AuthApiError without the response headers, but the rate-limit
 * messages (spec section 8: "Please wait {n} minutes") need the server's Retry-After. The page's one
 * client fetches through this wrapper, which remembers the last Retry-After per endpoint path.
 */
const lastRetryAfter = new Map<string, number>();

function pathOf(input: RequestInfo | URL): string {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  try {
    return new URL(href, 'http://relative.invalid').pathname;
  } catch {
    return href;
  }
}

/** Seconds from a Retry-After header: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

export const fetchRecordingRetryAfter: typeof fetch = async (input, init) => {
  // Resolved at call time so test doubles that replace globalThis.fetch keep working.
  const response = await globalThis.fetch(input, init);
  if (response.status === 429) {
    const seconds = parseRetryAfter(response.headers.get('Retry-After'));
    if (seconds !== null) lastRetryAfter.set(pathOf(input), seconds);
  }
  return response;
};

/**
 * The Retry-After (seconds) of the latest 429 from an endpoint whose path ends with `pathSuffix`
 * (e.g. "/auth/v1/token"), or null when the server sent none.
 */
export function retryAfterSeconds(pathSuffix: string): number | null {
  for (const [path, seconds] of lastRetryAfter) if (path.endsWith(pathSuffix)) return seconds;
  return null;
}
