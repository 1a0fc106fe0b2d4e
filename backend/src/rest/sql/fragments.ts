import type { JsonStep } from '../grammar/select.ts';
import type { Condition, EmbedPlan } from '../plan.ts';

/** Collects bound parameters; every value from a request goes through add(). */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** A copy holding the values added so far, for a second statement that reuses their SQL. */
  clone(): SqlParams {
    const copy = new SqlParams();
    copy.values.push(...this.values);
    return copy;
  }
}

/** Quotes an identifier that was checked against the schema cache. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function qualified(schema: string, name: string): string {
  return `${ident(schema)}.${ident(name)}`;
}

// Type names people write in casts that are not the catalog's own names; everything else is quoted,
// so a keyword can never change the statement.
const CAST_ALIASES: Record<string, string> = {
  int: 'int4',
  integer: 'int4',
  smallint: 'int2',
  bigint: 'int8',
  real: 'float4',
  float: 'float8',
  double: 'float8',
  decimal: 'numeric',
  boolean: 'bool',
  character: 'bpchar',
  char: 'bpchar',
};

export function castType(type: string): string {
  const array = type.endsWith('[]');
  const base = array ? type.slice(0, -2) : type;
  const name = CAST_ALIASES[base.toLowerCase()] ?? base.toLowerCase();
  return `${ident(name)}${array ? '[]' : ''}`;
}

export function fieldExpr(alias: string, column: string, jsonPath: readonly JsonStep[], params: SqlParams): string {
  let expr = `${ident(alias)}.${ident(column)}`;
  for (const step of jsonPath) {
    expr += `${step.arrow}${params.add(step.index ? Number(step.key) : step.key)}::${step.index ? 'int4' : 'text'}`;
  }
  return expr;
}

/** A PostgreSQL array literal of text values, for `= ANY($n)`. */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

const SIMPLE_SQL: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};

const FTS_SQL = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' } as const;

const IS_SQL = { null: 'IS NULL', not_null: 'IS NOT NULL', true: 'IS TRUE', false: 'IS FALSE', unknown: 'IS UNKNOWN' } as const;

/** Renders a WHERE condition over the level aliased `alias`; embeds resolve to their lateral alias. */
export function conditionSql(condition: Condition, alias: string, params: SqlParams): string {
  if (condition.kind === 'logic') {
    const parts = condition.children.map((child) => conditionSql(child, alias, params));
    const joined = parts.length ? `(${parts.join(condition.op === 'and' ? ' AND ' : ' OR ')})` : condition.op === 'and' ? 'TRUE' : 'FALSE';
    return condition.negated ? `NOT ${joined}` : joined;
  }
  if (condition.kind === 'null-embed') {
    return nullEmbedSql(condition.embed, condition.isNull);
  }
  const { column, jsonPath, operation } = condition;
  const expr = fieldExpr(alias, column.name, jsonPath, params);
  let sql: string;
  switch (operation.kind) {
    case 'is':
      sql = `${expr} ${IS_SQL[operation.value]}`;
      break;
    case 'in':
      sql = operation.values.length === 0 ? 'FALSE' : `${expr} = ANY(${params.add(arrayLiteral(operation.values))})`;
      break;
    case 'fts': {
      const config = operation.config === null ? '' : `${params.add(operation.config)}::regconfig, `;
      const isVector = jsonPath.length === 0 && column.baseType === 'tsvector';
      const target = isVector ? expr : `to_tsvector(${config}${expr})`;
      sql = `${target} @@ ${FTS_SQL[operation.op]}(${config}${params.add(operation.value)})`;
      break;
    }
    case 'simple': {
      if (operation.op === 'isdistinct') {
        sql = `${expr} IS DISTINCT FROM ${params.add(operation.value)}`;
        break;
      }
      const isLike = operation.op === 'like' || operation.op === 'ilike';
      const value = isLike ? operation.value.replace(/\*/g, '%') : operation.value;
      const operator = SIMPLE_SQL[operation.op] ?? '=';
      sql = operation.quantifier
        ? `${expr} ${operator} ${operation.quantifier.toUpperCase()}(${params.add(value)})`
        : `${expr} ${operator} ${params.add(value)}`;
      break;
    }
  }
  return condition.negated ? `NOT (${sql})` : sql;
}

export function nullEmbedSql(embed: EmbedPlan, isNull: boolean): string {
  return `${ident(embed.lateralAlias)}.pgrst_body IS ${isNull ? '' : 'NOT '}NULL`;
}
