import type { Condition, PlanOrder } from '../plan.ts';
import type { Column, Table } from '../schema-cache.ts';
import { conditionSql, fieldExpr, ident, qualified, type SqlParams } from './fragments.ts';

export interface InsertOptions {
  table: Table;
  alias: string;
  columns: Column[];
  /** The request body, passed through as one JSON parameter. */
  body: string;
  /** Missing keys take the column DEFAULT (Prefer: missing=default). */
  applyDefaults: boolean;
  conflict: { columns: string[]; action: 'merge' | 'ignore' } | null;
  returning: boolean;
}

/**
 * The rows of a JSON body (an object or an array of objects) typed as the target columns, with
 * json_to_recordset so PostgreSQL converts every value itself. With defaults, each element is
 * first merged over an object of the columns' DEFAULT expressions, evaluated per element.
 */
function bodyRowsSql(columns: Column[], body: string, applyDefaults: boolean, params: SqlParams): string {
  const payload = params.add(body);
  const withDefaults = applyDefaults ? columns.filter((c) => c.defaultExpr !== null) : [];
  const typeName = withDefaults.length ? 'jsonb' : 'json';
  const asArray = `CASE WHEN ${typeName}_typeof(pgrst_payload.data) = 'array' THEN pgrst_payload.data ELSE ${typeName}_build_array(pgrst_payload.data) END`;
  let source = asArray;
  if (withDefaults.length) {
    const defaults = withDefaults.map((c) => `${params.add(c.name)}::text, ${c.defaultExpr}`).join(', ');
    source = `(SELECT coalesce(jsonb_agg(jsonb_build_object(${defaults}) || pgrst_elem), '[]') FROM jsonb_array_elements(${asArray}) AS pgrst_elem)`;
  }
  const from = `(SELECT ${payload}::${typeName} AS data) AS pgrst_payload`;
  if (columns.length === 0) {
    return `${from}, LATERAL ${typeName}_array_elements(${asArray}) AS pgrst_body`;
  }
  const typed = columns.map((c) => `${ident(c.name)} ${c.type}`).join(', ');
  return `${from}, LATERAL ${typeName}_to_recordset(${source}) AS pgrst_body(${typed})`;
}

export function insertSql(options: InsertOptions, params: SqlParams): string {
  const { table, columns } = options;
  const target = `${qualified(table.schema, table.name)} AS ${ident(options.alias)}`;
  const names = columns.map((c) => ident(c.name));
  let sql = `INSERT INTO ${target}${names.length ? ` (${names.join(', ')})` : ''} `;
  sql += `SELECT ${names.length ? names.map((n) => `pgrst_body.${n}`).join(', ') : ''} FROM ${bodyRowsSql(columns, options.body, options.applyDefaults, params)}`;
  if (options.conflict && options.conflict.columns.length) {
    sql += ` ON CONFLICT (${options.conflict.columns.map(ident).join(', ')})`;
    if (options.conflict.action === 'merge' && names.length) {
      // The WHERE counts updated rows so the response can tell an upsert that only updated (200).
      sql += ` DO UPDATE SET ${names.map((n) => `${n} = EXCLUDED.${n}`).join(', ')}`;
      sql += ` WHERE set_config('pgrst.updated', (coalesce(nullif(current_setting('pgrst.updated', true), '')::int, 0) + 1)::text, true) IS NOT NULL`;
    } else {
      sql += ' DO NOTHING';
    }
  }
  return `${sql} ${returningSql(options.alias, options.returning)}`;
}

export interface UpdateOptions {
  table: Table;
  alias: string;
  columns: Column[];
  body: string;
  where: Condition[];
  order: PlanOrder[];
  limit: number | null;
  offset: number;
  returning: boolean;
}

export function updateSql(options: UpdateOptions, params: SqlParams): string {
  const { table, alias, columns } = options;
  if (columns.length === 0) {
    // Nothing to set: like PostgREST, touch no row but keep the select shape valid.
    return `SELECT ${ident(alias)}.* FROM ${qualified(table.schema, table.name)} AS ${ident(alias)} WHERE FALSE`;
  }
  const payload = params.add(options.body);
  const set = columns.map((c) => `${ident(c.name)} = pgrst_body.${ident(c.name)}`).join(', ');
  const typed = columns.map((c) => `${ident(c.name)} ${c.type}`).join(', ');
  let sql = `UPDATE ${qualified(table.schema, table.name)} AS ${ident(alias)} SET ${set} `;
  sql += `FROM (SELECT ${payload}::json AS data) AS pgrst_payload, LATERAL json_to_record(pgrst_payload.data) AS pgrst_body(${typed})`;
  const where = whereSql(options, params);
  if (where) sql += ` WHERE ${where}`;
  return `${sql} ${returningSql(alias, options.returning)}`;
}

export interface DeleteOptions {
  table: Table;
  alias: string;
  where: Condition[];
  order: PlanOrder[];
  limit: number | null;
  offset: number;
  returning: boolean;
}

export function deleteSql(options: DeleteOptions, params: SqlParams): string {
  const { table, alias } = options;
  let sql = `DELETE FROM ${qualified(table.schema, table.name)} AS ${ident(alias)}`;
  const where = whereSql(options, params);
  if (where) sql += ` WHERE ${where}`;
  return `${sql} ${returningSql(alias, options.returning)}`;
}

/**
 * The filters of an update or delete. With limit (and order), the affected rows are chosen first
 * by ctid, as PostgREST does for limited mutations.
 */
function whereSql(options: { table: Table; alias: string; where: Condition[]; order: PlanOrder[]; limit: number | null; offset: number }, params: SqlParams): string {
  if (options.limit === null && options.offset === 0) {
    return options.where.map((c) => conditionSql(c, options.alias, params)).join(' AND ');
  }
  const inner = 'pgrst_affected';
  const conditions = options.where.map((c) => conditionSql(c, inner, params));
  let sub = `SELECT ${ident(inner)}.ctid FROM ${qualified(options.table.schema, options.table.name)} AS ${ident(inner)}`;
  if (conditions.length) sub += ` WHERE ${conditions.join(' AND ')}`;
  if (options.order.length) {
    sub += ` ORDER BY ${options.order
      .map((o) => `${fieldExpr(inner, o.column, o.jsonPath, params)}${o.direction ? ` ${o.direction.toUpperCase()}` : ''}${o.nulls ? ` NULLS ${o.nulls.toUpperCase()}` : ''}`)
      .join(', ')}`;
  }
  if (options.limit !== null) sub += ` LIMIT ${params.add(options.limit)}`;
  if (options.offset > 0) sub += ` OFFSET ${params.add(options.offset)}`;
  return `${ident(options.alias)}.ctid = ANY(ARRAY(${sub}))`;
}

// Without a representation only the number of rows matters; RETURNING 1 needs no SELECT right,
// so an insert-only policy still works, as on PostgREST.
function returningSql(alias: string, full: boolean): string {
  return full ? `RETURNING ${ident(alias)}.*` : 'RETURNING 1 AS pgrst_none';
}
