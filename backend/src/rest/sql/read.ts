import type { EmbedPlan, PlanItem, PlanOrder, ReadPlan } from '../plan.ts';
import type { Relationship } from '../schema-cache.ts';
import { castType, conditionSql, fieldExpr, ident, qualified, type SqlParams } from './fragments.ts';

interface LevelOptions {
  /** The FROM item of this level; defaults to the level's table. */
  from?: string;
  /** For embedded levels: the alias of the parent level. */
  parentAlias?: string;
  rel?: Relationship;
  junctionAlias?: string | null;
  /** Only the rows' existence matters (count queries): no columns, order or range. */
  countOnly?: boolean;
  /** Limit and offset of the top level, which may be narrowed by Range and db-max-rows. */
  limit?: number | null;
  offset?: number;
}

/** The SELECT of one level: its columns, its embeds as lateral joins, filters, order and range. */
export function levelSql(plan: ReadPlan, params: SqlParams, options: LevelOptions = {}): string {
  const alias = ident(plan.alias);
  const from = `${options.from ?? qualified(plan.table.schema, plan.table.name)} AS ${alias}`;
  const where: string[] = [];
  let fromList = from;
  if (options.rel && options.parentAlias) {
    const parent = ident(options.parentAlias);
    const rel = options.rel;
    if (rel.junction && options.junctionAlias) {
      const junction = ident(options.junctionAlias);
      fromList += `, ${qualified(rel.junction.table.schema, rel.junction.table.name)} AS ${junction}`;
      for (const [targetCol, junctionCol] of rel.junction.targetColumns) where.push(`${junction}.${ident(junctionCol)} = ${alias}.${ident(targetCol)}`);
      for (const [originCol, junctionCol] of rel.junction.sourceColumns) where.push(`${junction}.${ident(junctionCol)} = ${parent}.${ident(originCol)}`);
    } else {
      for (const [originCol, foreignCol] of rel.columns) where.push(`${alias}.${ident(foreignCol)} = ${parent}.${ident(originCol)}`);
    }
  }
  const countOnly = options.countOnly ?? false;
  // A count needs only the embeds that filter the parent rows.
  const filteringEmbeds = new Set<EmbedPlan>();
  if (countOnly) collectFilteringEmbeds(plan, filteringEmbeds);
  const joins = plan.embeds
    .filter((embed) => !countOnly || filteringEmbeds.has(embed))
    .map((embed) => lateralSql(embed, plan.alias, params));
  for (const condition of plan.where) where.push(conditionSql(condition, plan.alias, params));

  const columns = countOnly ? '1' : selectList(plan, params);
  let sql = `SELECT ${columns}${columns ? ' ' : ''}FROM ${fromList}${joins.length ? ` ${joins.join(' ')}` : ''}`;
  if (where.length) sql += ` WHERE ${where.join(' AND ')}`;
  if (countOnly) return sql;
  if (plan.hasAggregates) {
    const groups = groupPositions(plan.items);
    if (groups.length) sql += ` GROUP BY ${groups.join(', ')}`;
  }
  if (plan.order.length) sql += ` ORDER BY ${plan.order.map((term) => orderSql(term, plan.alias, params)).join(', ')}`;
  const limit = options.limit !== undefined ? options.limit : plan.limit;
  const offset = options.offset ?? plan.offset;
  if (limit !== null) sql += ` LIMIT ${params.add(limit)}`;
  if (offset > 0) sql += ` OFFSET ${params.add(offset)}`;
  return sql;
}

function collectFilteringEmbeds(plan: ReadPlan, into: Set<EmbedPlan>): void {
  for (const embed of plan.embeds) if (embed.joinType === 'inner') into.add(embed);
  const visit = (conditions: ReadPlan['where']) => {
    for (const c of conditions) {
      if (c.kind === 'null-embed') into.add(c.embed);
      else if (c.kind === 'logic') visit(c.children);
    }
  };
  visit(plan.where);
}

function selectList(plan: ReadPlan, params: SqlParams): string {
  const parts: string[] = [];
  for (const item of plan.items) {
    const sql = itemSql(item, plan.alias, params);
    if (sql) parts.push(sql);
  }
  // A level may select nothing (an embed used only to filter): its rows are empty objects.
  return parts.join(', ');
}

function itemSql(item: PlanItem, alias: string, params: SqlParams): string | null {
  switch (item.kind) {
    case 'star':
      return `${ident(alias)}.*`;
    case 'count':
      return `${item.cast ? `CAST(count(*) AS ${castType(item.cast)})` : 'count(*)'} AS ${ident(item.outputName)}`;
    case 'column': {
      let expr = fieldExpr(alias, item.column, item.jsonPath, params);
      if (item.cast) expr = `CAST(${expr} AS ${castType(item.cast)})`;
      if (item.aggregate) {
        expr = `${item.aggregate}(${expr})`;
        if (item.aggregateCast) expr = `CAST(${expr} AS ${castType(item.aggregateCast)})`;
      }
      return `${expr} AS ${ident(item.outputName)}`;
    }
    case 'embed': {
      const { embed } = item;
      if (!embed.visible) return null;
      const lateral = ident(embed.lateralAlias);
      if (embed.spread) return `${lateral}.*`;
      return embed.toOne
        ? `${lateral}.pgrst_body AS ${ident(embed.name)}`
        : `coalesce(${lateral}.pgrst_body, '[]') AS ${ident(embed.name)}`;
    }
  }
}

/** GROUP BY the output positions of the non-aggregated items, as PostgREST groups automatically. */
function groupPositions(items: PlanItem[]): number[] {
  const positions: number[] = [];
  let position = 0;
  for (const item of items) {
    if (item.kind === 'embed' && (!item.embed.visible || item.embed.spread)) continue;
    position++;
    if (item.kind === 'column' && !item.aggregate) positions.push(position);
  }
  return positions;
}

/**
 * An embed as a lateral join. To-one embeds give the row as a JSON object (null when there is no
 * row or RLS hides it), to-many embeds a JSON array; spreads expose the child's columns directly.
 */
function lateralSql(embed: EmbedPlan, parentAlias: string, params: SqlParams): string {
  const child = levelSql(embed.plan, params, {
    parentAlias,
    rel: embed.rel,
    junctionAlias: embed.junctionAlias,
  });
  const lateral = ident(embed.lateralAlias);
  const join = embed.joinType === 'inner' ? 'INNER JOIN LATERAL' : 'LEFT JOIN LATERAL';
  if (embed.spread) return `${join} (${child}) AS ${lateral} ON TRUE`;
  if (embed.toOne) {
    return `${join} (SELECT row_to_json(pgrst_row) AS pgrst_body FROM (${child}) AS pgrst_row) AS ${lateral} ON TRUE`;
  }
  const on = embed.joinType === 'inner' ? `${lateral}.pgrst_body IS NOT NULL` : 'TRUE';
  return `${join} (SELECT json_agg(pgrst_row) AS pgrst_body FROM (${child}) AS pgrst_row) AS ${lateral} ON ${on}`;
}

function orderSql(term: PlanOrder, alias: string, params: SqlParams): string {
  const direction = term.direction ? ` ${term.direction.toUpperCase()}` : '';
  const nulls = term.nulls ? ` NULLS ${term.nulls.toUpperCase()}` : '';
  if (!term.embed) return `${fieldExpr(alias, term.column, term.jsonPath, params)}${direction}${nulls}`;
  // Ordering by a column of a to-one embed: the related row's value, found through the same keys.
  const rel = term.embed.rel;
  const sub = `${term.embed.lateralAlias}_o`;
  const conditions = rel.columns.map(([originCol, foreignCol]) => `${ident(sub)}.${ident(foreignCol)} = ${ident(alias)}.${ident(originCol)}`);
  const value = fieldExpr(sub, term.column, term.jsonPath, params);
  return `(SELECT ${value} FROM ${qualified(rel.foreignTable.schema, rel.foreignTable.name)} AS ${ident(sub)} WHERE ${conditions.join(' AND ')})${direction}${nulls}`;
}

export interface ReadStatementOptions {
  from?: string;
  /** SQL of a CTE that produces the rows the root level reads (RPC results, mutations). */
  sourceCte?: string;
  limit: number | null;
  offset: number;
  count: boolean;
  /** Count at most this many rows (count=estimated switches to the planner's estimate beyond). */
  countLimit?: number | null;
  /** Scalar RPC results aggregate pgrst_scalar instead of whole rows. */
  body?: string;
  /** Extra output columns of the final row (e.g. the upsert's update counter). */
  extra?: string;
}

/**
 * The one statement a read runs: the page as a JSON text, the page size, the total when counted,
 * and the response.headers/response.status settings a function may have set.
 */
export function readStatement(plan: ReadPlan, params: SqlParams, options: ReadStatementOptions): string {
  const ctes: string[] = [];
  if (options.sourceCte) ctes.push(`pgrst_source AS (${options.sourceCte})`);
  const page = levelSql(plan, params, { from: options.from, limit: options.limit, offset: options.offset });
  ctes.push(`pgrst_page AS (${page})`);
  let total = 'NULL::bigint';
  if (options.count) {
    const counted = levelSql(plan, params, { from: options.from, countOnly: true });
    ctes.push(`pgrst_count AS (${counted}${options.countLimit ? ` LIMIT ${params.add(options.countLimit)}` : ''})`);
    total = '(SELECT count(*) FROM pgrst_count)';
  }
  const body = options.body ?? "coalesce(json_agg(pgrst_t), '[]')";
  return (
    `WITH ${ctes.join(', ')} ` +
    `SELECT ${total} AS total, count(pgrst_t) AS page_total, (${body})::text AS body, ` +
    `nullif(current_setting('response.headers', true), '') AS response_headers, ` +
    `nullif(current_setting('response.status', true), '') AS response_status` +
    `${options.extra ? `, ${options.extra}` : ''} ` +
    `FROM pgrst_page AS pgrst_t`
  );
}

/** The count query alone, for EXPLAIN (count=planned|estimated). */
export function countStatement(plan: ReadPlan, params: SqlParams, options: { from?: string; sourceCte?: string }): string {
  const count = levelSql(plan, params, { from: options.from, countOnly: true });
  return options.sourceCte ? `WITH pgrst_source AS (${options.sourceCte}) ${count}` : count;
}
