import net from 'node:net';
import type { FastifyRequest } from 'fastify';
import { normalizeEmail } from '../../../supabase/functions/_shared/email.ts';
import { AuthError, validationFailed } from './errors.ts';

export { normalizeEmail };

/** The JSON body as an object ({} when there is none). */
export function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new AuthError(400, 'bad_json', 'Request body must be a JSON object');
  return body as Record<string, unknown>;
}

export function queryOf(request: FastifyRequest): Record<string, string | undefined> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : undefined]));
}

export function optionalString(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw validationFailed(`${field} must be a string`);
  return value;
}

export function optionalObject(value: unknown, field: string): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw validationFailed(`${field} must be an object`);
  return value as Record<string, unknown>;
}

const EMAIL = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]+$/;

export function parseEmail(value: unknown): string {
  const email = typeof value === 'string' ? normalizeEmail(value) : '';
  if (!email || email.length > 255 || !EMAIL.test(email)) throw validationFailed('Unable to validate email address: invalid format');
  return email;
}

/** The caller's address for rate limits and the audit log; never empty, so a missing one shares a bucket. */
export function clientIp(request: FastifyRequest): string {
  return request.ip || 'unknown';
}

export function inetOrNull(ip: string): string | null {
  return net.isIP(ip) ? ip : null;
}

export function userAgentOf(request: FastifyRequest): string | null {
  const ua = request.headers['user-agent'];
  return typeof ua === 'string' ? ua.slice(0, 512) : null;
}
