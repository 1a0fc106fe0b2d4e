import { RestError, parseError, unknownColumn } from './errors.ts';
import { parseFieldName, parseLogicTree, parseOperation, type Filter, type LogicTree, type Operation } from './grammar/filter.ts';
import { parseOrder } from './grammar/order.ts';
import type { AggregateName, JsonStep, SelectItem } from './grammar/select.ts';
import type { LevelParams, QueryParams } from './query-params.ts';
import { findRelationship, isToOne } from './relationships.ts';
import type { Column, Relationship, SchemaCache, Table } from './schema-cache.ts';

export type PlanItem =
  | { kind: 'star' }
  | {
      kind: 'column';
      column: string;
      jsonPath: JsonStep[];
      cast: string | null;
      aggregate: AggregateName | null;
      aggregateCast: string | null;
      outputName: string;
    }
  | { kind: 'count'; cast: string | null; outputName: string }
  | { kind: 'embed'; embed: EmbedPlan };

export type Condition =
  | { kind: 'filter'; column: Column; jsonPath: JsonStep[]; negated: boolean; operation: Operation }
  | { kind: 'null-embed'; embed: EmbedPlan; isNull: boolean }
  | { kind: 'logic'; op: 'and' | 'or'; negated: boolean; children: Condition[] };

export interface PlanOrder {
  embed: EmbedPlan | null;
  column: string;
  jsonPath: JsonStep[];
  direction: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}

export interface ReadPlan {
  table: Table;
  alias: string;
  items: PlanItem[];
  where: Condition[];
  order: PlanOrder[];
  limit: number | null;
  offset: number;
  embeds: EmbedPlan[];
  hasAggregates: boolean;
}

export interface EmbedPlan {
  plan: ReadPlan;
  rel: Relationship;
  /** The key in the parent object (alias, else the name used in select). */
  name: string;
  joinType: 'inner' | 'left';
  spread: boolean;
  toOne: boolean;
  /** `rel()` selects nothing: the embed only filters. */
  visible: boolean;
  lateralAlias: string;
  junctionAlias: string | null;
}

export interface PlanContext {
  cache: SchemaCache;
  aggregatesEnabled: boolean;
  nextAlias: () => number;
}

/** Parses a non-negative integer parameter (limit, offset). */
export function parseCount(value: string, what: string): number {
  if (!/^-?\d{1,15}$/.test(value.trim())) throw parseError(`${what} parameter (${value.slice(0, 40)})`, 'expecting a whole number');
  const n = Number(value.trim());
  if (n < 0) {
    throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', {
      details: `${what === 'limit' ? 'Limit' : 'Offset'} should be greater than or equal to zero.`,
    });
  }
  return n;
}

function columnOf(table: Table, name: string): Column {
  const column = table.columns.get(name);
  if (!column) throw unknownColumn(table.name, name);
  return column;
}

/**
 * Resolves the parsed select tree and the per-level parameters against the schema cache. `path`
 * names the level for `<embed>.param` lookups; `applyRootFilters` is false when the root filters
 * belong to a mutation instead.
 */
export function planRead(
  ctx: PlanContext,
  table: Table,
  alias: string,
  items: SelectItem[],
  params: QueryParams,
  path: string,
  applyLevelParams = true,
): ReadPlan {
  const plan: ReadPlan = { table, alias, items: [], where: [], order: [], limit: null, offset: 0, embeds: [], hasAggregates: false };
  for (const item of items) {
    if (item.kind === 'star') {
      plan.items.push(item);
    } else if (item.kind === 'count') {
      if (!item.bare && !ctx.aggregatesEnabled) throw aggregatesDisabled();
      plan.hasAggregates = true;
      plan.items.push({ kind: 'count', cast: item.cast, outputName: item.alias ?? 'count' });
    } else if (item.kind === 'field') {
      columnOf(table, item.name);
      if (item.aggregate) {
        if (!ctx.aggregatesEnabled) throw aggregatesDisabled();
        plan.hasAggregates = true;
      }
      const last = item.jsonPath[item.jsonPath.length - 1];
      const outputName = item.alias ?? (item.aggregate ?? (last ? last.key : item.name));
      plan.items.push({
        kind: 'column',
        column: item.name,
        jsonPath: item.jsonPath,
        cast: item.cast,
        aggregate: item.aggregate,
        aggregateCast: item.aggregateCast,
        outputName,
      });
    } else {
      const rel = findRelationship(ctx.cache, table, item.name, item.hint);
      const k = ctx.nextAlias();
      const name = item.alias ?? item.name;
      const childPath = path ? `${path}.${name}` : name;
      const embed: EmbedPlan = {
        plan: planRead(ctx, rel.foreignTable, `pgrst_e${k}`, item.items, params, childPath),
        rel,
        name,
        joinType: item.joinType === 'inner' ? 'inner' : 'left',
        spread: item.spread,
        toOne: isToOne(rel),
        visible: item.items.length > 0,
        lateralAlias: `pgrst_l${k}`,
        junctionAlias: rel.junction ? `pgrst_j${k}` : null,
      };
      if (embed.spread && !embed.toOne) {
        throw new RestError(400, 'PGRST119', `A spread operation on '${item.name}' is not possible`, {
          details: "'" + table.name + "' and '" + item.name + "' do not form a many-to-one or one-to-one relationship",
        });
      }
      plan.embeds.push(embed);
      plan.items.push({ kind: 'embed', embed });
    }
  }
  if (plan.hasAggregates && plan.items.some((i) => i.kind === 'star')) {
    throw parseError('select parameter', 'aggregates cannot be combined with "*"; list the columns to group by');
  }
  const level = params.levels.get(path);
  if (level && applyLevelParams) applyLevel(plan, level);
  return plan;
}

function aggregatesDisabled(): RestError {
  return new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
}

function applyLevel(plan: ReadPlan, level: LevelParams): void {
  for (const { field, value } of level.filters) {
    const embed = plan.embeds.find((e) => e.name === field && !e.spread);
    if (embed) {
      const { negated, operation } = parseOperation(value, field);
      if (operation.kind !== 'is' || operation.value !== 'null') {
        throw new RestError(400, 'PGRST120', 'Bad operator on the embedded resource', {
          details: "Only is null or not is null filters are allowed on embedded resources",
        });
      }
      plan.where.push({ kind: 'null-embed', embed, isNull: !negated });
      continue;
    }
    plan.where.push(resolveFilter(plan.table, parseFilterParam(field, value)));
  }
  for (const logic of level.logic) {
    const tree = parseLogicTree(logic.op, logic.negated, logic.value, `${logic.negated ? 'not.' : ''}${logic.op}`);
    plan.where.push(resolveLogic(plan, tree));
  }
  if (level.order !== null) plan.order = resolveOrder(plan, level.order);
  if (level.limit !== null) plan.limit = parseCount(level.limit, 'limit');
  if (level.offset !== null) plan.offset = parseCount(level.offset, 'offset');
}

function parseFilterParam(field: string, value: string): Filter {
  const target = parseFieldName(field, `filter (${field})`);
  const { negated, operation } = parseOperation(value, field);
  return { kind: 'filter', field: target, negated, operation };
}

export function resolveFilter(table: Table, filter: Filter): Condition {
  const column = columnOf(table, filter.field.name);
  return { kind: 'filter', column, jsonPath: filter.field.jsonPath, negated: filter.negated, operation: filter.operation };
}

function resolveLogic(plan: ReadPlan, tree: LogicTree): Condition {
  return {
    kind: 'logic',
    op: tree.op,
    negated: tree.negated,
    children: tree.children.map((child) => {
      if (child.kind === 'logic') return resolveLogic(plan, child);
      const embed = plan.embeds.find((e) => e.name === child.field.name && !e.spread);
      if (embed && child.field.jsonPath.length === 0 && child.operation.kind === 'is' && child.operation.value === 'null') {
        return { kind: 'null-embed', embed, isNull: !child.negated };
      }
      return resolveFilter(plan.table, child);
    }),
  };
}

/** Resolves root-level filters and logic trees of a mutation against its target table. */
export function planMutationFilters(table: Table, level: LevelParams | undefined): Condition[] {
  if (!level) return [];
  const conditions: Condition[] = level.filters.map(({ field, value }) => resolveFilter(table, parseFilterParam(field, value)));
  for (const logic of level.logic) {
    const tree = parseLogicTree(logic.op, logic.negated, logic.value, `${logic.negated ? 'not.' : ''}${logic.op}`);
    conditions.push(resolveLogicOnTable(table, tree));
  }
  return conditions;
}

function resolveLogicOnTable(table: Table, tree: LogicTree): Condition {
  return {
    kind: 'logic',
    op: tree.op,
    negated: tree.negated,
    children: tree.children.map((child) => (child.kind === 'logic' ? resolveLogicOnTable(table, child) : resolveFilter(table, child))),
  };
}

function resolveOrder(plan: ReadPlan, text: string): PlanOrder[] {
  return parseOrder(text).map((term) => {
    if (term.relation === null) {
      columnOf(plan.table, term.name);
      return { embed: null, column: term.name, jsonPath: term.jsonPath, direction: term.direction, nulls: term.nulls };
    }
    const embed = plan.embeds.find((e) => e.name === term.relation);
    if (!embed) {
      throw new RestError(400, 'PGRST108', `'${term.relation}' is not an embedded resource in this request`, {
        hint: `Verify that '${term.relation}' is included in the 'select' query parameter.`,
      });
    }
    if (!embed.toOne) {
      throw new RestError(400, 'PGRST118', `A related order on '${term.relation}' is not possible`, {
        details: `'${plan.table.name}' and '${term.relation}' do not form a many-to-one or one-to-one relationship`,
      });
    }
    columnOf(embed.rel.foreignTable, term.name);
    return { embed, column: term.name, jsonPath: term.jsonPath, direction: term.direction, nulls: term.nulls };
  });
}

/** `order` of a limited update or delete: plain columns of the target table. */
export function resolveMutationOrder(table: Table, text: string): PlanOrder[] {
  return parseOrder(text).map((term) => {
    if (term.relation !== null) throw parseError('order parameter', 'a limited update or delete can only be ordered by its own columns');
    columnOf(table, term.name);
    return { embed: null, column: term.name, jsonPath: term.jsonPath, direction: term.direction, nulls: term.nulls };
  });
}

/** Every `<path>.param` must name an embed of the request, as PostgREST checks (PGRST108). */
export function checkLevelPaths(params: QueryParams, root: ReadPlan): void {
  const known = new Set<string>(['']);
  const walk = (plan: ReadPlan, path: string) => {
    for (const embed of plan.embeds) {
      const child = path ? `${path}.${embed.name}` : embed.name;
      known.add(child);
      walk(embed.plan, child);
    }
  };
  walk(root, '');
  for (const path of params.levels.keys()) {
    if (!known.has(path)) {
      const name = path.split('.').pop() ?? path;
      throw new RestError(400, 'PGRST108', `'${name}' is not an embedded resource in this request`, {
        hint: `Verify that '${name}' is included in the 'select' query parameter.`,
      });
    }
  }
}
