/** The catalog as introspectionSql.catalog returns it (one JSON document). */
export interface RawCatalog {
  relations: { oid: number; schema: string; name: string; kind: string }[];
  columns: {
    rel: number;
    name: string;
    type: string;
    base_type: string;
    category: string;
    nullable: boolean;
    generated: boolean;
    default_expr: string | null;
  }[];
  keys: { rel: number; primary: boolean; cols: string[] }[];
  foreign_keys: { name: string; rel: number; frel: number; cols: string[]; fcols: string[] }[];
  routines: {
    schema: string;
    name: string;
    volatility: 'i' | 's' | 'v';
    returns_set: boolean;
    return_type: string;
    return_relid: number | null;
    n_defaults: number;
    arg_names: string[] | null;
    arg_modes: string[] | null;
    arg_types: string[] | null;
  }[];
}

export const introspectionSql = {
  // PostgREST's in-database configuration: role settings of authenticator, the database-specific
  // ones overriding the global ones.
  settings: `
    select distinct on (name) name, value from (
      select split_part(cfg, '=', 1) as name, substr(cfg, strpos(cfg, '=') + 1) as value,
             (s.setdatabase <> 0) as specific
      from pg_db_role_setting s
      join pg_roles r on r.oid = s.setrole and r.rolname = 'authenticator'
      cross join lateral unnest(s.setconfig) as cfg
      where s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
    ) settings
    where name like 'pgrst.%'
    order by name, specific desc`,

  // Run with an empty search_path so format_type and pg_get_expr qualify every name they print.
  catalog: `
    with rels as (
      select c.oid, n.nspname as schema, c.relname as name, c.relkind::text as kind
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1::text[]) and c.relkind in ('r', 'p', 'v', 'm', 'f', 'c')
    ),
    cols as (
      select a.attrelid::int8 as rel, a.attname as name,
             format_type(a.atttypid, a.atttypmod) as type,
             format_type(bt.oid, null) as base_type,
             bt.typcategory::text as category,
             not a.attnotnull as nullable,
             a.attgenerated <> '' as generated,
             case
               when a.attidentity <> '' then
                 format('nextval(%L::regclass)', pg_get_serial_sequence(format('%I.%I', r.schema, r.name), a.attname))
               else pg_get_expr(d.adbin, d.adrelid)
             end as default_expr
      from pg_attribute a
      join rels r on r.oid = a.attrelid
      join pg_type t on t.oid = a.atttypid
      join pg_type bt on bt.oid = case when t.typtype = 'd' then t.typbasetype else t.oid end
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum and a.attgenerated = ''
      where a.attnum > 0 and not a.attisdropped
      order by a.attrelid, a.attnum
    ),
    keys as (
      select i.indrelid::int8 as rel, i.indisprimary as primary,
             array(select a.attname from unnest(i.indkey::int2[]) with ordinality k(num, ord)
                   join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.num order by k.ord) as cols
      from pg_index i join rels r on r.oid = i.indrelid
      where i.indisunique and i.indpred is null and not (0 = any(i.indkey::int2[]))
      order by i.indisprimary desc, i.indexrelid
    ),
    fks as (
      select con.conname as name, con.conrelid::int8 as rel, con.confrelid::int8 as frel,
             array(select a.attname from unnest(con.conkey) with ordinality k(num, ord)
                   join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.ord) as cols,
             array(select a.attname from unnest(con.confkey) with ordinality k(num, ord)
                   join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.ord) as fcols
      from pg_constraint con
      where con.contype = 'f' and con.conrelid in (select oid from rels) and con.confrelid in (select oid from rels)
      order by con.conrelid, con.conname
    ),
    routines as (
      select n.nspname as schema, p.proname as name, p.provolatile::text as volatility,
             p.proretset as returns_set, format_type(p.prorettype, null) as return_type,
             nullif(rt.typrelid, 0)::int8 as return_relid, p.pronargdefaults::int as n_defaults,
             p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
             array(select format_type(u.t, null)
                   from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, ord)
                   order by u.ord) as arg_types
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      join pg_type rt on rt.oid = p.prorettype
      where n.nspname = any($1::text[]) and p.prokind = 'f'
      order by p.oid
    )
    select json_build_object(
      'relations', (select coalesce(json_agg(json_build_object('oid', oid::int8, 'schema', schema, 'name', name, 'kind', kind)), '[]') from rels),
      'columns', (select coalesce(json_agg(cols), '[]') from cols),
      'keys', (select coalesce(json_agg(keys), '[]') from keys),
      'foreign_keys', (select coalesce(json_agg(fks), '[]') from fks),
      'routines', (select coalesce(json_agg(routines), '[]') from routines)
    )::text as catalog`,
};
