-- Change capture for realtime, in place of Supabase's logical-replication server: every table in the
-- publication supabase_realtime gets a row trigger that pg_notify()s the change on commit, so each
-- backend process LISTENing on the database delivers it. Larger payloads than NOTIFY carries go
-- through _modula.realtime_overflow and the notification names the row.

create table if not exists _modula.realtime_overflow (
  id bigserial primary key,
  payload jsonb not null,
  created_at timestamptz not null default now()
);

-- Presence is shared by every backend process: each tracked presence is a row owned by its process
-- (node), and rows of processes that stopped heart-beating are cleared by the survivors.
create table if not exists _modula.realtime_nodes (
  id uuid primary key,
  seen_at timestamptz not null default now()
);

create table if not exists _modula.realtime_presence (
  topic text not null,
  ref text not null,
  key text not null,
  meta jsonb not null,
  node_id uuid not null,
  connection_id text not null,
  primary key (topic, ref)
);
create index if not exists realtime_presence_node_idx on _modula.realtime_presence (node_id);

-- Sends one realtime message to every process; big ones are parked in the overflow table.
create or replace function _modula.realtime_send(message jsonb) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  text_message text := message::text;
  overflow_id bigint;
begin
  if octet_length(text_message) <= 7900 then
    perform pg_notify('modula_realtime', text_message);
  else
    insert into _modula.realtime_overflow (payload) values (message) returning id into overflow_id;
    perform pg_notify('modula_realtime', json_build_object('kind', 'ref', 'id', overflow_id)::text);
  end if;
end
$$;

create or replace function _modula.realtime_capture() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform _modula.realtime_send(jsonb_build_object(
    'kind', 'change',
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'commit_timestamp', to_char(clock_timestamp() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'record', case when tg_op <> 'DELETE' then to_jsonb(new) end,
    'old_record', case when tg_op <> 'INSERT' then to_jsonb(old) end
  ));
  return null;
end
$$;

-- Attaches the capture trigger to every table of the publication and detaches it from tables that
-- left it; then tells every process to forget cached table shapes.
create or replace function _modula.realtime_sync() returns void
language plpgsql
as $$
declare
  rel regclass;
begin
  for rel in
    select c.oid::regclass
    from pg_publication_tables pt
    join pg_namespace n on n.nspname = pt.schemaname
    join pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
    where pt.pubname = 'supabase_realtime' and c.relkind = 'r'
      and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = 'modula_realtime_capture')
  loop
    execute format('create trigger modula_realtime_capture after insert or update or delete on %s for each row execute function _modula.realtime_capture()', rel);
  end loop;
  for rel in
    select t.tgrelid::regclass
    from pg_trigger t
    where t.tgname = 'modula_realtime_capture'
      and not exists (
        select 1 from pg_publication_tables pt
        join pg_namespace n on n.nspname = pt.schemaname
        join pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
        where pt.pubname = 'supabase_realtime' and c.oid = t.tgrelid
      )
  loop
    execute format('drop trigger modula_realtime_capture on %s', rel);
  end loop;
  perform pg_notify('modula_realtime', '{"kind":"schema"}');
end
$$;

-- Re-syncs after any DDL that can change what is published or what a published table looks like.
-- Event triggers need a superuser; without one the backend polls the publication instead.
create or replace function _modula.realtime_on_ddl() returns event_trigger
language plpgsql
as $$
begin
  -- tg_tag, not pg_event_trigger_ddl_commands(): ALTER PUBLICATION ... DROP TABLE reports no command.
  if tg_tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'CREATE TABLE', 'ALTER TABLE',
                'CREATE POLICY', 'ALTER POLICY', 'DROP POLICY', 'GRANT', 'REVOKE') then
    perform _modula.realtime_sync();
  end if;
end
$$;

do $$
begin
  if (select rolsuper from pg_roles where rolname = current_user)
     and not exists (select 1 from pg_event_trigger where evtname = 'modula_realtime_ddl') then
    create event trigger modula_realtime_ddl on ddl_command_end execute function _modula.realtime_on_ddl();
  end if;
end
$$;

-- Which of several subscribers may SELECT a row as it was at the change. Each check is
-- {role, claims, sql}: sql evaluates the table's SELECT policies for that role against the row passed
-- as $1 (jsonb), so a later update or delete of the row cannot change the answer. Returns the
-- indexes (0-based) of the checks that pass. Runs as the caller (never security definer) so each
-- role really applies; a check that fails (no privilege) counts as not visible.
create or replace function _modula.realtime_visible(row_data jsonb, checks jsonb) returns int[]
language plpgsql
as $$
declare
  visible int[] := '{}';
  position int := 0;
  item jsonb;
  found_row boolean;
begin
  for item in select value from jsonb_array_elements(checks) loop
    begin
      perform set_config('role', item ->> 'role', true);
      perform set_config('request.jwt.claims', item ->> 'claims', true);
      execute item ->> 'sql' into found_row using row_data;
      if found_row then
        visible := visible || position;
      end if;
    exception when others then
      null;
    end;
    perform set_config('role', 'none', true);
    perform set_config('request.jwt.claims', '', true);
    position := position + 1;
  end loop;
  return visible;
end
$$;

-- A revoked session (sign-out, user deleted) stops its realtime channels on every process.
create or replace function _modula.realtime_session_ended() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform pg_notify('modula_realtime', json_build_object('kind', 'session_ended', 'session_id', old.id)::text);
  return null;
end
$$;

drop trigger if exists modula_realtime_session_ended on auth.sessions;
create trigger modula_realtime_session_ended after delete on auth.sessions
  for each row execute function _modula.realtime_session_ended();

revoke all on function _modula.realtime_send(jsonb), _modula.realtime_capture(), _modula.realtime_sync(),
  _modula.realtime_visible(jsonb, jsonb), _modula.realtime_session_ended() from public;

select _modula.realtime_sync();
