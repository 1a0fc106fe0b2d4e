import { parseError } from '../errors.ts';
import { Scanner } from './scanner.ts';

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
  /** A numeric key indexes an array. */
  index: boolean;
}

export type AggregateName = 'count' | 'sum' | 'avg' | 'max' | 'min';

export interface FieldItem {
  kind: 'field';
  name: string;
  alias: string | null;
  jsonPath: JsonStep[];
  cast: string | null;
  aggregate: AggregateName | null;
  aggregateCast: string | null;
}

/** `count()` or the bare `count` PostgREST always allows: the number of rows of the level. */
export interface CountItem {
  kind: 'count';
  alias: string | null;
  cast: string | null;
  /** Bare `count` is allowed even when aggregates are disabled. */
  bare: boolean;
}

export interface StarItem {
  kind: 'star';
}

export interface EmbedItem {
  kind: 'embed';
  name: string;
  alias: string | null;
  hint: string | null;
  joinType: 'inner' | 'left' | null;
  spread: boolean;
  items: SelectItem[];
}

export type SelectItem = FieldItem | CountItem | StarItem | EmbedItem;

const AGGREGATES = new Set<string>(['count', 'sum', 'avg', 'max', 'min']);

/** Parses PostgREST's `select` parameter: columns, renames, casts, JSON paths, embeds and spreads. */
export function parseSelect(input: string): SelectItem[] {
  const scanner = new Scanner(input, 'select parameter');
  if (scanner.atEnd()) return [{ kind: 'star' }];
  const items = parseItems(scanner, 0);
  if (!scanner.atEnd()) throw scanner.error(`unexpected "${scanner.peek()}"`);
  return items;
}

function parseItems(s: Scanner, depth: number): SelectItem[] {
  if (depth > 16) throw s.error('embedding is nested too deeply');
  const items: SelectItem[] = [];
  for (;;) {
    s.skipSpaces();
    if (depth > 0 && s.peek() === ')' && items.length === 0) return items;
    items.push(parseItem(s, depth));
    s.skipSpaces();
    if (s.peek() !== ',') return items;
    s.next();
  }
}

function parseItem(s: Scanner, depth: number): SelectItem {
  if (s.peek() === '*') {
    s.next();
    return { kind: 'star' };
  }
  const spread = s.consume('...');
  let alias: string | null = null;
  let name = s.identifier();
  s.skipSpaces();
  if (!spread && s.peek() === ':' && s.peekAt(1) !== ':') {
    s.next();
    s.skipSpaces();
    alias = name;
    name = s.identifier();
  }
  s.skipSpaces();
  if (!spread && name === 'count' && s.consume('()')) {
    return { kind: 'count', alias, cast: parseCast(s), bare: false };
  }
  if (s.peek() === '!' || s.peek() === '(') return parseEmbed(s, depth, name, alias, spread);
  if (spread) throw s.error('a spread ("...") must be followed by an embedded resource');
  const jsonPath = parseJsonPath(s);
  const cast = parseCast(s);
  let aggregate: AggregateName | null = null;
  let aggregateCast: string | null = null;
  if (s.peek() === '.') {
    s.next();
    const fn = s.word();
    if (!AGGREGATES.has(fn) || !s.consume('()')) throw s.error(`unknown aggregate "${fn}"`);
    aggregate = fn as AggregateName;
    aggregateCast = parseCast(s);
  }
  if (name === 'count' && jsonPath.length === 0 && !cast && !aggregate) {
    return { kind: 'count', alias, cast: null, bare: true };
  }
  return { kind: 'field', name, alias, jsonPath, cast, aggregate, aggregateCast };
}

function parseEmbed(s: Scanner, depth: number, name: string, alias: string | null, spread: boolean): EmbedItem {
  let hint: string | null = null;
  let joinType: EmbedItem['joinType'] = null;
  while (s.peek() === '!') {
    s.next();
    const word = s.identifier();
    if (word === 'inner' || word === 'left') {
      if (joinType) throw s.error('more than one join type');
      joinType = word;
    } else {
      if (hint) throw s.error('more than one hint');
      hint = word;
    }
    s.skipSpaces();
  }
  s.expect('(');
  const items = parseItems(s, depth + 1);
  s.skipSpaces();
  s.expect(')');
  return { kind: 'embed', name, alias, hint, joinType, spread, items };
}

/** `->key`, `->>key`, `->0`, repeated. */
export function parseJsonPath(s: Scanner): JsonStep[] {
  const path: JsonStep[] = [];
  while (s.peek() === '-' && s.peekAt(1) === '>') {
    s.next();
    s.next();
    const arrow = s.consume('>') ? '->>' : '->';
    const key = s.jsonKey();
    path.push({ arrow, key, index: /^-?\d+$/.test(key) });
  }
  return path;
}

function parseCast(s: Scanner): string | null {
  if (!s.consume('::')) return null;
  const type = s.word();
  const array = s.consume('[]');
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(type)) throw parseError('select parameter', `invalid cast "${type}"`);
  return array ? `${type}[]` : type;
}
