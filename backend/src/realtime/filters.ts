// postgres_changes filters ("column=op.value"), evaluated against a change's record with the
// column's Postgres type in mind, as Realtime casts the value to the column type.

export type FilterOperator = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface Filter {
  column: string;
  operator: FilterOperator;
  /** One value, or several for `in`. */
  values: string[];
}

export class FilterError extends Error {
  override name = 'FilterError';
}

const OPERATORS = new Set<FilterOperator>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in']);
const NUMERIC = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid', 'money']);
const TEMPORAL = new Set(['timestamp', 'timestamptz', 'date', 'time', 'timetz']);

/** Splits `(a,"b,c",d)` into its items, honouring double quotes as PostgREST does. */
function parseList(text: string): string[] {
  if (!text.startsWith('(') || !text.endsWith(')')) throw new FilterError(`in expects a list like in.(a,b), got "${text}"`);
  const items: string[] = [];
  let current = '';
  let quoted = false;
  let wasQuoted = false;
  const body = text.slice(1, -1);
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i] as string;
    if (quoted) {
      if (ch === '\\' && i + 1 < body.length) current += body[(i += 1)];
      else if (ch === '"') quoted = false;
      else current += ch;
    } else if (ch === '"') {
      quoted = true;
      wasQuoted = true;
    } else if (ch === ',') {
      items.push(wasQuoted ? current : current.trim());
      current = '';
      wasQuoted = false;
    } else {
      current += ch;
    }
  }
  if (quoted) throw new FilterError('unterminated quote in in.(...) list');
  if (body.length > 0 || wasQuoted) items.push(wasQuoted ? current : current.trim());
  return items;
}

export function parseFilter(text: string): Filter {
  const equals = text.indexOf('=');
  if (equals <= 0) throw new FilterError(`filter "${text}" must look like column=op.value`);
  const column = text.slice(0, equals).trim();
  const rest = text.slice(equals + 1);
  const dot = rest.indexOf('.');
  if (dot <= 0) throw new FilterError(`filter "${text}" must look like column=op.value`);
  const operator = rest.slice(0, dot) as FilterOperator;
  if (!OPERATORS.has(operator)) throw new FilterError(`filter operator "${operator}" is not one of eq, neq, lt, lte, gt, gte, in`);
  const value = rest.slice(dot + 1);
  return { column, operator, values: operator === 'in' ? parseList(value) : [value] };
}

/** The text Postgres would compare: JSON values from to_jsonb() back to their literal form. */
function literal(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function compare(type: string, actual: string, wanted: string): number | null {
  if (NUMERIC.has(type)) {
    const a = Number(actual);
    const b = Number(wanted);
    if (Number.isNaN(a) || Number.isNaN(b)) return null;
    return a === b ? 0 : a < b ? -1 : 1;
  }
  if (type === 'bool') {
    const truthy = (v: string) => ['t', 'true', 'yes', 'on', '1'].includes(v.toLowerCase());
    return truthy(actual) === truthy(wanted) ? 0 : truthy(actual) ? 1 : -1;
  }
  if (TEMPORAL.has(type)) {
    const a = Date.parse(actual);
    const b = Date.parse(wanted);
    if (!Number.isNaN(a) && !Number.isNaN(b)) return a === b ? 0 : a < b ? -1 : 1;
  }
  if (type === 'uuid') {
    actual = actual.toLowerCase();
    wanted = wanted.toLowerCase();
  }
  return actual === wanted ? 0 : actual < wanted ? -1 : 1;
}

/** Whether a record passes the filter; a NULL column matches nothing, as in SQL. */
export function matches(filter: Filter, record: Record<string, unknown>, columnType: string): boolean {
  const actual = literal(record[filter.column]);
  if (actual === null) return false;
  const results = filter.values.map((wanted) => compare(columnType, actual, wanted));
  switch (filter.operator) {
    case 'eq':
      return results[0] === 0;
    case 'neq':
      return results[0] !== null && results[0] !== 0;
    case 'lt':
      return results[0] !== null && (results[0] as number) < 0;
    case 'lte':
      return results[0] !== null && (results[0] as number) <= 0;
    case 'gt':
      return results[0] !== null && (results[0] as number) > 0;
    case 'gte':
      return results[0] !== null && (results[0] as number) >= 0;
    case 'in':
      return results.includes(0);
  }
}
