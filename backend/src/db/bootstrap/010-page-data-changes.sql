-- Rendered public pages are kept for a few seconds (backend/src/static/render/page-cache.ts). They are
-- rendered as the anon role, so only rows an anonymous visitor can read can appear in them: a statement
-- that changes a table anon may SELECT, directly or through a view, notifies 'modula_pages' on commit
-- and every backend process drops its rendered pages. One notification per statement and table
-- (PostgreSQL folds equal notifications of one transaction into one), whatever the number of rows.

create or replace function _modula.page_data_changed() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform pg_notify('modula_pages', tg_table_schema || '.' || tg_table_name);
  return null;
end
$$;

-- Attaches the statement trigger to every table the anon role can read (public's tables, and the
-- tables behind public's views, recursively) and detaches it from tables it can no longer read.
-- Called by each backend process at start, after the migrations; returns the watched tables.
create or replace function _modula.page_data_watch() returns text[]
language plpgsql
as $$
declare
  rel regclass;
  wanted oid[];
begin
  -- Processes starting together on one database must not both create the same trigger.
  perform pg_advisory_xact_lock(7261530115);
  with recursive readable(oid, relkind) as (
    select c.oid, c.relkind
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm')
       and has_table_privilege('anon', c.oid, 'SELECT')
    union
    select d.refobjid, c.relkind
      from readable r
      join pg_rewrite w on w.ev_class = r.oid
      join pg_depend d on d.classid = 'pg_rewrite'::regclass and d.objid = w.oid
                      and d.refclassid = 'pg_class'::regclass and d.refobjid <> r.oid
      join pg_class c on c.oid = d.refobjid
     where r.relkind in ('v', 'm')
  )
  select coalesce(array_agg(distinct oid), '{}') into wanted from readable where relkind in ('r', 'p');

  foreach rel in array wanted::regclass[] loop
    if not exists (select 1 from pg_trigger t where t.tgrelid = rel and t.tgname = 'modula_page_data') then
      execute format('create trigger modula_page_data after insert or update or delete or truncate on %s '
                     'for each statement execute function _modula.page_data_changed()', rel);
    end if;
  end loop;
  for rel in select t.tgrelid::regclass from pg_trigger t where t.tgname = 'modula_page_data' and t.tgrelid <> all (wanted) loop
    execute format('drop trigger modula_page_data on %s', rel);
  end loop;
  return array(
    select n.nspname || '.' || c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.oid = any (wanted) order by 1
  );
end
$$;

revoke all on function _modula.page_data_changed(), _modula.page_data_watch() from public;
