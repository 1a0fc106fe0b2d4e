import { RestError, invalidBody, singularityError, unknownPayloadColumn } from '../errors.ts';
import { parseSelect } from '../grammar/select.ts';
import { checkLevelPaths, parseCount, planMutationFilters, planRead, resolveMutationOrder, type ReadPlan } from '../plan.ts';
import { jsonBody, parseColumnList, type RestRequest } from '../request.ts';
import { JSON_TYPE, OBJECT_TYPE, applyGucOverrides, contentRange, singleObject, toNumber, type RestResponse } from '../response.ts';
import type { Column, Table } from '../schema-cache.ts';
import { SqlParams } from '../sql/fragments.ts';
import { deleteSql, insertSql, updateSql } from '../sql/mutate.ts';
import { readStatement } from '../sql/read.ts';
import { checkMaxAffected, inTransaction, planContext, runPipelined, preferenceApplied, profileHeaders, runStatement, type HandlerContext } from './shared.ts';

function columnsOf(table: Table, names: Iterable<string>): Column[] {
  const columns: Column[] = [];
  for (const name of names) {
    const column = table.columns.get(name);
    if (!column) throw unknownPayloadColumn(table.name, name);
    columns.push(column);
  }
  return columns;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The columns an insert writes: `columns=` when given, else the keys of the payload. */
function insertColumns(req: RestRequest, table: Table, value: unknown): Column[] {
  if (req.params.columns !== null) return columnsOf(table, parseColumnList(req.params.columns, 'columns'));
  if (isObject(value)) return columnsOf(table, Object.keys(value));
  const rows = value as unknown[];
  const first = rows[0];
  if (!isObject(first)) return [];
  const keys = Object.keys(first);
  const expected = new Set(keys);
  for (const row of rows) {
    if (!isObject(row)) throw invalidBody('All object keys must match');
    const rowKeys = Object.keys(row);
    if (rowKeys.length !== expected.size || rowKeys.some((k) => !expected.has(k))) throw invalidBody('All object keys must match');
  }
  return columnsOf(table, keys);
}

interface Mutation {
  sourceCte: string;
  params: SqlParams;
  kind: 'insert' | 'update' | 'delete';
  merge: boolean;
}

function representationPlan(ctx: HandlerContext, req: RestRequest, table: Table, wanted: boolean): ReadPlan {
  const items = wanted ? parseSelect(req.params.select ?? '*') : [];
  const plan = planRead(planContext(ctx.cache), table, table.name, items, req.params, '', false);
  if (wanted) checkLevelPaths(req.params, plan);
  return plan;
}

function buildInsert(req: RestRequest, table: Table, returning: boolean): Mutation {
  const body = jsonBody(req, null);
  if (!isObject(body.value) && !(Array.isArray(body.value) && body.value.every(isObject))) {
    throw invalidBody('The body must be a JSON object or an array of objects');
  }
  const columns = insertColumns(req, table, body.value);
  const resolution = req.prefer.resolution;
  let conflict: { columns: string[]; action: 'merge' | 'ignore' } | null = null;
  if (resolution) {
    const target = req.params.onConflict !== null ? parseColumnList(req.params.onConflict, 'on_conflict') : table.primaryKey;
    columnsOf(table, target);
    if (target.length) conflict = { columns: target, action: resolution === 'merge-duplicates' ? 'merge' : 'ignore' };
  }
  const params = new SqlParams();
  const sourceCte = insertSql(
    { table, alias: table.name, columns, body: body.text, applyDefaults: req.prefer.missing === 'default', conflict, returning },
    params,
  );
  return { sourceCte, params, kind: 'insert', merge: conflict?.action === 'merge' };
}

function buildUpdateOrDelete(req: RestRequest, table: Table, returning: boolean, kind: 'update' | 'delete'): Mutation {
  const level = req.params.levels.get('');
  const where = planMutationFilters(table, level);
  const order = level?.order ? resolveMutationOrder(table, level.order) : [];
  const limit = level?.limit ? parseCount(level.limit, 'limit') : null;
  const offset = level?.offset ? parseCount(level.offset, 'offset') : 0;
  const params = new SqlParams();
  if (kind === 'delete') {
    return { sourceCte: deleteSql({ table, alias: table.name, where, order, limit, offset, returning }, params), params, kind, merge: false };
  }
  const body = jsonBody(req, null);
  if (!isObject(body.value)) throw invalidBody('The body of an update must be a JSON object');
  const columns = req.params.columns !== null ? columnsOf(table, parseColumnList(req.params.columns, 'columns')) : columnsOf(table, Object.keys(body.value));
  return {
    sourceCte: updateSql({ table, alias: table.name, columns, body: body.text, where, order, limit, offset, returning }, params),
    params,
    kind,
    merge: false,
  };
}

/**
 * POST (insert/upsert), PATCH and DELETE on a table or view: one statement whose CTE does the
 * mutation and whose outer query shapes the representation, so RLS applies to both.
 */
export async function handleTableWrite(ctx: HandlerContext, req: RestRequest, table: Table): Promise<RestResponse> {
  const wantsRows = req.prefer.return === 'representation';
  const headersOnly = req.prefer.return === 'headers-only' && req.method === 'POST';
  const returning = wantsRows || headersOnly;
  const mutation =
    req.method === 'POST'
      ? buildInsert(req, table, returning)
      : buildUpdateOrDelete(req, table, returning, req.method === 'PATCH' ? 'update' : 'delete');
  const plan = headersOnly ? pkPlan(ctx, req, table) : representationPlan(ctx, req, table, wantsRows);
  const params = mutation.params;
  const sql = readStatement(plan, params, {
    from: 'pgrst_source',
    sourceCte: mutation.sourceCte,
    limit: null,
    offset: 0,
    count: false,
    body: returning ? undefined : "''",
    extra: mutation.merge ? "nullif(current_setting('pgrst.updated', true), '') AS updated" : undefined,
  });

  const strictMax = req.prefer.maxAffected !== null && req.prefer.handling === 'strict';
  const pipelined = req.accept !== 'object' && !strictMax && req.prefer.tx !== 'rollback';
  const { row, body } = pipelined
    ? await runPipelined(ctx.db, { ...req.db, readOnly: false }, sql, params.values).then((result) => ({ row: result, body: result.body }))
    : await inTransaction(ctx.db, { ...req.db, readOnly: false }, req.prefer.tx === 'rollback', async (tx) => {
        const result = await runStatement(tx, sql, params.values);
        const count = toNumber(result.page_total) ?? 0;
        if (mutation.kind !== 'insert') checkMaxAffected(req, count);
        // A single object was asked for: any other number of affected rows is refused and rolled back.
        if (req.accept === 'object' && count !== 1) throw singularityError(count);
        return { row: result, body: wantsRows && req.accept === 'object' ? singleObject(result.body, count) : result.body };
      });

  const affected = toNumber(row.page_total) ?? 0;
  const counted = req.prefer.count !== null ? affected : null;
  const headers: Record<string, string> = {
    ...preferenceApplied(req, ['return', 'count', 'resolution', 'missing', 'tx', 'handling', 'max-affected']),
    ...profileHeaders(req),
  };
  let status: number;
  if (mutation.kind === 'insert') {
    const updated = toNumber(row.updated) ?? 0;
    status = mutation.merge && affected - updated <= 0 && affected > 0 ? 200 : 201;
    headers['Content-Range'] = contentRange(0, 0, counted);
    if (headersOnly) {
      const location = locationOf(table, row.body, affected);
      if (location) headers.Location = location;
    }
  } else {
    status = wantsRows ? 200 : 204;
    headers['Content-Range'] = mutation.kind === 'update' ? contentRange(0, affected, counted) : contentRange(0, 0, counted);
  }
  if (wantsRows) headers['Content-Type'] = req.accept === 'object' ? OBJECT_TYPE : JSON_TYPE;
  return applyGucOverrides({ status, headers, body: wantsRows ? body : null }, row);
}

/** headers-only asks for the Location of a single inserted row, by its primary key. */
function pkPlan(ctx: HandlerContext, req: RestRequest, table: Table): ReadPlan {
  const items = table.primaryKey.map((name) => ({ kind: 'field' as const, name, alias: null, jsonPath: [], cast: null, aggregate: null, aggregateCast: null }));
  return planRead(planContext(ctx.cache), table, table.name, items, req.params, '', false);
}

function locationOf(table: Table, body: string, rows: number): string | null {
  if (rows !== 1 || table.primaryKey.length === 0) return null;
  const row = (JSON.parse(body) as Record<string, unknown>[])[0];
  if (!row) return null;
  const query = table.primaryKey
    .map((key) => {
      const value = row[key];
      return `${encodeURIComponent(key)}=${value === null || value === undefined ? 'is.null' : `eq.${encodeURIComponent(String(value))}`}`;
    })
    .join('&');
  return `/${encodeURIComponent(table.name)}?${query}`;
}

export function methodNotAllowed(method: string): RestError {
  return new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
}
