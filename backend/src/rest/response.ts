import { RestError, rangeNotSatisfiable, singularityError } from './errors.ts';

export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  /** Raw JSON text, or null for an empty body. */
  body: string | null;
}

/** The single row every statement of this module returns. */
export interface StatementRow {
  total: string | number | null;
  page_total: string | number;
  body: string;
  response_headers: string | null;
  response_status: string | null;
  updated?: string | null;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
export const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

export const toNumber = (value: string | number | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

/** `first-last/total`, or `*\/total` for an empty page; the total is `*` when not counted. */
export function contentRange(offset: number, pageTotal: number, total: number | null): string {
  const all = total === null ? '*' : String(total);
  return pageTotal <= 0 ? `*/${all}` : `${offset}-${offset + pageTotal - 1}/${all}`;
}

/** PostgREST's rule: 416 past the end, 206 for a partial page, else 200 (only when counted). */
export function rangeStatus(offset: number, pageTotal: number, total: number | null): number {
  if (total === null) return 200;
  if (offset > total) return 416;
  if (pageTotal < total) return 206;
  return 200;
}

export function rangeError(offset: number, total: number | null): RestError {
  return rangeNotSatisfiable(`An offset of ${offset} was requested, but there are only ${total ?? 0} rows.`);
}

/** The single object of a one-row JSON array text, or PGRST116 (the transaction is rolled back). */
export function singleObject(body: string, rows: number): string {
  if (rows !== 1) throw singularityError(rows);
  const trimmed = body.trim();
  return trimmed.startsWith('[') && trimmed.endsWith(']') ? trimmed.slice(1, -1).trim() : trimmed;
}

/** Applies response.status and response.headers set by the SQL (functions, triggers). */
export function applyGucOverrides(response: RestResponse, row: StatementRow): RestResponse {
  if (row.response_status !== null && row.response_status !== undefined) {
    const status = Number(row.response_status);
    if (!Number.isInteger(status) || status < 100 || status > 599) {
      throw new RestError(500, 'PGRST112', 'response.status guc must be a valid status code');
    }
    response.status = status;
  }
  if (row.response_headers) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(row.response_headers);
    } catch {
      parsed = null;
    }
    if (!Array.isArray(parsed) || !parsed.every((h) => h && typeof h === 'object' && !Array.isArray(h))) {
      throw new RestError(500, 'PGRST111', 'response.headers guc must be a JSON array composed of objects with a single key and a string value');
    }
    for (const header of parsed as Record<string, unknown>[]) {
      for (const [key, value] of Object.entries(header)) {
        if (typeof value === 'string' && /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(key) && !/[\r\n]/.test(value)) {
          response.headers[key] = value;
        }
      }
    }
  }
  return response;
}
