/**
 * Generates TypeScript types for the public schema from the live catalog, in the shape
 * `supabase gen types typescript` produces and supabase-js accepts:
 * Database['public']['Tables' | 'Views' | 'Functions' | 'Enums' | 'CompositeTypes'].
 */
import type { Queryable } from '../../src/db/types.ts';

interface Column {
  relation: string;
  kind: string;
  name: string;
  type: string;
  element: string | null;
  typtype: string;
  nullable: boolean;
  has_default: boolean;
  generated: boolean;
  identity: string;
}

interface Relationship {
  relation: string;
  name: string;
  columns: string[];
  referenced: string;
  referenced_columns: string[];
  one_to_one: boolean;
}

interface FunctionRow {
  name: string;
  arg_names: string[] | null;
  arg_types: string[];
  arg_modes: string[] | null;
  defaults: number;
  returns: string;
  returns_set: boolean;
  return_typtype: string;
  return_relation: string | null;
  table_columns: { name: string; type: string }[] | null;
}

const SCALARS: Record<string, string> = {
  bool: 'boolean',
  int2: 'number', int4: 'number', int8: 'number', float4: 'number', float8: 'number', numeric: 'number', oid: 'number',
  json: 'Json', jsonb: 'Json',
  void: 'undefined',
  record: 'Record<string, unknown>',
};
const STRINGS = new Set(['text', 'varchar', 'bpchar', 'char', 'name', 'uuid', 'date', 'time', 'timetz', 'timestamp', 'timestamptz', 'interval', 'bytea', 'tsvector', 'tsquery', 'regconfig', 'inet', 'cidr', 'citext']);

/** Domains of the public schema: their base type, and their values when a CHECK lists them. */
type Domains = Map<string, { base: string; values: string[] | null }>;

/** The TS type of a PostgreSQL type name (arrays start with "_", as in pg_type). */
function tsType(type: string, enums: Set<string>, domains: Domains = new Map()): string {
  if (type.startsWith('_')) {
    const inner = tsType(type.slice(1), enums, domains);
    return inner.includes(' ') || inner.includes('|') ? `(${inner})[]` : `${inner}[]`;
  }
  const domain = domains.get(type);
  if (domain) return domain.values ? domain.values.map((v) => JSON.stringify(v)).join(' | ') : tsType(domain.base, enums);
  if (enums.has(type)) return `Database["public"]["Enums"]["${type}"]`;
  if (SCALARS[type]) return SCALARS[type];
  if (STRINGS.has(type)) return 'string';
  return 'unknown';
}

const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));
const indent = (text: string, by: number) => text.split('\n').map((l) => (l ? ' '.repeat(by) + l : l)).join('\n');

function objectType(fields: [string, string][]): string {
  if (fields.length === 0) return '{ [_ in never]: never }';
  return `{\n${fields.map(([name, type]) => `  ${name}: ${type}`).join('\n')}\n}`;
}

export async function generateTypes(db: Queryable): Promise<string> {
  const enumRows = (await db.query<{ name: string; labels: string[] }>(
    `select t.typname as name, array_agg(e.enumlabel::text order by e.enumsortorder) as labels
       from pg_type t join pg_enum e on e.enumtypid = t.oid join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = 'public' group by t.typname order by t.typname`)).rows;
  const enums = new Set(enumRows.map((e) => e.name));
  // A domain like `text check (value in ('a', 'b'))` becomes the union "a" | "b".
  const domainRows = (await db.query<{ name: string; base: string; checks: string[] | null }>(
    `select t.typname as name, b.typname as base,
            array(select pg_get_constraintdef(c.oid)::text from pg_constraint c where c.contypid = t.oid and c.contype = 'c') as checks
       from pg_type t join pg_namespace n on n.oid = t.typnamespace join pg_type b on b.oid = t.typbasetype
      where n.nspname = 'public' and t.typtype = 'd'`)).rows;
  const domains: Domains = new Map(domainRows.map((d) => {
    const check = d.checks?.length === 1 ? d.checks[0]! : '';
    const listed = /^CHECK \(\(VALUE = ANY \(ARRAY\[(.*)\]\)\)\)$/.exec(check);
    const values = listed ? [...listed[1]!.matchAll(/'((?:[^']|'')*)'::\w+/g)].map((m) => m[1]!.replaceAll("''", "'")) : null;
    return [d.name, { base: d.base, values }];
  }));
  const ts = (type: string) => tsType(type, enums, domains);

  const columns = (await db.query<Column>(
    `select c.relname as relation, c.relkind::text as kind, a.attname as name,
            t.typname as type, null as element,
            t.typtype::text as typtype, not a.attnotnull as nullable, a.atthasdef as has_default,
            a.attgenerated <> '' as generated, a.attidentity::text as identity
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       join pg_type t on t.oid = a.atttypid
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm')
      order by c.relname, a.attnum`)).rows;

  const relationships = (await db.query<Relationship>(
    `select c.relname as relation, k.conname as name,
            array(select a.attname::text from unnest(k.conkey) with ordinality u(n, i) join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i) as columns,
            r.relname as referenced,
            array(select a.attname::text from unnest(k.confkey) with ordinality u(n, i) join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.i) as referenced_columns,
            exists (select 1 from pg_constraint u where u.conrelid = k.conrelid and u.contype in ('p', 'u')
                     and (select array_agg(x order by x) from unnest(u.conkey) x) = (select array_agg(x order by x) from unnest(k.conkey) x)) as one_to_one
       from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
       join pg_class r on r.oid = k.confrelid join pg_namespace rn on rn.oid = r.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and rn.nspname = 'public'
      order by c.relname, k.conname`)).rows;

  const functions = (await db.query<FunctionRow>(
    `select p.proname as name, p.proargnames as arg_names,
            array(select t.typname::text from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(oid, i) join pg_type t on t.oid = u.oid order by u.i) as arg_types,
            p.proargmodes::text[] as arg_modes, p.pronargdefaults as defaults, rt.typname as returns, p.proretset as returns_set,
            rt.typtype::text as return_typtype, rc.relname as return_relation,
            (select json_agg(json_build_object('name', a.attname, 'type', t.typname) order by a.attnum)
               from pg_attribute a join pg_type t on t.oid = a.atttypid
              where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped) as table_columns
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type rt on rt.oid = p.prorettype
       left join pg_class rc on rc.oid = rt.typrelid and rc.relkind in ('r', 'p', 'v')
      where n.nspname = 'public' and p.prokind = 'f' and rt.typname not in ('trigger', 'event_trigger')
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      order by p.proname, p.oid`)).rows;

  const relationsOf = (kinds: string[]) => [...new Set(columns.filter((c) => kinds.includes(c.kind)).map((c) => c.relation))].sort();
  const column = (c: Column) => ts(c.type) + (c.nullable ? ' | null' : '');

  const tableBlock = (relation: string, updatable: boolean) => {
    const cols = columns.filter((c) => c.relation === relation);
    const row = objectType(cols.map((c) => [key(c.name), column(c)]));
    const writable = (optionalAll: boolean) => objectType(cols.map((c) => {
      if (c.generated || c.identity === 'a') return [`${key(c.name)}?`, 'never'];
      const optional = optionalAll || c.nullable || c.has_default || c.identity === 'd';
      return [optional ? `${key(c.name)}?` : key(c.name), column(c)];
    }));
    const rels = relationships.filter((r) => r.relation === relation).map((r) =>
      `{\n  foreignKeyName: ${JSON.stringify(r.name)}\n  columns: ${JSON.stringify(r.columns)}\n  isOneToOne: ${r.one_to_one}\n  referencedRelation: ${JSON.stringify(r.referenced)}\n  referencedColumns: ${JSON.stringify(r.referenced_columns)}\n}`);
    const parts = [`Row: ${row}`];
    if (updatable) parts.push(`Insert: ${writable(false)}`, `Update: ${writable(true)}`);
    parts.push(`Relationships: ${rels.length ? `[\n${indent(rels.join(',\n'), 2)}\n]` : '[]'}`);
    return `${key(relation)}: {\n${indent(parts.join('\n'), 2)}\n}`;
  };

  const functionBlock = (fn: FunctionRow) => {
    const modes = fn.arg_modes ?? fn.arg_types.map(() => 'i');
    const inputs = fn.arg_types.map((type, i) => ({ type, name: fn.arg_names?.[i] ?? `arg${i}`, mode: modes[i] })).filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
    const outputs = fn.arg_types.map((type, i) => ({ type, name: fn.arg_names?.[i] ?? `col${i}`, mode: modes[i] })).filter((a) => a.mode === 'o' || a.mode === 'b' || a.mode === 't');
    const firstDefault = inputs.length - fn.defaults;
    // An argument with a default may be left out or passed as null (SQL decides what null means).
    const args = inputs.length === 0 ? 'never' : objectType(inputs.map((a, i) => (i >= firstDefault
      ? [`${key(a.name)}?`, `${ts(a.type)} | null`]
      : [key(a.name), ts(a.type)])));
    let returns: string;
    if (outputs.length > 0) returns = `${objectType(outputs.map((o) => [key(o.name), `${ts(o.type)} | null`]))}[]`;
    else if (fn.return_typtype === 'c' && fn.table_columns) {
      const shape = objectType(fn.table_columns.map((c) => [key(c.name), `${ts(c.type)} | null`]));
      returns = fn.returns_set ? `${shape}[]` : shape;
    } else returns = ts(fn.returns) + (fn.returns_set ? '[]' : '');
    return `{\n  Args: ${indent(args, 2).trimStart()}\n  Returns: ${indent(returns, 2).trimStart()}\n}`;
  };

  const fnNames = [...new Set(functions.map((f) => f.name))];
  const functionEntries = fnNames.map((name) => {
    const variants = functions.filter((f) => f.name === name).map(functionBlock);
    return `${key(name)}: ${variants.length === 1 ? variants[0] : variants.map((v) => `| ${v}`).join('\n')}`;
  });

  const section = (entries: string[]) => (entries.length ? `{\n${indent(entries.join('\n'), 2)}\n}` : '{\n  [_ in never]: never\n}');
  const schema = [
    `Tables: ${section(relationsOf(['r', 'p']).map((r) => tableBlock(r, true)))}`,
    `Views: ${section(relationsOf(['v', 'm']).map((r) => tableBlock(r, false)))}`,
    `Functions: ${section(functionEntries)}`,
    `Enums: ${section(enumRows.map((e) => `${key(e.name)}: ${e.labels.map((l) => JSON.stringify(l)).join(' | ')}`))}`,
    'CompositeTypes: {\n  [_ in never]: never\n}',
  ].join('\n');

  return `${HEADER}
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  public: {
${indent(schema, 4)}
  }
}

${HELPERS}
export const Constants = {
  public: {
    Enums: {
${enumRows.map((e) => `      ${key(e.name)}: [${e.labels.map((l) => JSON.stringify(l)).join(', ')}],`).join('\n')}
    },
  },
} as const
`;
}

const HEADER = `// Generated by \`npm run db:types\` from supabase/migrations: do not edit by hand.
// The shape is the one of \`supabase gen types typescript\`, so createClient<Database>() types every query.
/* eslint-disable */`;

const HELPERS = `type PublicSchema = Database["public"]

export type Tables<T extends keyof (PublicSchema["Tables"] & PublicSchema["Views"])> =
  (PublicSchema["Tables"] & PublicSchema["Views"])[T] extends { Row: infer R } ? R : never

export type TablesInsert<T extends keyof PublicSchema["Tables"]> =
  PublicSchema["Tables"][T] extends { Insert: infer I } ? I : never

export type TablesUpdate<T extends keyof PublicSchema["Tables"]> =
  PublicSchema["Tables"][T] extends { Update: infer U } ? U : never

export type Enums<T extends keyof PublicSchema["Enums"]> = PublicSchema["Enums"][T]

export type Functions<T extends keyof PublicSchema["Functions"]> = PublicSchema["Functions"][T]
`;
