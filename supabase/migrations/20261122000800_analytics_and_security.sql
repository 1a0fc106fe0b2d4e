-- Product analytics (written by everyone, read by administrators), the security event log, and the
-- SQL functions of spec section 7 that belong to them.

create table public.analytics_events (
  id bigint generated always as identity primary key,
  name text not null check (name ~ '^[a-z][a-z0-9_]{1,63}$'),
  params jsonb not null default '{}' check (jsonb_typeof(params) = 'object' and pg_column_size(params) <= 4096),
  -- Always the caller's own id (or null for guests), whatever the client sends.
  user_id uuid default auth.uid(),
  session_id text check (session_id is null or char_length(session_id) <= 100),
  -- When the browser says it happened; received_at is when the server got it.
  occurred_at timestamptz not null default now(),
  received_at timestamptz not null default now()
);
create index analytics_events_name_time_idx on public.analytics_events (name, occurred_at desc);
create index analytics_events_time_idx on public.analytics_events (occurred_at desc);
create index analytics_events_user_idx on public.analytics_events (user_id, occurred_at desc) where user_id is not null;

-- 300 events per 5 minutes per user / address / session: far above what the batching client sends,
-- low enough that a script cannot flood the table.
create or replace function private.prepare_analytics_event() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.received_at := now();
  if (select private.is_trusted()) then
    return new;
  end if;
  new.user_id := (select auth.uid());
  -- A clock far off cannot push events into another period of the reports.
  if new.occurred_at is null or new.occurred_at > now() + interval '5 minutes' or new.occurred_at < now() - interval '1 day' then
    new.occurred_at := now();
  end if;
  if not private.within_rate_limit('analytics:' || private.caller_key(new.session_id), 300, 300) then
    raise exception 'Too many analytics events; slow down.' using errcode = 'PT429';
  end if;
  return new;
end
$$;

create trigger analytics_events_prepare before insert on public.analytics_events
  for each row execute function private.prepare_analytics_event();

create table public.security_events (
  id bigint generated always as identity primary key,
  event_type text not null check (event_type ~ '^[a-z][a-z0-9_.:-]{1,63}$'),
  user_id uuid,
  details jsonb not null default '{}' check (jsonb_typeof(details) = 'object' and pg_column_size(details) <= 8192),
  -- server: written by the backend or the service role; client: reported by a browser (untrusted).
  source text not null default 'server' check (source in ('server', 'client')),
  created_at timestamptz not null default now()
);
create index security_events_time_idx on public.security_events (created_at desc);
create index security_events_type_idx on public.security_events (event_type, created_at desc);
create index security_events_user_idx on public.security_events (user_id, created_at desc) where user_id is not null;

-- Writes a security event (spec section 7). The backend and the service role log anything; a browser
-- (the login page reporting a failure or a rate limit) can log too, but its events are marked
-- "client", carry its own user id whatever it passes, and are rate limited.
create or replace function public.log_security_event(event_type text, user_id uuid default null, details jsonb default '{}')
returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  trusted boolean := private.is_trusted();
begin
  if not trusted and not private.within_rate_limit('security-event:' || private.caller_key(null), 30, 600) then
    raise exception 'Too many security events reported; slow down.' using errcode = 'PT429';
  end if;
  insert into public.security_events (event_type, user_id, details, source)
  values (
    log_security_event.event_type,
    case when trusted then log_security_event.user_id else (select auth.uid()) end,
    coalesce(log_security_event.details, '{}'::jsonb),
    case when trusted then 'server' else 'client' end
  );
end
$$;

-- Removes one-time tokens (email confirmation, recovery, email change, reauthentication) older than
-- max_age_seconds (default 24 hours, GoTrue's default OTP lifetime), and old rate-limit counters.
-- Run by the backend's scheduler every 30 minutes; not callable from browsers.
create or replace function public.cleanup_expired_otps(max_age_seconds integer default 86400) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  cutoff timestamptz := now() - make_interval(secs => greatest(max_age_seconds, 60));
begin
  delete from auth.one_time_tokens where created_at < cutoff::timestamp;
  update auth.users set confirmation_token = ''
   where confirmation_token <> '' and confirmation_sent_at < cutoff;
  update auth.users set recovery_token = ''
   where recovery_token <> '' and recovery_sent_at < cutoff;
  update auth.users set email_change_token_new = '', email_change_token_current = ''
   where (email_change_token_new <> '' or email_change_token_current <> '') and email_change_sent_at < cutoff;
  update auth.users set reauthentication_token = ''
   where reauthentication_token <> '' and reauthentication_sent_at < cutoff;
  perform private.prune_rate_limits();
end
$$;

-- Counts for the home page's stats block, without exposing profiles.
create or replace function public.marketplace_stats() returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'customers', (select count(*) from public.profiles where user_type = 'customer'),
    'vendors', (select count(*) from public.profiles where user_type = 'vendor'),
    'verified_companies', (select count(*) from public.companies where verified),
    'published_listings', (select count(*) from public.listings where status = 'published'),
    'reviews', (select count(*) from public.reviews),
    'average_rating', (select round(avg(rating)::numeric, 2) from public.reviews)
  )
$$;

revoke all on function public.log_security_event(text, uuid, jsonb) from public;
revoke all on function public.cleanup_expired_otps(integer) from public, anon, authenticated;
revoke all on function public.marketplace_stats() from public;
grant execute on function public.log_security_event(text, uuid, jsonb) to anon, authenticated, service_role;
grant execute on function public.cleanup_expired_otps(integer) to service_role;
grant execute on function public.marketplace_stats() to anon, authenticated, service_role;

alter table public.analytics_events enable row level security;
alter table public.security_events enable row level security;

create policy "analytics_events: anyone records" on public.analytics_events for insert to anon, authenticated
  with check (true);
create policy "analytics_events: admins read" on public.analytics_events for select to authenticated
  using ((select private.is_admin()));
create policy "security_events: admins read" on public.security_events for select to authenticated
  using ((select private.is_admin()));

-- user_id is not insertable: the database fills it from the caller's token.
-- Hosted projects may add default privileges; start from none and grant exactly what is needed.
revoke all on public.analytics_events, public.security_events from anon, authenticated;
grant insert (name, params, session_id, occurred_at) on public.analytics_events to anon, authenticated;
grant select on public.analytics_events to authenticated;
grant all on public.analytics_events to service_role;
grant select on public.security_events to authenticated;
grant all on public.security_events to service_role;
