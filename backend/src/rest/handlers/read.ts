import { parseSelect } from '../grammar/select.ts';
import { checkLevelPaths, planRead, type ReadPlan } from '../plan.ts';
import type { RestRequest } from '../request.ts';
import {
  JSON_TYPE,
  OBJECT_TYPE,
  applyGucOverrides,
  contentRange,
  rangeError,
  rangeStatus,
  singleObject,
  toNumber,
  type RestResponse,
  type StatementRow,
} from '../response.ts';
import type { SchemaCache, Table } from '../schema-cache.ts';
import { SqlParams, qualified } from '../sql/fragments.ts';
import { countStatement, readStatement } from '../sql/read.ts';
import {
  inTransaction,
  runPipelined,
  planContext,
  plannedCount,
  preferenceApplied,
  profileHeaders,
  runStatement,
  topRange,
  type HandlerContext,
} from './shared.ts';

export interface ReadSource {
  plan: ReadPlan;
  /** FROM item of the root level (a table, or pgrst_source for function results). */
  from?: string;
  sourceCte?: string;
  /** Aggregate a function's single row as an object instead of an array. */
  singleRow?: boolean;
  /** The parameters sourceCte already uses; the read continues their numbering. */
  sourceParams?: SqlParams;
}

interface PreparedRead {
  sql: string;
  params: SqlParams;
  countSql: string | null;
  countParams: SqlParams;
  limit: number | null;
  offset: number;
}

/** The statement of a read (and of its planned count), without running it. */
export function prepareRead(cache: SchemaCache, req: RestRequest, source: ReadSource): PreparedRead {
  const { plan } = source;
  const { limit, offset } = topRange(req, plan.limit, plan.offset, cache.maxRows);
  const count = req.prefer.count;
  const countParams = source.sourceParams?.clone() ?? new SqlParams();
  const params = source.sourceParams ?? new SqlParams();
  const sql = readStatement(plan, params, {
    from: source.from,
    sourceCte: source.sourceCte,
    limit,
    offset,
    count: count !== null,
    countLimit: count === 'estimated' && cache.maxRows !== null ? cache.maxRows + 1 : null,
    body: source.singleRow ? "coalesce(json_agg(pgrst_t)->0, 'null')" : undefined,
  });
  const countSql = count === 'planned' || count === 'estimated' ? countStatement(plan, countParams, { from: source.from, sourceCte: source.sourceCte }) : null;
  return { sql, params, countSql, countParams, limit, offset };
}

/** The read of a table or view: GET and HEAD on /rest/v1/<table>. */
export function tableReadSource(cache: SchemaCache, req: RestRequest, table: Table): ReadSource {
  const plan = planRead(planContext(cache), table, table.name, parseSelect(req.params.select ?? '*'), req.params, '');
  checkLevelPaths(req.params, plan);
  return { plan, from: qualified(table.schema, table.name) };
}

/**
 * Runs a read (a table, or a function's rows) and shapes the response: status and Content-Range by
 * PostgREST's rules, counts, the single-object media type and HEAD without a body.
 */
export async function executeRead(ctx: HandlerContext, req: RestRequest, source: ReadSource, readOnly: boolean): Promise<RestResponse> {
  const { sql, params, countSql, countParams, offset } = prepareRead(ctx.cache, req, source);
  const count = req.prefer.count;
  const maxRows = ctx.cache.maxRows;
  const wantsObject = req.accept === 'object' && !source.singleRow;
  const pipelined = countSql === null && req.prefer.tx !== 'rollback' && (readOnly || !wantsObject);
  const { row, total, body } = pipelined
    ? await runPipelined(ctx.db, { ...req.db, readOnly }, sql, params.values).then((result) => ({
        row: result,
        total: toNumber(result.total),
        body: wantsObject ? singleObject(result.body, toNumber(result.page_total) ?? 0) : result.body,
      }))
    : await inTransaction(ctx.db, { ...req.db, readOnly }, req.prefer.tx === 'rollback', async (tx) => {
        const result: StatementRow = await runStatement(tx, sql, params.values);
        let counted = toNumber(result.total);
        if (countSql && (count === 'planned' || (counted !== null && maxRows !== null && counted > maxRows))) {
          counted = await plannedCount(tx, countSql, countParams.values);
        }
        // Inside the transaction: a volatile function asked for one object must not commit otherwise.
        const text = wantsObject ? singleObject(result.body, toNumber(result.page_total) ?? 0) : result.body;
        return { row: result, total: counted, body: text };
      });

  const pageTotal = toNumber(row.page_total) ?? 0;
  const status = rangeStatus(offset, pageTotal, total);
  if (status === 416) throw rangeError(offset, total);
  const response: RestResponse = {
    status,
    headers: {
      'Content-Type': req.accept === 'object' ? OBJECT_TYPE : JSON_TYPE,
      'Content-Range': contentRange(offset, pageTotal, total),
      ...preferenceApplied(req, ['count', 'tx']),
      ...profileHeaders(req),
    },
    body: req.method === 'HEAD' ? null : body,
  };
  return applyGucOverrides(response, row);
}

export function handleTableRead(ctx: HandlerContext, req: RestRequest, table: Table): Promise<RestResponse> {
  return executeRead(ctx, req, tableReadSource(ctx.cache, req, table), true);
}
