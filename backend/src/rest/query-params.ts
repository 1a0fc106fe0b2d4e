import { parseError } from './errors.ts';

export interface LogicParam {
  op: 'and' | 'or';
  negated: boolean;
  value: string;
}

/** Parameters that apply to one level of the response: the root ('') or an embed path ('a.b'). */
export interface LevelParams {
  order: string | null;
  limit: string | null;
  offset: string | null;
  logic: LogicParam[];
  filters: { field: string; value: string }[];
}

export interface QueryParams {
  select: string | null;
  columns: string | null;
  onConflict: string | null;
  levels: Map<string, LevelParams>;
}

const emptyLevel = (): LevelParams => ({ order: null, limit: null, offset: null, logic: [], filters: [] });

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw parseError('query string', `malformed percent-encoding in "${text.slice(0, 60)}"`);
  }
}

/**
 * Splits the raw query string (decoded as form-urlencoded, keeping order and repeated keys) into
 * the reserved parameters and the column filters of each embedding level.
 */
export function parseQueryParams(rawQuery: string): QueryParams {
  const params: QueryParams = { select: null, columns: null, onConflict: null, levels: new Map() };
  const level = (path: string) => {
    let found = params.levels.get(path);
    if (!found) {
      found = emptyLevel();
      params.levels.set(path, found);
    }
    return found;
  };
  level('');
  if (!rawQuery) return params;
  for (const pair of rawQuery.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decode(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1));
    if (key === 'select') params.select = value;
    else if (key === 'columns') params.columns = value;
    else if (key === 'on_conflict') params.onConflict = value;
    else if (key === 'apikey') continue;
    else classify(key, value, level);
  }
  return params;
}

function classify(key: string, value: string, level: (path: string) => LevelParams): void {
  // JSON arrows may contain dots in keys only after "->"; split the embed path before the first arrow.
  const arrow = key.indexOf('->');
  const head = arrow < 0 ? key : key.slice(0, arrow);
  const tail = arrow < 0 ? '' : key.slice(arrow);
  const segments = head.split('.');
  const last = segments[segments.length - 1] ?? '';
  if (!tail && (last === 'order' || last === 'limit' || last === 'offset')) {
    level(segments.slice(0, -1).join('.'))[last] = value;
    return;
  }
  if (!tail && (last === 'or' || last === 'and')) {
    const negated = segments[segments.length - 2] === 'not';
    const path = segments.slice(0, negated ? -2 : -1).join('.');
    level(path).logic.push({ op: last, negated, value });
    return;
  }
  const path = segments.slice(0, -1).join('.');
  level(path).filters.push({ field: last + tail, value });
}
