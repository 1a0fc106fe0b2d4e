import { RestError, invalidBody } from '../errors.ts';
import { parseSelect } from '../grammar/select.ts';
import { checkLevelPaths, planRead } from '../plan.ts';
import { jsonBody, type RestRequest } from '../request.ts';
import { JSON_TYPE, OBJECT_TYPE, applyGucOverrides, contentRange, rangeError, rangeStatus, toNumber, type RestResponse } from '../response.ts';
import { qualifiedKey, type Routine, type RoutineParam } from '../schema-cache.ts';
import { SqlParams } from '../sql/fragments.ts';
import { compositeSourceSql, scalarStatement } from '../sql/call.ts';
import { executeRead } from './read.ts';
import { checkMaxAffected, inTransaction, planContext, runPipelined, preferenceApplied, profileHeaders, runStatement, topRange, type HandlerContext } from './shared.ts';

interface Call {
  routine: Routine;
  args: RoutineParam[];
  body: string;
  singleParam: boolean;
}

/**
 * Picks the overload whose parameter names cover the given keys and whose required parameters
 * are all given (PostgREST matches by name, not position); falls back to a function taking the
 * whole body as its one unnamed json/text parameter.
 */
function chooseRoutine(req: RestRequest, name: string, candidates: Routine[], keys: string[], rawBody: string | null): Call {
  const keySet = new Set(keys);
  const matches = candidates.filter(
    (r) => !r.singleUnnamedParam && keys.every((k) => r.params.some((p) => p.name === k)) && r.params.every((p) => p.hasDefault || keySet.has(p.name)),
  );
  if (matches.length > 1) {
    throw new RestError(300, 'PGRST203', `Could not choose the best candidate function between: ${matches.map((r) => signature(r)).join(', ')}`, {
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
  }
  const match = matches[0];
  if (match) return { routine: match, args: match.params.filter((p) => keySet.has(p.name)), body: '', singleParam: false };
  const single = req.method === 'POST' ? candidates.find((r) => r.singleUnnamedParam) : undefined;
  if (single && rawBody !== null) return { routine: single, args: [], body: rawBody, singleParam: true };
  const listed = keys.join(', ');
  throw new RestError(404, 'PGRST202', `Could not find the function ${req.schema}.${name}(${listed}) in the schema cache`, {
    details: `Searched for the function ${req.schema}.${name}${keys.length ? ` with parameters ${listed}` : ' without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    hint: candidates.length ? `Perhaps you meant to call the function ${signature(candidates[0] as Routine)}` : null,
  });
}

function signature(routine: Routine): string {
  return `${routine.schema}.${routine.name}(${routine.params.map((p) => (p.name ? `${p.name} => ${p.type}` : p.type)).join(', ')})`;
}

/** POST /rpc/fn with a JSON body of named arguments, or GET/HEAD with arguments in the query. */
export async function handleRpc(ctx: HandlerContext, req: RestRequest, name: string): Promise<RestResponse> {
  const candidates = ctx.cache.routines.get(qualifiedKey(req.schema, name)) ?? [];
  let args: Record<string, unknown>;
  let rawBody: string | null = null;
  if (req.method === 'POST') {
    const body = jsonBody(req, '{}');
    rawBody = body.text;
    args = typeof body.value === 'object' && body.value !== null && !Array.isArray(body.value) ? (body.value as Record<string, unknown>) : {};
    if (args !== body.value && !candidates.some((r) => r.singleUnnamedParam)) throw invalidBody('The body of a function call must be a JSON object');
  } else {
    // Query parameters named like a parameter of one of the overloads are arguments; the rest filter the result.
    const names = new Set(candidates.flatMap((r) => r.params.map((p) => p.name)));
    const level = req.params.levels.get('');
    args = {};
    if (level) {
      level.filters = level.filters.filter(({ field, value }) => {
        if (!names.has(field)) return true;
        const previous = args[field];
        args[field] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
        return false;
      });
    }
  }
  if (candidates.length === 0) {
    const keys = Object.keys(args).join(', ');
    throw new RestError(404, 'PGRST202', `Could not find the function ${req.schema}.${name}(${keys}) in the schema cache`, {
      details: `Searched for the function ${req.schema}.${name}${keys ? ` with parameters ${keys}` : ' without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    });
  }
  const call = chooseRoutine(req, name, candidates, Object.keys(args), rawBody);
  if (!call.singleParam) call.body = JSON.stringify(args);
  const { routine } = call;
  const readOnly = req.method !== 'POST' || routine.volatility !== 'volatile';

  if (routine.returnKind === 'composite' && routine.returnTable) {
    const plan = planRead(planContext(ctx.cache), routine.returnTable, routine.name, parseSelect(req.params.select ?? '*'), req.params, '');
    checkLevelPaths(req.params, plan);
    const params = new SqlParams();
    const sourceCte = compositeSourceSql(routine, call.args, call.body, call.singleParam, params);
    // The source CTE's parameters come first; the read continues numbering after them.
    return executeRead(ctx, req, { plan, from: 'pgrst_source', sourceCte, singleRow: !routine.returnsSet, sourceParams: params }, readOnly);
  }
  return scalarCall(ctx, req, call, readOnly);
}

async function scalarCall(ctx: HandlerContext, req: RestRequest, call: Call, readOnly: boolean): Promise<RestResponse> {
  const { routine } = call;
  const level = req.params.levels.get('');
  if (level && (level.filters.length || level.logic.length || level.order)) {
    throw new RestError(400, 'PGRST100', `failed to parse filter: ${routine.name} returns ${routine.returnType}, whose result cannot be filtered or ordered`);
  }
  const range = routine.returnsSet ? topRange(req, level?.limit ? Number(level.limit) : null, level?.offset ? Number(level.offset) : 0, ctx.cache.maxRows) : { limit: null, offset: 0 };
  const params = new SqlParams();
  const sql = scalarStatement(routine, call.args, call.body, call.singleParam, params, range);
  const strictMax = req.prefer.maxAffected !== null && req.prefer.handling === 'strict';
  const row = !strictMax && req.prefer.tx !== 'rollback'
    ? await runPipelined(ctx.db, { ...req.db, readOnly }, sql, params.values)
    : await inTransaction(ctx.db, { ...req.db, readOnly }, req.prefer.tx === 'rollback', async (tx) => {
        const result = await runStatement(tx, sql, params.values);
        checkMaxAffected(req, toNumber(result.page_total) ?? 0);
        return result;
      });
  const headers = { ...preferenceApplied(req, ['tx', 'handling', 'max-affected']), ...profileHeaders(req) };
  if (routine.returnKind === 'void') return applyGucOverrides({ status: 204, headers, body: null }, row);
  const pageTotal = toNumber(row.page_total) ?? 0;
  const status = rangeStatus(range.offset, pageTotal, null);
  if (status === 416) throw rangeError(range.offset, null);
  const response: RestResponse = {
    status,
    headers: {
      ...headers,
      'Content-Type': req.accept === 'object' ? OBJECT_TYPE : JSON_TYPE,
      'Content-Range': routine.returnsSet ? contentRange(range.offset, pageTotal, null) : '0-0/*',
    },
    body: req.method === 'HEAD' ? null : row.body,
  };
  return applyGucOverrides(response, row);
}
