import { errors } from './errors.ts';

export const MAX_KEY_LENGTH = 1024;

// Path segments under /storage/v1/object that a bucket of the same name would shadow.
const RESERVED_BUCKETS = new Set(['list', 'move', 'copy', 'sign', 'upload', 'info', 'public', 'authenticated']);

/**
 * Checks an object name the way Storage does, and refuses anything that could escape a folder:
 * absolute paths, `.`/`..` segments, empty segments, backslashes, NUL and other control characters.
 */
export function checkObjectName(name: string): string {
  if (!name) throw errors.invalidKey(name, 'the name is empty');
  if (name.length > MAX_KEY_LENGTH) throw errors.invalidKey(name.slice(0, 64), `longer than ${MAX_KEY_LENGTH} characters`);
  // oxlint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(name)) throw errors.invalidKey(JSON.stringify(name), 'control characters are not allowed');
  if (name.includes('\\')) throw errors.invalidKey(name, 'backslashes are not allowed');
  if (name.startsWith('/')) throw errors.invalidKey(name, 'absolute paths are not allowed');
  for (const segment of name.split('/')) {
    if (segment === '') throw errors.invalidKey(name, 'empty path segments are not allowed');
    if (segment === '.' || segment === '..') throw errors.invalidKey(name, '"." and ".." segments are not allowed');
  }
  return name;
}

export function checkBucketName(name: unknown): string {
  if (typeof name !== 'string' || !name) throw errors.invalidBucketName(String(name), 'a bucket needs a name');
  if (name.length > 100) throw errors.invalidBucketName(name.slice(0, 64), 'longer than 100 characters');
  if (!/^[A-Za-z0-9_.\-!*'() &$@=;:+,?]+$/.test(name) || name === '.' || name === '..') {
    throw errors.invalidBucketName(name, 'use letters, digits and - _ . only');
  }
  if (RESERVED_BUCKETS.has(name)) throw errors.invalidBucketName(name, 'this name is reserved by the storage API');
  return name;
}

/** "20MB", "1.5 GB", "1024" or a number -> bytes (decimal units, as Storage parses them). */
export function parseFileSizeLimit(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value <= 0) throw errors.invalidRequest('file_size_limit must be a positive whole number of bytes');
    return value;
  }
  const match = typeof value === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb|tb)?\s*$/i.exec(value) : null;
  if (!match) throw errors.invalidRequest(`file_size_limit "${String(value)}" is not a size like 1048576 or "1MB"`);
  const units: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9, tb: 1e12 };
  const bytes = Math.floor(Number(match[1]) * (units[(match[2] ?? 'b').toLowerCase()] ?? 1));
  if (bytes <= 0) throw errors.invalidRequest('file_size_limit must be positive');
  return bytes;
}

export function parseMimeTypes(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !/^[\w.+-]+\/(\*|[\w.+-]+)$/.test(v))) {
    throw errors.invalidRequest('allowed_mime_types must be a list like ["image/png", "image/*"]');
  }
  return value.length ? (value as string[]) : null;
}

/** Whether a content type is allowed by a bucket's list (entries like image/png or image/*). */
export function mimeAllowed(contentType: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return allowed.some((entry) => {
    const e = entry.toLowerCase();
    return e.endsWith('/*') ? type.startsWith(e.slice(0, -1)) : type === e;
  });
}
