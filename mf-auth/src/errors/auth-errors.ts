import { retryAfterSeconds } from '../services/api';

/**
 * A message to show: a key of the auth namespace with its values, a form message of the shared
 * schemas (common namespace), or a server message shown as received (spec section 8: "Other server
 * messages are shown as received").
 */
export type Message = { key: string; values?: Record<string, string | number> } | { form: string } | { text: string };

/** The parts of supabase-js's AuthError (and PostgrestError) the pages read. */
interface ErrorLike {
  name?: unknown;
  message?: unknown;
  status?: unknown;
  code?: unknown;
  reasons?: unknown;
}

function asErrorLike(error: unknown): ErrorLike {
  return typeof error === 'object' && error !== null ? (error as ErrorLike) : {};
}

export function errorCode(error: unknown): string | null {
  const { code } = asErrorLike(error);
  return typeof code === 'string' ? code : null;
}

export function errorStatus(error: unknown): number | null {
  const { status } = asErrorLike(error);
  return typeof status === 'number' ? status : null;
}

/** The reasons of an AuthWeakPasswordError, or null for any other error. */
export function weakPasswordReasons(error: unknown): string[] | null {
  const e = asErrorLike(error);
  if (e.name !== 'AuthWeakPasswordError' && e.code !== 'weak_password') return null;
  return Array.isArray(e.reasons) ? e.reasons.filter((r): r is string => typeof r === 'string') : [];
}

export function isRateLimited(error: unknown): boolean {
  return errorStatus(error) === 429 || errorCode(error) === 'over_request_rate_limit' || errorCode(error) === 'over_email_send_rate_limit';
}

/** The spec's window (5 attempts per 15 minutes) when the server gave no Retry-After. */
export const DEFAULT_WAIT_MINUTES = 15;

/**
 * Whole minutes to wait before trying again: the endpoint's Retry-After; else the minutes or seconds
 * in the server's message (ours: "Please wait 12 minute(s)", GoTrue's: "only request this after 42
 * seconds"), for when the header is not readable (cross-origin without Access-Control-Expose-Headers);
 * else the spec's window.
 */
export function waitMinutes(error: unknown, endpoint: string): number {
  const seconds = retryAfterSeconds(endpoint);
  if (seconds !== null) return Math.max(1, Math.ceil(seconds / 60));
  const message = asErrorLike(error).message;
  if (typeof message === 'string') {
    const minutes = /Please wait (\d+) minute/i.exec(message);
    if (minutes) return Math.max(1, Number(minutes[1]));
    const inSeconds = /(\d+)\s*seconds?/i.exec(message);
    if (inSeconds) return Math.max(1, Math.ceil(Number(inSeconds[1]) / 60));
  }
  return DEFAULT_WAIT_MINUTES;
}

/** Network failures, 5xx and non-JSON answers: nothing the user can act on but trying again. */
export function isUnexpected(error: unknown): boolean {
  const e = asErrorLike(error);
  const status = errorStatus(error);
  if (e.name === 'AuthRetryableFetchError' || e.name === 'AuthUnknownError') return true;
  if (status === null || status === 0 || status >= 500) return true;
  return typeof e.message !== 'string' || e.message.trim() === '';
}

export function serverText(error: unknown): string {
  const { message } = asErrorLike(error);
  return typeof message === 'string' ? message : '';
}

const INVALID_EMAIL_CODES = new Set(['validation_failed', 'email_address_invalid', 'email_address_not_authorized']);

export function loginMessage(error: unknown): Message {
  const code = errorCode(error);
  if (isRateLimited(error)) return { key: 'login.errors.rateLimited', values: { count: waitMinutes(error, '/auth/v1/token') } };
  if (code === 'email_not_confirmed') return { key: 'login.errors.unconfirmed' };
  if (code === 'invalid_credentials' || serverText(error) === 'Invalid login credentials') return { key: 'login.errors.invalidCredentials' };
  if (code === 'validation_failed') return { key: 'errors.invalidEmail' };
  if (isUnexpected(error)) return { key: 'login.errors.unexpected' };
  return { text: serverText(error) };
}

export function signupMessage(error: unknown): Message {
  const code = errorCode(error);
  if (isRateLimited(error)) return { key: 'signup.errors.rateLimited', values: { count: waitMinutes(error, '/auth/v1/signup') } };
  if (code === 'user_already_exists' || code === 'email_exists') return { key: 'signup.errors.alreadyRegistered' };
  if (code !== null && INVALID_EMAIL_CODES.has(code)) return { key: 'errors.invalidEmail' };
  if (weakPasswordReasons(error)) return { key: 'password.serverRejected' };
  if (isUnexpected(error)) return { key: 'signup.errors.unexpected' };
  return { text: serverText(error) };
}

/** Errors of the other forms (resend, recovery, settings): rate limits worded, the rest as received. */
export function genericMessage(error: unknown, endpoint: string): Message {
  if (isRateLimited(error)) return { key: 'errors.rateLimited', values: { count: waitMinutes(error, endpoint) } };
  if (errorCode(error) !== null && INVALID_EMAIL_CODES.has(errorCode(error)!)) return { key: 'errors.invalidEmail' };
  if (isUnexpected(error)) return { key: 'errors.unexpected' };
  return { text: serverText(error) };
}
