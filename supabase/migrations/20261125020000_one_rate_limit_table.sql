-- One rate limiter: every limit, the database's own (ad clicks, contact messages, security events,
-- analytics) and the backend's (auth attempts, function calls), counts in one table keyed by scope
-- and subject, through one function. The counters are short-lived, so the old table is replaced
-- rather than converted.
drop table private.rate_limits;

create table private.rate_limits (
  -- What is limited: 'ad-click', 'contact', 'auth:password:ip', 'function:beta-access', ...
  scope text not null check (scope ~ '^[a-z][a-z0-9_.:-]{0,62}$'),
  -- Who is counted within the scope: a user, a client address, an email, ...
  subject text not null check (char_length(subject) between 1 and 512),
  -- A window starts with its first hit and lasts the limit's window_seconds.
  window_ends_at timestamptz not null,
  hits integer not null check (hits >= 0),
  primary key (scope, subject)
);
create index rate_limits_window_ends_idx on private.rate_limits (window_ends_at);
alter table private.rate_limits enable row level security;
revoke all on private.rate_limits from public, anon, authenticated;

-- Counts `cost` hits for (scope, subject) and says whether the window's total is still within
-- max_hits, and how many seconds are left of the window. One upsert does the read-modify-write
-- under the row lock, so parallel hits (and several backend processes) never slip past the limit.
create or replace function private.rate_limit_hit(scope text, subject text, max_hits integer, window_seconds integer, cost integer default 1)
returns table (allowed boolean, hits integer, retry_after integer)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  return query
  insert into private.rate_limits as r (scope, subject, window_ends_at, hits)
  values (rate_limit_hit.scope, rate_limit_hit.subject, now() + make_interval(secs => rate_limit_hit.window_seconds), rate_limit_hit.cost)
  on conflict (scope, subject) do update set
    hits = case when r.window_ends_at <= now() then excluded.hits else r.hits + excluded.hits end,
    window_ends_at = case when r.window_ends_at <= now() then excluded.window_ends_at else r.window_ends_at end
  returning r.hits <= rate_limit_hit.max_hits,
            r.hits,
            greatest(1, ceil(extract(epoch from r.window_ends_at - now())))::integer;
end
$$;

-- Gives back hits counted in the current window (a right beta code, a mail that was not sent).
create or replace function private.rate_limit_refund(scope text, subject text, cost integer default 1)
returns void
language sql
security definer
set search_path = ''
as $$
  update private.rate_limits r set hits = greatest(r.hits - rate_limit_refund.cost, 0)
   where r.scope = rate_limit_refund.scope and r.subject = rate_limit_refund.subject and r.window_ends_at > now()
$$;

-- The triggers' and functions' entry point, kept so they need no change: 'scope:subject'.
create or replace function private.within_rate_limit(bucket text, max_hits integer, window_seconds integer)
returns boolean
language sql
security definer
set search_path = ''
as $$
  select h.allowed
    from private.rate_limit_hit(split_part(within_rate_limit.bucket, ':', 1),
                                substr(within_rate_limit.bucket, strpos(within_rate_limit.bucket, ':') + 1),
                                within_rate_limit.max_hits, within_rate_limit.window_seconds) h
$$;

-- The identity a limit counts against: the signed-in user, else the client address the gateway
-- resolved from TRUSTED_PROXIES and passed as the transaction setting request.client_ip (never a
-- request header, which the client controls), else the analytics session or email the caller gave.
-- Only requests that reach the database without a gateway (SQL sessions, tests) get that far.
create or replace function private.caller_key(fallback text) returns text
language sql stable
set search_path = ''
as $$
  select coalesce(
    'user:' || (select auth.uid())::text,
    'ip:' || nullif(current_setting('request.client_ip', true), ''),
    'session:' || nullif(fallback, ''),
    'anonymous'
  )
$$;

-- Removes windows that have ended and says how many. Run by the backend's scheduler (job
-- purge_rate_limits) only.
drop function private.prune_rate_limits();
create function private.prune_rate_limits() returns integer
language sql
security definer
set search_path = ''
as $$
  with gone as (delete from private.rate_limits where window_ends_at < now() returning 1)
  select count(*)::integer from gone
$$;

-- The OTP cleanup no longer prunes rate limits: that is the scheduler's purge_rate_limits job.
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
end
$$;

revoke all on function private.rate_limit_hit(text, text, integer, integer, integer) from public, anon, authenticated;
revoke all on function private.rate_limit_refund(text, text, integer) from public, anon, authenticated;
revoke all on function private.within_rate_limit(text, integer, integer) from public, anon, authenticated;
revoke all on function private.caller_key(text) from public, anon, authenticated;
revoke all on function private.prune_rate_limits() from public, anon, authenticated;
revoke all on function public.cleanup_expired_otps(integer) from public, anon, authenticated;
-- Security-definer triggers and functions (running as the owner) and the backend call these.
grant execute on function private.rate_limit_hit(text, text, integer, integer, integer) to service_role;
grant execute on function private.rate_limit_refund(text, text, integer) to service_role;
grant execute on function private.within_rate_limit(text, integer, integer) to service_role;
grant execute on function private.caller_key(text) to service_role;
grant execute on function private.prune_rate_limits() to service_role;
grant execute on function public.cleanup_expired_otps(integer) to service_role;
