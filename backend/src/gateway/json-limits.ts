/**
 * Limits on what a JSON body may cost before it reaches a parser, a function or the database
 * (issue 13, items 2 and 3): bodies are capped by Fastify's bodyLimit (BODY_LIMIT, 1 MB by default;
 * storage uploads stream under their buckets' own limits), and nesting deeper than JSON_MAX_DEPTH
 * (64) is refused with 400. PostgreSQL's JSON parser and recursive code in functions would otherwise
 * meet 5,000 levels with a stack overflow, which surfaced as a 500.
 */

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * The deepest nesting of objects and arrays in a JSON text, found in one pass without recursion and
 * without parsing (brackets inside strings do not count). Stops early once past `limit`.
 */
export function jsonDepth(text: string, limit = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    }
  }
  return deepest;
}

/** Whether a JSON text nests deeper than `max` levels. */
export function isTooDeep(text: string, max: number): boolean {
  return jsonDepth(text, max) > max;
}

/** The message every API answers a too-deep body with. */
export const tooDeepMessage = (max: number) => `JSON nesting is deeper than ${max} levels`;

/** The message every API answers a too-large body with. */
export const tooLargeMessage = (limit: number) => `Request body is larger than ${formatBytes(limit)}`;

function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

/** A JSON content type: application/json and the vnd.pgrst variants PostgREST accepts. */
export function isJsonContentType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json') || type.startsWith('application/vnd.pgrst');
}
