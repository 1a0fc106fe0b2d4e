import { parseError } from '../errors.ts';
import { Scanner } from './scanner.ts';
import { parseJsonPath, type JsonStep } from './select.ts';

export type SimpleOp = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'match' | 'imatch' | 'cs' | 'cd' | 'ov' | 'sl' | 'sr' | 'nxl' | 'nxr' | 'adj' | 'isdistinct';
export type FtsOp = 'fts' | 'plfts' | 'phfts' | 'wfts';
export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

export type Operation =
  | { kind: 'simple'; op: SimpleOp; quantifier: 'any' | 'all' | null; value: string }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: IsValue }
  | { kind: 'fts'; op: FtsOp; config: string | null; value: string };

export interface Filter {
  kind: 'filter';
  field: { name: string; jsonPath: JsonStep[] };
  negated: boolean;
  operation: Operation;
}

export interface LogicTree {
  kind: 'logic';
  op: 'and' | 'or';
  negated: boolean;
  children: (Filter | LogicTree)[];
}

const SIMPLE = new Set<string>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxl', 'nxr', 'adj', 'isdistinct']);
const QUANTIFIABLE = new Set<string>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const FTS = new Set<string>(['fts', 'plfts', 'phfts', 'wfts']);
const IS_VALUES = new Set<string>(['null', 'not_null', 'true', 'false', 'unknown']);

/**
 * Parses `[not.]op[(modifier)].value` (the right-hand side of `col=...`). `inLogic` is set inside
 * or=(...) trees, where a double-quoted value is unquoted; at the top level a value is literal.
 */
export function parseOperation(text: string, what: string, inLogic = false): { negated: boolean; operation: Operation } {
  let rest = text;
  let negated = false;
  if (rest.startsWith('not.')) {
    negated = true;
    rest = rest.slice(4);
  }
  const match = /^([a-z_]+)(?:\(([^)]*)\))?\./.exec(rest);
  if (!match) {
    throw parseError(`filter (${what})`, `expecting an operator followed by "." in "${truncate(text)}"`);
  }
  const op = match[1] ?? '';
  const modifier = match[2];
  let value = rest.slice(match[0].length);
  if (inLogic && value.startsWith('"') && op !== 'in') value = unquote(value, what);

  if (op === 'in') {
    if (modifier !== undefined) throw parseError(`filter (${what})`, 'the "in" operator takes no modifier');
    return { negated, operation: { kind: 'in', values: parseList(value, what) } };
  }
  if (op === 'is') {
    const v = value.toLowerCase();
    if (modifier !== undefined || !IS_VALUES.has(v)) {
      throw parseError(`filter (${what})`, `"is" expects null, not_null, true, false or unknown, got "${truncate(value)}"`);
    }
    return { negated, operation: { kind: 'is', value: v as IsValue } };
  }
  if (FTS.has(op)) {
    const config = modifier === undefined ? null : modifier;
    if (config !== null && !/^[A-Za-z0-9_]+$/.test(config)) throw parseError(`filter (${what})`, `invalid text search configuration "${truncate(config)}"`);
    return { negated, operation: { kind: 'fts', op: op as FtsOp, config, value } };
  }
  if (SIMPLE.has(op)) {
    let quantifier: 'any' | 'all' | null = null;
    if (modifier !== undefined) {
      if ((modifier !== 'any' && modifier !== 'all') || !QUANTIFIABLE.has(op)) {
        throw parseError(`filter (${what})`, `unsupported modifier "${truncate(modifier)}" for "${op}"`);
      }
      quantifier = modifier;
    }
    return { negated, operation: { kind: 'simple', op: op as SimpleOp, quantifier, value } };
  }
  throw parseError(`filter (${what})`, `unknown operator "${truncate(op)}"`);
}

/** `(a,b,"c,d")`: the value list of `in`; quotes protect commas and parentheses. */
function parseList(value: string, what: string): string[] {
  if (!value.startsWith('(') || !value.endsWith(')')) {
    throw parseError(`filter (${what})`, 'the "in" operator expects a list in parentheses, e.g. in.(1,2,3)');
  }
  const s = new Scanner(value.slice(1, -1), `filter (${what})`);
  const values: string[] = [];
  if (s.atEnd()) return values;
  for (;;) {
    if (s.peek() === '"') {
      values.push(s.quoted());
    } else {
      const start = s.pos;
      while (!s.atEnd() && s.peek() !== ',') s.next();
      values.push(s.input.slice(start, s.pos));
    }
    if (s.atEnd()) return values;
    if (s.peek() !== ',') throw s.error(`unexpected "${s.peek()}" after a quoted value`);
    s.next();
  }
}

function unquote(value: string, what: string): string {
  const s = new Scanner(value, `logic tree (${what})`);
  const out = s.quoted();
  if (!s.atEnd()) throw s.error('unexpected text after a quoted value');
  return out;
}

function truncate(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** A column reference on the left of a filter: name plus optional JSON path. */
export function parseFieldName(text: string, what: string): { name: string; jsonPath: JsonStep[] } {
  const s = new Scanner(text, what);
  const name = s.identifier();
  const jsonPath = parseJsonPath(s);
  if (!s.atEnd()) throw s.error(`unexpected "${s.peek()}" in a column name`);
  return { name, jsonPath };
}

/** Parses the value of `or=`/`and=` (and their `not.` forms): `(f1,f2,and(f3,f4))`. */
export function parseLogicTree(op: 'and' | 'or', negated: boolean, value: string, what: string): LogicTree {
  if (!value.startsWith('(') || !value.endsWith(')')) {
    throw parseError(`logic tree (${truncate(value)})`, `"${what}" expects a list in parentheses, e.g. (a.eq.1,b.eq.2)`);
  }
  return { kind: 'logic', op, negated, children: splitTopLevel(value.slice(1, -1), value).map((part) => parseLogicElement(part, value, 1)) };
}

function parseLogicElement(text: string, whole: string, depth: number): Filter | LogicTree {
  if (depth > 32) throw parseError(`logic tree (${truncate(whole)})`, 'nested too deeply');
  const nested = /^(not\.)?(and|or)\(/.exec(text);
  if (nested && text.endsWith(')')) {
    const inner = text.slice(nested[0].length, -1);
    return {
      kind: 'logic',
      op: nested[2] as 'and' | 'or',
      negated: Boolean(nested[1]),
      children: splitTopLevel(inner, whole).map((part) => parseLogicElement(part, whole, depth + 1)),
    };
  }
  // The field ends at the first "." outside a JSON path key.
  const s = new Scanner(text, `logic tree (${truncate(whole)})`);
  const name = s.identifier();
  const jsonPath = parseJsonPath(s);
  if (s.peek() !== '.') throw s.error(`expecting "." after the column name in "${truncate(text)}"`);
  s.next();
  const { negated, operation } = parseOperation(text.slice(s.pos), name, true);
  return { kind: 'filter', field: { name, jsonPath }, negated, operation };
}

/** Splits on commas that are outside double quotes, parentheses and array braces. */
function splitTopLevel(text: string, whole: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let braces = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth < 0) throw parseError(`logic tree (${truncate(whole)})`, 'unbalanced parentheses');
    } else if (c === '{') braces++;
    else if (c === '}') braces = Math.max(0, braces - 1);
    else if (c === ',' && depth === 0 && braces === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (quoted || depth !== 0) throw parseError(`logic tree (${truncate(whole)})`, quoted ? 'unterminated quoted string' : 'unbalanced parentheses');
  parts.push(text.slice(start));
  if (parts.some((p) => p.trim() === '')) throw parseError(`logic tree (${truncate(whole)})`, 'empty element');
  return parts;
}
