import type { Database } from '../db/types.ts';

/** What change delivery needs to know about a published table. */
export interface TableInfo {
  schema: string;
  name: string;
  /** Quoted, schema-qualified name, usable as a regclass literal. */
  regclass: string;
  rowSecurity: boolean;
  /** pg_class.relreplident: d = primary key, f = full, n = nothing, i = index. */
  replicaIdentity: 'd' | 'f' | 'n' | 'i';
  columns: { name: string; type: string }[];
  columnTypes: Map<string, string>;
  primaryKey: string[];
}

/**
 * Cached table shapes, publication membership and table privileges. Every process drops its cache
 * when the database announces a schema change (the DDL event trigger), or after a short time when
 * the database user may not create event triggers.
 */
export class Catalog {
  private tables = new Map<string, Promise<TableInfo | null>>();
  private published: Promise<Set<string>> | null = null;
  private privileges = new Map<string, Promise<boolean>>();
  private rowChecks = new Map<string, Promise<string | null>>();
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  invalidate(): void {
    this.tables.clear();
    this.published = null;
    this.privileges.clear();
    this.rowChecks.clear();
  }

  table(schema: string, table: string): Promise<TableInfo | null> {
    const key = `${schema}.${table}`;
    let info = this.tables.get(key);
    if (!info) {
      info = this.load(schema, table);
      this.tables.set(key, info);
      info.catch(() => this.tables.delete(key));
    }
    return info;
  }

  private async load(schema: string, table: string): Promise<TableInfo | null> {
    const { rows } = await this.db.query<{
      regclass: string;
      rls: boolean;
      replident: string;
      columns: { name: string; type: string }[] | null;
      pk: string[] | null;
    }>(
      `select c.oid::regclass::text as regclass, c.relrowsecurity as rls, c.relreplident::text as replident,
              (select json_agg(json_build_object('name', a.attname, 'type', t.typname) order by a.attnum)
                 from pg_attribute a join pg_type t on t.oid = a.atttypid
                where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
              (select array_agg(a.attname::text order by array_position(i.indkey::int2[], a.attnum))
                 from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
                where i.indrelid = c.oid and i.indisprimary) as pk
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')`,
      [schema, table],
    );
    const row = rows[0];
    if (!row) return null;
    const columns = row.columns ?? [];
    return {
      schema,
      name: table,
      regclass: row.regclass,
      rowSecurity: row.rls,
      replicaIdentity: (['d', 'f', 'n', 'i'].includes(row.replident) ? row.replident : 'd') as TableInfo['replicaIdentity'],
      columns,
      columnTypes: new Map(columns.map((c) => [c.name, c.type])),
      primaryKey: row.pk ?? [],
    };
  }

  /** Whether schema.table is in the publication supabase_realtime. */
  async isPublished(schema: string, table: string): Promise<boolean> {
    this.published ??= this.db
      .query<{ name: string }>(`select schemaname || '.' || tablename as name from pg_publication_tables where pubname = 'supabase_realtime'`)
      .then(({ rows }) => new Set(rows.map((r) => r.name)));
    const published = this.published;
    published.catch(() => {
      if (this.published === published) this.published = null;
    });
    const names = await published;
    if (table === '*') return [...names].some((name) => name.startsWith(`${schema}.`));
    return names.has(`${schema}.${table}`);
  }

  /** Whether a role holds SELECT on a table (checked for DELETE events, which skip RLS). */
  canSelect(role: string, regclass: string): Promise<boolean> {
    const key = `${role} ${regclass}`;
    let allowed = this.privileges.get(key);
    if (!allowed) {
      allowed = this.db
        .query<{ ok: boolean }>(`select has_table_privilege($1, $2::regclass, 'SELECT') as ok`, [role, regclass])
        .then(({ rows }) => rows[0]?.ok === true);
      this.privileges.set(key, allowed);
      allowed.catch(() => this.privileges.delete(key));
    }
    return allowed;
  }

  /**
   * A statement that says whether `role` may SELECT a row given as $1 (jsonb): the table's SELECT
   * policies for the role, as Postgres combines them (permissive ORed, restrictive ANDed), evaluated
   * against the row as it was at the change. Null when the role can see no row at all.
   */
  rowCheck(role: string, info: TableInfo): Promise<string | null> {
    const key = `${role} ${info.regclass}`;
    let check = this.rowChecks.get(key);
    if (!check) {
      check = this.buildRowCheck(role, info);
      this.rowChecks.set(key, check);
      check.catch(() => this.rowChecks.delete(key));
    }
    return check;
  }

  private async buildRowCheck(role: string, info: TableInfo): Promise<string | null> {
    if (!(await this.canSelect(role, info.regclass))) return null;
    const { rows } = await this.db.query<{ permissive: string; qual: string | null; with_check: string | null }>(
      `select permissive, qual, with_check from pg_policies
        where schemaname = $1 and tablename = $2 and cmd in ('SELECT', 'ALL') and roles && array[$3::name, 'public'::name]`,
      [info.schema, info.name, role],
    );
    const expression = (r: (typeof rows)[number]) => `(${r.qual ?? r.with_check ?? 'true'})`;
    const permissive = rows.filter((r) => r.permissive === 'PERMISSIVE').map(expression);
    if (permissive.length === 0) return null;
    const restrictive = rows.filter((r) => r.permissive !== 'PERMISSIVE').map(expression);
    const alias = `"${info.name.replace(/"/g, '""')}"`;
    const condition = [`(${permissive.join(' or ')})`, ...restrictive].join(' and ');
    return `select exists (select 1 from jsonb_populate_record(null::${info.regclass}, $1) as ${alias} where ${condition})`;
  }
}
