import type { Routine, RoutineParam } from '../schema-cache.ts';
import { ident, qualified, type SqlParams } from './fragments.ts';

/**
 * The FROM items that call a function with the JSON body's keys as named arguments (typed by
 * json_to_record, so PostgreSQL converts the values), or with the whole body as its single
 * unnamed json/text parameter. Returns the call expression and the FROM prefix it needs.
 */
export function callSql(routine: Routine, args: RoutineParam[], body: string, singleParam: boolean, params: SqlParams): { from: string; call: string } {
  const fn = qualified(routine.schema, routine.name);
  if (singleParam && routine.singleUnnamedParam) {
    return { from: '', call: `${fn}(${params.add(body)}::${routine.singleUnnamedParam.type})` };
  }
  if (args.length === 0) return { from: '', call: `${fn}()` };
  const typed = args.map((a) => `${ident(a.name)} ${a.type}`).join(', ');
  const from = `(SELECT ${params.add(body)}::json AS data) AS pgrst_payload, LATERAL json_to_record(pgrst_payload.data) AS pgrst_body(${typed}), `;
  const named = args.map((a) => `${a.variadic ? 'VARIADIC ' : ''}${ident(a.name)} := pgrst_body.${ident(a.name)}`).join(', ');
  return { from, call: `${fn}(${named})` };
}

/** A function returning rows of a table or composite type: the rows become pgrst_source. */
export function compositeSourceSql(routine: Routine, args: RoutineParam[], body: string, singleParam: boolean, params: SqlParams): string {
  const { from, call } = callSql(routine, args, body, singleParam, params);
  return `SELECT pgrst_call.* FROM ${from}LATERAL ${call} AS pgrst_call`;
}

/**
 * A function returning a scalar, a set of scalars or void: one statement giving the JSON value
 * (bare for a scalar, an array for a set), with limit/offset applied to sets.
 */
export function scalarStatement(
  routine: Routine,
  args: RoutineParam[],
  body: string,
  singleParam: boolean,
  params: SqlParams,
  range: { limit: number | null; offset: number },
): string {
  const { from, call } = callSql(routine, args, body, singleParam, params);
  let source = `SELECT pgrst_call.pgrst_scalar FROM ${from}LATERAL (SELECT ${call} AS pgrst_scalar) AS pgrst_call`;
  if (routine.returnsSet) {
    if (range.limit !== null) source += ` LIMIT ${params.add(range.limit)}`;
    if (range.offset > 0) source += ` OFFSET ${params.add(range.offset)}`;
  }
  const value = routine.returnKind === 'void'
    ? "''"
    : routine.returnsSet
      ? "coalesce(json_agg(pgrst_t.pgrst_scalar), '[]')"
      : "coalesce(json_agg(pgrst_t.pgrst_scalar)->0, 'null')";
  return (
    `WITH pgrst_source AS (${source}) ` +
    `SELECT NULL::bigint AS total, count(pgrst_t) AS page_total, (${value})::text AS body, ` +
    `nullif(current_setting('response.headers', true), '') AS response_headers, ` +
    `nullif(current_setting('response.status', true), '') AS response_status ` +
    `FROM pgrst_source AS pgrst_t`
  );
}
