import type { Queryable } from '../db/types.ts';
import { introspectionSql, type RawCatalog } from './introspection-sql.ts';

export interface Column {
  name: string;
  /** The declared type as format_type prints it (schema-qualified outside pg_catalog). */
  type: string;
  /** The type under any domain, e.g. jsonb, tsvector, text[]. */
  baseType: string;
  /** pg_type.typcategory of the base type: A array, S string, N numeric, U user (json, jsonb)... */
  category: string;
  nullable: boolean;
  /** A default expression usable in SQL (also for identity columns), or null. */
  defaultExpr: string | null;
  /** Generated (computed) columns can never be written. */
  generated: boolean;
}

export type TableKind = 'table' | 'view' | 'materialized_view' | 'foreign_table' | 'composite';

export interface Table {
  schema: string;
  name: string;
  kind: TableKind;
  columns: Map<string, Column>;
  columnList: Column[];
  primaryKey: string[];
  /** Column sets with a unique constraint or unique index (the primary key included). */
  uniqueKeys: string[][];
}

/** (column of the origin table, column of the other table) */
export type ColumnPair = [string, string];

export type Cardinality = 'm2o' | 'o2m' | 'o2o' | 'm2m';

export interface Relationship {
  cardinality: Cardinality;
  table: Table;
  foreignTable: Table;
  /** The foreign key's name (for m2m: the origin side's key). */
  constraint: string;
  /** For m2o/o2m/o2o: pairs joining origin to foreign table. */
  columns: ColumnPair[];
  junction: Junction | null;
  isSelf: boolean;
}

export interface Junction {
  table: Table;
  constraintSource: string;
  constraintTarget: string;
  /** (origin column, junction column) */
  sourceColumns: ColumnPair[];
  /** (foreign column, junction column) */
  targetColumns: ColumnPair[];
}

export interface RoutineParam {
  name: string;
  type: string;
  hasDefault: boolean;
  variadic: boolean;
}

export type ReturnKind = 'void' | 'scalar' | 'composite';

export interface Routine {
  schema: string;
  name: string;
  params: RoutineParam[];
  returnType: string;
  returnsSet: boolean;
  returnKind: ReturnKind;
  /** For composite returns: the table or type whose columns the rows have (may be anonymous). */
  returnTable: Table | null;
  volatility: 'immutable' | 'stable' | 'volatile';
  /** A single unnamed json/jsonb/text parameter receives the whole body (PostgREST's OnePosParam). */
  singleUnnamedParam: RoutineParam | null;
}

export interface SchemaCache {
  /** Exposed schemas; the first is the default. */
  schemas: string[];
  maxRows: number | null;
  /** pgrst.db_aggregates_enabled: count(), sum() and friends (bare `count` is always allowed). */
  aggregatesEnabled: boolean;
  tables: Map<string, Table>;
  relationships: Map<string, Relationship[]>;
  routines: Map<string, Routine[]>;
  loadedAt: number;
}

export const qualifiedKey = (schema: string, name: string) => `${schema}\u0000${name}`;

const KINDS: Record<string, TableKind> = { r: 'table', p: 'table', v: 'view', m: 'materialized_view', f: 'foreign_table', c: 'composite' };
const VOLATILITY = { i: 'immutable', s: 'stable', v: 'volatile' } as const;

function parseSchemasSetting(value: string | undefined): string[] {
  const list = (value ?? 'public')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length ? list : ['public'];
}

function parseMaxRows(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return 1000;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * Reads PostgREST's in-database settings (ALTER ROLE authenticator [IN DATABASE db] SET
 * pgrst.db_schemas = '...'), then introspects the exposed schemas in one round trip each.
 */
export async function loadSchemaCache(tx: Queryable): Promise<SchemaCache> {
  const settings = await tx.query<{ name: string; value: string }>(introspectionSql.settings);
  const setting = (key: string) => settings.rows.find((row) => row.name === key)?.value;
  const schemas = parseSchemasSetting(setting('pgrst.db_schemas'));
  const maxRows = parseMaxRows(setting('pgrst.db_max_rows'));
  const aggregatesEnabled = /^(true|on|1|yes)$/i.test(setting('pgrst.db_aggregates_enabled') ?? '');
  await tx.query("select set_config('search_path', '', true)");
  const result = await tx.query<{ catalog: string }>(introspectionSql.catalog, [schemas]);
  const raw = JSON.parse(result.rows[0]?.catalog ?? '{}') as RawCatalog;
  return buildCache(raw, schemas, maxRows, aggregatesEnabled);
}

function buildCache(raw: RawCatalog, schemas: string[], maxRows: number | null, aggregatesEnabled: boolean): SchemaCache {
  const byOid = new Map<number, Table>();
  const tables = new Map<string, Table>();
  for (const rel of raw.relations ?? []) {
    const table: Table = {
      schema: rel.schema,
      name: rel.name,
      kind: KINDS[rel.kind] ?? 'table',
      columns: new Map(),
      columnList: [],
      primaryKey: [],
      uniqueKeys: [],
    };
    byOid.set(rel.oid, table);
    if (table.kind !== 'composite') tables.set(qualifiedKey(table.schema, table.name), table);
  }
  for (const col of raw.columns ?? []) {
    const table = byOid.get(col.rel);
    if (!table) continue;
    const column: Column = {
      name: col.name,
      type: col.type,
      baseType: col.base_type,
      category: col.category,
      nullable: col.nullable,
      defaultExpr: col.default_expr,
      generated: col.generated,
    };
    table.columns.set(column.name, column);
    table.columnList.push(column);
  }
  for (const key of raw.keys ?? []) {
    const table = byOid.get(key.rel);
    if (!table) continue;
    if (key.primary) table.primaryKey = key.cols;
    table.uniqueKeys.push(key.cols);
  }

  const relationships = new Map<string, Relationship[]>();
  const add = (rel: Relationship) => {
    const key = qualifiedKey(rel.table.schema, rel.table.name);
    const list = relationships.get(key) ?? [];
    list.push(rel);
    relationships.set(key, list);
  };
  const isUnique = (table: Table, cols: string[]) =>
    table.uniqueKeys.some((key) => key.length === cols.length && key.every((c) => cols.includes(c)));
  const fks: { name: string; child: Table; parent: Table; pairs: ColumnPair[] }[] = [];
  for (const fk of raw.foreign_keys ?? []) {
    const child = byOid.get(fk.rel);
    const parent = byOid.get(fk.frel);
    if (!child || !parent || child.kind === 'composite') continue;
    const pairs = fk.cols.map((c, i) => [c, fk.fcols[i] ?? ''] as ColumnPair);
    fks.push({ name: fk.name, child, parent, pairs });
    const oneToOne = isUnique(child, fk.cols);
    const isSelf = child === parent;
    add({ cardinality: oneToOne ? 'o2o' : 'm2o', table: child, foreignTable: parent, constraint: fk.name, columns: pairs, junction: null, isSelf });
    add({
      cardinality: oneToOne ? 'o2o' : 'o2m',
      table: parent,
      foreignTable: child,
      constraint: fk.name,
      columns: pairs.map(([c, p]) => [p, c] as ColumnPair),
      junction: null,
      isSelf,
    });
  }
  // Many-to-many: a junction table whose primary key covers the columns of two foreign keys.
  const byChild = new Map<Table, typeof fks>();
  for (const fk of fks) byChild.set(fk.child, [...(byChild.get(fk.child) ?? []), fk]);
  for (const [junction, keys] of byChild) {
    const pk = new Set(junction.primaryKey);
    for (const a of keys) {
      for (const b of keys) {
        if (a === b) continue;
        if (![...a.pairs, ...b.pairs].every(([c]) => pk.has(c))) continue;
        add({
          cardinality: 'm2m',
          table: a.parent,
          foreignTable: b.parent,
          constraint: a.name,
          columns: [],
          junction: {
            table: junction,
            constraintSource: a.name,
            constraintTarget: b.name,
            sourceColumns: a.pairs.map(([jc, oc]) => [oc, jc] as ColumnPair),
            targetColumns: b.pairs.map(([jc, tc]) => [tc, jc] as ColumnPair),
          },
          isSelf: a.parent === b.parent,
        });
      }
    }
  }

  const routines = new Map<string, Routine[]>();
  for (const fn of raw.routines ?? []) {
    const routine = buildRoutine(fn, byOid);
    if (!routine) continue;
    const key = qualifiedKey(routine.schema, routine.name);
    routines.set(key, [...(routines.get(key) ?? []), routine]);
  }
  return { schemas, maxRows, aggregatesEnabled, tables, relationships, routines, loadedAt: Date.now() };
}

function buildRoutine(fn: RawCatalog['routines'][number], byOid: Map<number, Table>): Routine | null {
  const types = fn.arg_types ?? [];
  const modes = fn.arg_modes ?? types.map(() => 'i');
  const names = fn.arg_names ?? [];
  const inputs: RoutineParam[] = [];
  const outputs: Column[] = [];
  types.forEach((type, i) => {
    const mode = modes[i] ?? 'i';
    const name = names[i] ?? '';
    if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type, hasDefault: false, variadic: mode === 'v' });
    if (mode === 'o' || mode === 'b' || mode === 't') {
      outputs.push({ name, type, baseType: type, category: '', nullable: true, defaultExpr: null, generated: false });
    }
  });
  for (let i = inputs.length - fn.n_defaults; i < inputs.length; i++) {
    const param = inputs[i];
    if (param) param.hasDefault = true;
  }
  let singleUnnamedParam: RoutineParam | null = null;
  if (inputs.length === 1 && inputs[0] && inputs[0].name === '' && /^(json|jsonb|text|xml|bytea)$/.test(inputs[0].type)) {
    singleUnnamedParam = inputs[0];
  } else if (inputs.some((p) => p.name === '')) {
    // Parameters without names cannot be matched to JSON keys, so the function cannot be called.
    return null;
  }
  let returnKind: ReturnKind = 'scalar';
  let returnTable: Table | null = null;
  if (fn.return_type === 'void') returnKind = 'void';
  else if (fn.return_relid) {
    returnTable = byOid.get(fn.return_relid) ?? null;
    returnKind = returnTable ? 'composite' : 'scalar';
  } else if (outputs.length > 0 && (fn.return_type === 'record' || modes.includes('t'))) {
    // RETURNS TABLE(...) and OUT parameters: rows are objects named after the output columns.
    returnKind = 'composite';
    returnTable = {
      schema: fn.schema,
      name: fn.name,
      kind: 'composite',
      columns: new Map(outputs.map((c) => [c.name, c])),
      columnList: outputs,
      primaryKey: [],
      uniqueKeys: [],
    };
  }
  return {
    schema: fn.schema,
    name: fn.name,
    params: inputs,
    returnType: fn.return_type,
    returnsSet: fn.returns_set,
    returnKind,
    returnTable,
    volatility: VOLATILITY[fn.volatility],
    singleUnnamedParam,
  };
}
