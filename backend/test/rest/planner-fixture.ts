import pg from 'pg';
import crypto from 'node:crypto';
import type { Database } from '../../src/db/types.ts';
import { openPglite } from '../../src/db/pglite.ts';
import { openPostgres } from '../../src/db/postgres.ts';
import { RestError } from '../../src/rest/errors.ts';
import type { Operation } from '../../src/rest/grammar/filter.ts';
import type { JsonStep } from '../../src/rest/grammar/select.ts';
import { parseSelect } from '../../src/rest/grammar/select.ts';
import { planContext } from '../../src/rest/handlers/shared.ts';
import { checkLevelPaths, planRead, type Condition, type ReadPlan } from '../../src/rest/plan.ts';
import { parseQueryParams } from '../../src/rest/query-params.ts';
import { loadSchemaCache, qualifiedKey, type SchemaCache } from '../../src/rest/schema-cache.ts';
import { SqlParams, qualified } from '../../src/rest/sql/fragments.ts';
import { levelSql } from '../../src/rest/sql/read.ts';
import { POSTGRES_ADMIN_URL, type TestDatabase } from '../helpers/server.ts';

/** Three related tables with a few rows: enough for every kind of select, filter, order and embed. */
export const PLANNER_SCHEMA = `
  create table public.companies (id integer primary key, name text);
  create table public.listings (
    id integer primary key,
    title text not null,
    price numeric,
    status text not null default 'draft',
    tags text[] not null default '{}',
    specs jsonb not null default '{}',
    company_id integer references public.companies (id)
  );
  create table public.reviews (id integer primary key, listing_id integer not null references public.listings (id), rating integer not null);
  insert into public.companies values (1, 'Modula Homes'), (2, 'Nordic Cabins'), (3, null);
  insert into public.listings values
    (1, 'Skog 65 cabin', 89000, 'published', '{eco,wood}', '{"size":"L"}', 1),
    (2, 'Garden Studio', 42000, 'published', '{}', '{"size":"S"}', 2),
    (3, 'Tiny cabin kit', null, 'draft', '{eco}', '{}', null),
    (4, 'Pop-up shop', 120000, 'archived', '{}', '{"size":"L"}', 3);
  insert into public.reviews values (1, 1, 5), (2, 1, 3), (3, 2, 4);`;

export interface PlannerDatabase {
  db: Database;
  cache: SchemaCache;
  close(): Promise<void>;
}

/** A fresh database (in-memory PGlite, or a new PostgreSQL database) with PLANNER_SCHEMA and its schema cache. */
export async function openPlannerDatabase(kind: TestDatabase): Promise<PlannerDatabase> {
  let db: Database;
  let drop: () => Promise<void> = async () => undefined;
  if (kind === 'pglite') {
    db = await openPglite(null);
  } else {
    const name = `modula_planner_${crypto.randomBytes(6).toString('hex')}`;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      await client.query(sql).finally(() => client.end());
    };
    await admin(`create database ${name}`);
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    db = await openPostgres(url.toString(), 2);
    drop = () => admin(`drop database if exists ${name} with (force)`);
  }
  await db.exec(PLANNER_SCHEMA);
  const cache = await db.transaction((tx) => loadSchemaCache(tx));
  return {
    db,
    cache,
    async close() {
      await db.close();
      await drop();
    },
  };
}

export interface PlannedQuery {
  plan: ReadPlan;
  sql: string;
  values: unknown[];
}

/** What GET /rest/v1/listings?<query> plans and the SQL of its root level (limit and offset included). */
export function planListings(cache: SchemaCache, query: string): PlannedQuery {
  const table = cache.tables.get(qualifiedKey('public', 'listings'))!;
  const params = parseQueryParams(query);
  const plan = planRead(planContext(cache), table, table.name, parseSelect(params.select ?? '*'), params, '');
  checkLevelPaths(params, plan);
  const sqlParams = new SqlParams();
  const sql = levelSql(plan, sqlParams, { from: qualified('public', 'listings'), limit: plan.limit, offset: plan.offset });
  return { plan, sql, values: sqlParams.values };
}

/** The rows the SQL returns, as the JSON the response body would carry. */
export async function rowsOf(db: Database, planned: PlannedQuery): Promise<unknown> {
  const { rows } = await db.query<{ body: string }>(`select coalesce(json_agg(t), '[]')::text as body from (${planned.sql}) t`, planned.values);
  return JSON.parse(rows[0]!.body);
}

/** The error a query is refused with: status, PostgREST code and message. */
export function refusal(cache: SchemaCache, query: string): { status: number; code: string; message: string } | null {
  try {
    planListings(cache, query);
    return null;
  } catch (error) {
    if (!(error instanceof RestError)) throw error;
    const body = error.body() as { code: string; message: string };
    return { status: error.status, code: body.code, message: body.message };
  }
}

const pathText = (steps: readonly JsonStep[]) => steps.map((step) => `${step.arrow}${step.key}`).join('');

function operationText(operation: Operation): string {
  switch (operation.kind) {
    case 'simple':
      return `${operation.op}${operation.quantifier ? `(${operation.quantifier})` : ''} ${operation.value}`;
    case 'in':
      return `in ${JSON.stringify(operation.values)}`;
    case 'is':
      return `is ${operation.value}`;
    case 'fts':
      return `${operation.op}${operation.config ? `(${operation.config})` : ''} ${operation.value}`;
  }
}

function conditionText(condition: Condition): string {
  if (condition.kind === 'filter') return `${condition.negated ? 'not ' : ''}${condition.column.name}${pathText(condition.jsonPath)} ${operationText(condition.operation)}`;
  if (condition.kind === 'null-embed') return `${condition.embed.name} ${condition.isNull ? 'is null' : 'is not null'}`;
  return `${condition.negated ? 'not ' : ''}${condition.op}(${condition.children.map(conditionText).join(', ')})`;
}

export interface PlanSummary {
  table: string;
  select: (string | { embed: string; relationship: string; join: string; spread: boolean; plan: PlanSummary })[];
  where: string[];
  order: string[];
  limit: number | null;
  offset: number;
}

/** A plan as short readable text, for tables of expected plans. */
export function summarize(plan: ReadPlan): PlanSummary {
  return {
    table: plan.table.name,
    select: plan.items.map((item) => {
      if (item.kind === 'star') return '*';
      if (item.kind === 'count') return `count()${item.cast ? `::${item.cast}` : ''} as ${item.outputName}`;
      if (item.kind === 'column') {
        const column = `${item.column}${pathText(item.jsonPath)}${item.cast ? `::${item.cast}` : ''}`;
        return `${item.aggregate ? `${item.aggregate}(${column})` : column} as ${item.outputName}`;
      }
      const { embed } = item;
      return { embed: embed.name, relationship: embed.rel.cardinality, join: embed.joinType, spread: embed.spread, plan: summarize(embed.plan) };
    }),
    where: plan.where.map(conditionText),
    order: plan.order.map((o) => `${o.embed ? `${o.embed.name}.` : ''}${o.column}${pathText(o.jsonPath)}${o.direction ? ` ${o.direction}` : ''}${o.nulls ? ` nulls${o.nulls}` : ''}`),
    limit: plan.limit,
    offset: plan.offset,
  };
}
