-- Moderation (issue 17): the administrators' actions on listings, companies and accounts, each one a
-- function that refuses everyone but administrators and writes a row to the audit log.
--
--   admin_search_listings / admin_set_listing_published   unpublish or republish, with a reason the vendor is emailed
--   admin_set_company_verified                            the catalogue's verified badge, with a note
--   admin_search_users / admin_set_user_suspended         a suspended account cannot sign in (auth.users.banned_until)
--                                                         and its company's listings are hidden until it is restored
--   admin_set_admin                                       promote or demote; never the last administrator
--   admin_security_events                                 the log_security_event log, filtered
--
-- The vendor's email is queued in private.admin_notices and sent by the backend's send_admin_notices
-- job through the mail outbox (template listing-moderation), in the recipient's language.

-- ---------------------------------------------------------------------------------------------
-- The audit log: who did what to what, when and why. Administrators read it; nobody edits or
-- deletes it (a trigger refuses UPDATE, DELETE and TRUNCATE, whoever asks).

create table public.admin_audit_log (
  id bigint generated always as identity primary key,
  actor_id uuid,
  actor_email text,
  action text not null check (action ~ '^[a-z][a-z_.]{2,63}$'),
  target_type text not null check (target_type in ('listing', 'company', 'user', 'report', 'contact_message')),
  target_id text not null,
  reason text check (reason is null or char_length(reason) <= 2000),
  details jsonb not null default '{}' check (jsonb_typeof(details) = 'object'),
  created_at timestamptz not null default now()
);
create index admin_audit_log_time_idx on public.admin_audit_log (created_at desc);
create index admin_audit_log_target_idx on public.admin_audit_log (target_type, target_id, created_at desc);

create or replace function private.refuse_audit_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'The audit log cannot be changed' using errcode = '42501';
end
$$;

create trigger admin_audit_log_append_only before update or delete on public.admin_audit_log
  for each row execute function private.refuse_audit_change();
create trigger admin_audit_log_no_truncate before truncate on public.admin_audit_log
  for each statement execute function private.refuse_audit_change();

alter table public.admin_audit_log enable row level security;
create policy "admin_audit_log: admins read" on public.admin_audit_log for select to authenticated
  using ((select private.is_admin()));
revoke all on public.admin_audit_log from anon, authenticated;
grant select on public.admin_audit_log to authenticated;
grant select, insert on public.admin_audit_log to service_role;

-- The caller, checked: an administrator (by profile role) whose account is not suspended.
create or replace function private.require_admin() returns uuid
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception 'Admin permissions required' using errcode = '42501';
  end if;
  return (select auth.uid());
end
$$;

create or replace function private.audit(action text, target_type text, target_id text, reason text, details jsonb default '{}')
returns void
language sql security definer
set search_path = ''
as $$
  insert into public.admin_audit_log (actor_id, actor_email, action, target_type, target_id, reason, details)
  values ((select auth.uid()), (select email from auth.users where id = (select auth.uid())),
          action, target_type, target_id, nullif(btrim(reason), ''), coalesce(details, '{}'::jsonb))
$$;

create or replace function private.require_reason(reason text, what text) returns text
language plpgsql immutable
set search_path = ''
as $$
begin
  if reason is null or char_length(btrim(reason)) < 3 then
    raise exception 'Please give a reason for %', what using errcode = '22023';
  end if;
  if char_length(reason) > 2000 then
    raise exception 'The reason is too long (at most 2000 characters)' using errcode = '22023';
  end if;
  return btrim(reason);
end
$$;

revoke all on function private.require_admin() from public;
revoke all on function private.audit(text, text, text, text, jsonb) from public;
revoke all on function private.require_reason(text, text) from public;

-- ---------------------------------------------------------------------------------------------
-- Emails the moderation sends, queued for the backend's job (mail templates render in TypeScript).

create table private.admin_notices (
  id bigint generated always as identity primary key,
  template text not null,
  recipient_id uuid references public.profiles (id) on delete cascade,
  data jsonb not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index admin_notices_unsent_idx on private.admin_notices (id) where sent_at is null;
revoke all on private.admin_notices from public, anon, authenticated;
grant all on private.admin_notices to service_role;

-- ---------------------------------------------------------------------------------------------
-- Listings: held by moderation. A listing an administrator unpublished keeps its reason and cannot
-- be published again by its vendor; listings hidden because their owner was suspended come back on
-- restore.

alter table public.listings
  add column moderation_reason text check (moderation_reason is null or char_length(moderation_reason) <= 2000),
  add column moderated_at timestamptz,
  add column suspension_hold boolean not null default false;

create or replace function private.guard_listing_moderation() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (select private.is_trusted()) or (select private.is_admin()) then
    return new;
  end if;
  if (new.moderation_reason, new.moderated_at, new.suspension_hold) is distinct from (old.moderation_reason, old.moderated_at, old.suspension_hold) then
    raise exception 'Moderation is managed by Modula' using errcode = '42501';
  end if;
  if new.status = 'published' and old.status <> 'published' and (old.moderation_reason is not null or old.suspension_hold) then
    raise exception 'This listing was unpublished by Modula and cannot be published again: %', coalesce(old.moderation_reason, 'account suspended')
      using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger listings_moderation_guard before update on public.listings
  for each row execute function private.guard_listing_moderation();

create or replace function public.admin_search_listings(query text default '', listing_status text default null, max_rows integer default 50, skip integer default 0)
returns table (id uuid, title text, listing_type text, status public.listing_status, vendor_id uuid, vendor_name text,
               published_at timestamptz, moderation_reason text, moderated_at timestamptz, suspension_hold boolean, total bigint)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return query
    select l.id, l.title, l.listing_type::text, l.status, l.vendor_id, c.name, l.published_at, l.moderation_reason, l.moderated_at,
           l.suspension_hold, count(*) over ()
      from public.listings l
      join public.companies c on c.id = l.vendor_id
     where (coalesce(btrim(query), '') = ''
            or l.title ilike '%' || btrim(query) || '%'
            or c.name ilike '%' || btrim(query) || '%'
            or l.id::text = btrim(query))
       and (listing_status is null or l.status::text = listing_status
            or (listing_status = 'moderated' and (l.moderation_reason is not null or l.suspension_hold)))
     order by l.updated_at desc, l.id
     limit least(greatest(coalesce(max_rows, 50), 1), 200) offset greatest(coalesce(skip, 0), 0);
end
$$;

create or replace function public.admin_set_listing_published(listing_id uuid, publish boolean, reason text)
returns public.listing_status
language plpgsql security definer
set search_path = ''
as $$
declare
  listing public.listings;
  why text;
  owner uuid;
begin
  perform private.require_admin();
  why := private.require_reason(reason, case when publish then 'republishing' else 'unpublishing' end);
  select * into listing from public.listings l where l.id = admin_set_listing_published.listing_id for update;
  if not found then
    raise exception 'Listing not found' using errcode = 'PT404';
  end if;
  if publish then
    update public.listings set status = 'published', moderation_reason = null, moderated_at = now(), suspension_hold = false
     where id = listing.id;
  else
    if listing.status <> 'published' and listing.moderation_reason is not null then
      raise exception 'This listing is already unpublished' using errcode = '22023';
    end if;
    update public.listings set status = 'archived', moderation_reason = why, moderated_at = now()
     where id = listing.id;
  end if;
  perform private.audit(case when publish then 'listing.republish' else 'listing.unpublish' end, 'listing', listing.id::text, why,
                        jsonb_build_object('title', listing.title, 'previous_status', listing.status));
  owner := (select c.owner_id from public.companies c where c.id = listing.vendor_id);
  if owner is not null then
    insert into private.admin_notices (template, recipient_id, data)
    values ('listing-moderation', owner, jsonb_build_object(
      'action', case when publish then 'republished' else 'unpublished' end,
      'listingTitle', listing.title, 'listingId', listing.id, 'reason', why));
  end if;
  return case when publish then 'published'::public.listing_status else 'archived'::public.listing_status end;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Companies: the verified badge.

create or replace function public.admin_set_company_verified(company_id uuid, verified boolean, note text)
returns boolean
language plpgsql security definer
set search_path = ''
as $$
declare
  company public.companies;
  why text := private.require_reason(note, 'this change');
begin
  perform private.require_admin();
  select * into company from public.companies c where c.id = admin_set_company_verified.company_id for update;
  if not found then
    raise exception 'Company not found' using errcode = 'PT404';
  end if;
  update public.companies set verified = admin_set_company_verified.verified where id = company.id;
  perform private.audit(case when admin_set_company_verified.verified then 'company.verify' else 'company.unverify' end,
                        'company', company.id::text, why, jsonb_build_object('name', company.name, 'was_verified', company.verified));
  return admin_set_company_verified.verified;
end
$$;

create or replace function public.admin_search_companies(query text default '', max_rows integer default 50, skip integer default 0)
returns table (id uuid, name text, company_type text, verified boolean, country text, listings bigint, members bigint, created_at timestamptz, total bigint)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return query
    select c.id, c.name, c.company_type::text, c.verified, c.country,
           (select count(*) from public.listings l where l.vendor_id = c.id and l.status = 'published'),
           (select count(*) from public.company_members m where m.company_id = c.id),
           c.created_at, count(*) over ()
      from public.companies c
     where coalesce(btrim(query), '') = '' or c.name ilike '%' || btrim(query) || '%'
     order by c.name, c.id
     limit least(greatest(coalesce(max_rows, 50), 1), 200) offset greatest(coalesce(skip, 0), 0);
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Accounts: search, suspend and restore, promote and demote.

alter table public.profiles add column suspended_at timestamptz;

create or replace function public.admin_search_users(query text default '', max_rows integer default 50, skip integer default 0)
returns table (id uuid, email text, name text, user_type public.user_type, role public.user_role, company_id uuid, company_name text,
               plan text, suspended_at timestamptz, created_at timestamptz, last_sign_in_at timestamptz, total bigint)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return query
    select p.id, u.email::text, p.name, p.user_type, p.role, p.company_id, p.company_name,
           public.current_plan(p.id), p.suspended_at, p.created_at, u.last_sign_in_at, count(*) over ()
      from public.profiles p
      join auth.users u on u.id = p.id
     where coalesce(btrim(query), '') = ''
        or u.email ilike '%' || btrim(query) || '%'
        or p.name ilike '%' || btrim(query) || '%'
        or p.company_name ilike '%' || btrim(query) || '%'
     order by p.created_at desc, p.id
     limit least(greatest(coalesce(max_rows, 50), 1), 200) offset greatest(coalesce(skip, 0), 0);
end
$$;

create or replace function public.admin_set_user_suspended(user_id uuid, suspend boolean, reason text)
returns boolean
language plpgsql security definer
set search_path = ''
as $$
declare
  me uuid := private.require_admin();
  target public.profiles;
  why text := private.require_reason(reason, case when suspend then 'the suspension' else 'restoring the account' end);
  hidden integer := 0;
  restored integer := 0;
  listing record;
begin
  select * into target from public.profiles p where p.id = admin_set_user_suspended.user_id for update;
  if not found then
    raise exception 'User not found' using errcode = 'PT404';
  end if;
  if suspend then
    if target.id = me then
      raise exception 'You cannot suspend your own account' using errcode = '22023';
    end if;
    if target.role = 'admin' then
      raise exception 'Remove the admin role before suspending this account' using errcode = '22023';
    end if;
    update public.profiles set suspended_at = coalesce(suspended_at, now()) where id = target.id;
    update auth.users set banned_until = 'infinity' where id = target.id;
    -- Signed-in sessions end: refresh tokens are refused from now on.
    delete from auth.sessions where auth.sessions.user_id = target.id;
    -- The company's listings disappear from the catalogue while no member of it is active.
    if target.company_id is not null and not exists (
      select 1 from public.profiles p where p.company_id = target.company_id and p.id <> target.id and p.suspended_at is null
    ) then
      update public.listings set status = 'archived', suspension_hold = true
       where vendor_id = target.company_id and status = 'published';
      get diagnostics hidden = row_count;
    end if;
  else
    update public.profiles set suspended_at = null where id = target.id;
    update auth.users set banned_until = null where id = target.id;
    if target.company_id is not null then
      for listing in select l.id from public.listings l where l.vendor_id = target.company_id and l.suspension_hold loop
        begin
          update public.listings set status = 'published', suspension_hold = false where id = listing.id;
          restored := restored + 1;
        exception when others then
          -- Over the plan's limit now: it stays hidden, and the vendor may publish it again.
          update public.listings set suspension_hold = false where id = listing.id;
        end;
      end loop;
    end if;
  end if;
  perform private.audit(case when suspend then 'user.suspend' else 'user.restore' end, 'user', target.id::text, why,
                        jsonb_build_object('listings_hidden', hidden, 'listings_restored', restored));
  return suspend;
end
$$;

create or replace function public.admin_set_admin(user_id uuid, make_admin boolean, reason text)
returns boolean
language plpgsql security definer
set search_path = ''
as $$
declare
  target public.profiles;
  why text;
begin
  perform private.require_admin();
  why := private.require_reason(reason, 'this change');
  -- One change of the admin set at a time, so two admins cannot demote each other at once.
  perform pg_advisory_xact_lock(hashtextextended('modula:admin-set', 0));
  select * into target from public.profiles p where p.id = admin_set_admin.user_id for update;
  if not found then
    raise exception 'User not found' using errcode = 'PT404';
  end if;
  if make_admin and target.suspended_at is not null then
    raise exception 'A suspended account cannot become an administrator' using errcode = '22023';
  end if;
  if not make_admin and target.role = 'admin'
     and (select count(*) from public.profiles where role = 'admin' and suspended_at is null and id <> target.id) = 0 then
    raise exception 'The last administrator cannot be demoted' using errcode = '22023';
  end if;
  update public.profiles set role = case when make_admin then 'admin'::public.user_role end where id = target.id;
  perform private.audit(case when make_admin then 'user.promote' else 'user.demote' end, 'user', target.id::text, why,
                        jsonb_build_object('previous_role', target.role));
  return make_admin;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The security event log, filtered by type, user and period.

create or replace function public.admin_security_events(of_type text default null, user_query text default null,
                                                        from_time timestamptz default null, to_time timestamptz default null,
                                                        max_rows integer default 100, skip integer default 0)
returns table (id bigint, event_type text, user_id uuid, email text, source text, details jsonb, created_at timestamptz, total bigint)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return query
    select e.id, e.event_type, e.user_id, u.email::text, e.source, e.details, e.created_at, count(*) over ()
      from public.security_events e
      left join auth.users u on u.id = e.user_id
     where (of_type is null or e.event_type = of_type)
       and (coalesce(btrim(user_query), '') = '' or u.email ilike '%' || btrim(user_query) || '%'
            or e.user_id::text = btrim(user_query) or e.details ->> 'email' ilike '%' || btrim(user_query) || '%')
       and (from_time is null or e.created_at >= from_time)
       and (to_time is null or e.created_at < to_time)
     order by e.created_at desc, e.id desc
     limit least(greatest(coalesce(max_rows, 100), 1), 500) offset greatest(coalesce(skip, 0), 0);
end
$$;

create or replace function public.admin_security_event_types()
returns table (event_type text, events bigint)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return query select e.event_type, count(*) from public.security_events e group by 1 order by 1;
end
$$;

do $$
declare
  fn text;
begin
  foreach fn in array array[
    'public.admin_search_listings(text, text, integer, integer)',
    'public.admin_set_listing_published(uuid, boolean, text)',
    'public.admin_set_company_verified(uuid, boolean, text)',
    'public.admin_search_companies(text, integer, integer)',
    'public.admin_search_users(text, integer, integer)',
    'public.admin_set_user_suspended(uuid, boolean, text)',
    'public.admin_set_admin(uuid, boolean, text)',
    'public.admin_security_events(text, text, timestamptz, timestamptz, integer, integer)',
    'public.admin_security_event_types()'
  ] loop
    execute format('revoke all on function %s from public, anon', fn);
    execute format('grant execute on function %s to authenticated, service_role', fn);
  end loop;
end
$$;

-- Private tables get row-level security too (no policies: only their owner, through the functions
-- above and the backend's jobs, reads or writes them).
alter table private.admin_notices enable row level security;
alter table private.analytics_daily enable row level security;
alter table private.analytics_rollup_state enable row level security;
