import type { FastifyRequest } from 'fastify';
import type { RequestContext } from '../db/types.ts';
import { RestError, invalidBody, invalidSchema, notFoundTable } from './errors.ts';
import { parsePrefer, type Preferences } from './prefer.ts';
import { parseQueryParams, type QueryParams } from './query-params.ts';
import { qualifiedKey, type SchemaCache, type Table } from './schema-cache.ts';

export type Accept = 'json' | 'object';

/** Everything a handler needs from the HTTP request, parsed once. */
export interface RestRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';
  schema: string;
  /** Several schemas are exposed, so responses name the one used (Content-Profile). */
  profileHeader: boolean;
  params: QueryParams;
  prefer: Preferences;
  accept: Accept;
  /** The Range header of a read, as offset and limit. */
  range: { offset: number; limit: number | null } | null;
  rawBody: string | null;
  contentType: string;
  db: RequestContext;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

function negotiateAccept(value: string | undefined): Accept {
  if (!value) return 'json';
  const types = value.split(',').map((part) => (part.split(';')[0] ?? '').trim().toLowerCase());
  for (const type of types) {
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') return 'object';
    if (type === 'application/json' || type === '*/*' || type === 'application/*' || type === '') return 'json';
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`);
}

function parseRangeHeader(value: string | undefined): RestRequest['range'] {
  if (!value) return null;
  const match = /^\s*(?:items=)?(\d{1,15})-(\d{0,15})\s*$/.exec(value);
  if (!match) return null;
  const from = Number(match[1]);
  const to = match[2] ? Number(match[2]) : null;
  if (to !== null && to < from) {
    throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', { details: 'The lower boundary must be lower than or equal to the upper boundary in the Range header.' });
  }
  return { offset: from, limit: to === null ? null : to - from + 1 };
}

export function parseRequest(request: FastifyRequest, cache: SchemaCache, path: string): RestRequest {
  const method = request.method as RestRequest['method'];
  const isRead = method === 'GET' || method === 'HEAD';
  const profile = header(request, isRead ? 'accept-profile' : 'content-profile');
  const schema = profile?.trim() || (cache.schemas[0] ?? 'public');
  if (!cache.schemas.includes(schema)) throw invalidSchema(schema, cache.schemas);
  const url = request.raw.url ?? request.url;
  const q = url.indexOf('?');
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  const caller = request.caller;
  return {
    method,
    schema,
    profileHeader: cache.schemas.length > 1,
    params: parseQueryParams(q < 0 ? '' : url.slice(q + 1)),
    prefer: parsePrefer(request.headers.prefer),
    accept: negotiateAccept(header(request, 'accept')),
    range: isRead ? parseRangeHeader(header(request, 'range')) : null,
    rawBody: typeof request.body === 'string' ? request.body : null,
    contentType: (header(request, 'content-type') ?? 'application/json').split(';')[0]?.trim().toLowerCase() ?? 'application/json',
    db: {
      role: caller.role,
      claims: caller.claims as Record<string, unknown>,
      method,
      path,
      headers,
      clientIp: request.ip,
    },
  };
}

export function findTable(cache: SchemaCache, schema: string, name: string): Table {
  const table = cache.tables.get(qualifiedKey(schema, name));
  if (table) return table;
  throw notFoundTable(schema, name, closestName(name, [...cache.tables.values()].filter((t) => t.schema === schema).map((t) => t.name)));
}

export function closestName(name: string, candidates: string[]): string | null {
  let best: string | null = null;
  let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const candidate of candidates) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase(), bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length] ?? limit;
}

export interface JsonBody {
  /** The body as JSON text, passed to PostgreSQL unchanged. */
  text: string;
  value: unknown;
}

/**
 * The request body as JSON: application/json (the default) or a form, as PostgREST accepts.
 * `emptyAs` is used for an empty body (RPC calls without arguments).
 */
export function jsonBody(req: RestRequest, emptyAs: string | null): JsonBody {
  const raw = req.rawBody ?? '';
  if (req.contentType === 'application/x-www-form-urlencoded') {
    const value = Object.fromEntries(new URLSearchParams(raw));
    return { text: JSON.stringify(value), value };
  }
  if (req.contentType !== 'application/json' && !req.contentType.endsWith('+json') && req.contentType !== 'text/plain') {
    throw new RestError(415, 'PGRST107', `Content-Type not acceptable: ${req.contentType}`);
  }
  if (raw.trim() === '') {
    if (emptyAs !== null) return { text: emptyAs, value: JSON.parse(emptyAs) };
    throw invalidBody('Empty or invalid json');
  }
  try {
    return { text: raw, value: JSON.parse(raw) };
  } catch {
    throw invalidBody('Empty or invalid json');
  }
}

/** `columns=` and `on_conflict=`: comma-separated, optionally double-quoted column names. */
export function parseColumnList(value: string, what: string): string[] {
  const names: string[] = [];
  for (const part of value.split(',')) {
    const trimmed = part.trim();
    const name = trimmed.startsWith('"') && trimmed.endsWith('"') && trimmed.length >= 2 ? trimmed.slice(1, -1) : trimmed;
    if (!name) throw new RestError(400, 'PGRST100', `failed to parse ${what} parameter (${value.slice(0, 80)})`, { details: 'empty column name' });
    names.push(name);
  }
  return names;
}
