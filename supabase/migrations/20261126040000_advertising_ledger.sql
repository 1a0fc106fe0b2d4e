-- Advertising that vendors can trust (issue 16): campaigns and sponsored placements are created and
-- changed only through functions, become active once their budget is paid (a prepaid top-up that a
-- verified payment event credits), and every click goes through one call that records it, checks the
-- fraud guards and charges it atomically. Every charge is a ledger row, so a campaign's spent is the
-- sum of its ledger. Leads (a conversation or meeting request within 7 days after a click by the same
-- visitor) are attributed to the campaign by triggers on the messenger's tables.

-- ---------------------------------------------------------------------------------------------
-- Campaigns: one table for both kinds. A PPC campaign and a sponsored placement are both charged per
-- click and both fill the catalogue's sponsored slots; a sponsored placement also has a priority in the
-- rotation and a sponsored-until date. budget is what has been paid (the sum of paid top-ups).

alter table public.ad_campaigns
  add column kind text not null default 'ppc' check (kind in ('ppc', 'sponsored')),
  add column starts_at timestamptz not null default now(),
  add column ends_at timestamptz not null default now() + interval '30 days',
  add column paused boolean not null default false,
  add column ended_at timestamptz,
  add column priority smallint not null default 1 check (priority between 1 and 10),
  add column featured boolean not null default false,
  add column sponsored_until timestamptz,
  add column budget_reached_at timestamptz;

alter table public.ad_campaigns drop constraint ad_campaigns_budget_check;
alter table public.ad_campaigns
  add constraint ad_campaigns_budget_check check (budget >= 0),
  add constraint ad_campaigns_spent_within_budget check (spent <= budget),
  add constraint ad_campaigns_dates check (ends_at > starts_at),
  add constraint ad_campaigns_sponsored_until check (kind = 'ppc' or sponsored_until is not null);

create index ad_campaigns_listing_running_idx on public.ad_campaigns (listing_id) where active and not paused and ended_at is null;
create index ad_campaigns_listing_reached_idx on public.ad_campaigns (listing_id, budget_reached_at desc) where budget_reached_at is not null;

-- A campaign may run (be shown and charged) now.
create or replace function private.ad_running(c public.ad_campaigns) returns boolean
language sql stable
set search_path = ''
as $$
  select c.active and not c.paused and c.ended_at is null and c.spent < c.budget
     and c.starts_at <= now() and c.ends_at > now()
     and (c.kind = 'ppc' or c.sponsored_until > now())
$$;

-- The campaign a click or impression on a listing's sponsored card belongs to: the running campaign
-- of that (published) listing that leads the rotation.
create or replace function private.ad_campaign_for(listing uuid) returns uuid
language sql stable security definer
set search_path = ''
as $$
  select c.id
    from public.ad_campaigns c
    join public.listings l on l.id = c.listing_id and l.status = 'published'
   where c.listing_id = listing and c.active and not c.paused and c.ended_at is null
     and private.ad_running(c)
   order by c.featured desc, c.priority desc, c.created_at, c.id
   limit 1
$$;

-- ---------------------------------------------------------------------------------------------
-- Clicks, the ledger, impressions, leads and top-ups.

create table public.ad_clicks (
  id bigint generated always as identity primary key,
  campaign_id uuid not null references public.ad_campaigns (id) on delete cascade,
  -- The signed-in visitor, if any (lead attribution matches on it).
  user_id uuid references public.profiles (id) on delete set null,
  -- The anonymous visitor: the trusted client address and the browser's visitor id.
  visitor text not null check (char_length(visitor) <= 200),
  outcome text not null check (outcome in ('charged', 'duplicate', 'own_company', 'rate_limited', 'budget_reached')),
  charged numeric(10, 2) not null default 0 check (charged >= 0 and (charged > 0) = (outcome = 'charged')),
  created_at timestamptz not null default now()
);
create index ad_clicks_campaign_visitor_idx on public.ad_clicks (campaign_id, visitor, created_at desc);
create index ad_clicks_campaign_user_idx on public.ad_clicks (campaign_id, user_id, created_at desc) where user_id is not null;
create index ad_clicks_user_idx on public.ad_clicks (user_id, created_at desc) where user_id is not null;
create index ad_clicks_campaign_time_idx on public.ad_clicks (campaign_id, created_at);
create index ad_clicks_guest_visitor_idx on public.ad_clicks (visitor, created_at desc) where user_id is null;

-- Money: one row per charge, never changed. spent = sum(amount) per campaign.
create table public.ad_ledger (
  id bigint generated always as identity primary key,
  campaign_id uuid not null references public.ad_campaigns (id) on delete restrict,
  click_id bigint not null unique references public.ad_clicks (id) on delete restrict,
  amount numeric(10, 2) not null check (amount > 0),
  created_at timestamptz not null default now()
);
create index ad_ledger_campaign_time_idx on public.ad_ledger (campaign_id, created_at);

-- Impressions counted per campaign and day (a card at least half visible for one second).
create table public.ad_impressions (
  campaign_id uuid not null references public.ad_campaigns (id) on delete cascade,
  day date not null,
  impressions bigint not null default 0 check (impressions >= 0),
  primary key (campaign_id, day)
);

create table public.ad_leads (
  id bigint generated always as identity primary key,
  campaign_id uuid not null references public.ad_campaigns (id) on delete cascade,
  click_id bigint references public.ad_clicks (id) on delete set null,
  kind text not null check (kind in ('conversation', 'meeting')),
  source_id uuid not null,
  customer_id uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  unique (kind, source_id)
);
create index ad_leads_campaign_time_idx on public.ad_leads (campaign_id, created_at);

-- Prepaid budget: a top-up is created pending; a verified payment event credits it (once).
create table public.ad_budget_topups (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null references public.ad_campaigns (id) on delete restrict,
  company_id uuid not null references public.companies (id) on delete cascade,
  requested_by uuid references public.profiles (id) on delete set null,
  amount numeric(10, 2) not null check (amount between 1 and 100000),
  status text not null default 'pending' check (status in ('pending', 'paid', 'failed', 'canceled')),
  provider text check (provider is null or char_length(provider) <= 40),
  provider_ref text check (provider_ref is null or char_length(provider_ref) <= 200),
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  unique (provider, provider_ref)
);
create index ad_budget_topups_campaign_idx on public.ad_budget_topups (campaign_id, created_at desc);

-- ---------------------------------------------------------------------------------------------
-- The listing's sponsored flags follow its active sponsorships and its running campaigns, so the
-- catalogue's sponsored query (published, sponsored, sponsored_until in the future, by priority,
-- with the visitor's filters) needs no join. A featured placement (Pro) leads with priority 10.

create or replace function private.sync_listing_sponsorship(affected uuid) returns boolean
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.listings l
     set sponsored = s.until is not null,
         sponsored_until = s.until,
         sponsor_priority = coalesce(s.priority, 0)
    from (
      select max(x.until) as until, max(x.priority) as priority
        from (
          select sl.sponsored_until as until, sl.priority::integer as priority
            from public.sponsored_listings sl
           where sl.listing_id = affected and sl.active and sl.sponsored_until > now()
          union all
          select least(c.ends_at, coalesce(c.sponsored_until, c.ends_at)),
                 case when c.featured then 10 else c.priority end
            from public.ad_campaigns c
           where c.listing_id = affected and private.ad_running(c)
        ) x
    ) s
   where l.id = affected
     and (l.sponsored, l.sponsored_until, l.sponsor_priority)
         is distinct from (s.until is not null, s.until, coalesce(s.priority, 0));
  return found;
end
$$;

create or replace function private.sync_sponsorship() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  affected uuid;
begin
  for affected in
    select distinct x from unnest(array[
      case when tg_op <> 'INSERT' then old.listing_id end,
      case when tg_op <> 'DELETE' then new.listing_id end
    ]) x where x is not null
  loop
    perform private.sync_listing_sponsorship(affected);
  end loop;
  return null;
end
$$;

create trigger ad_campaigns_sync_insert_delete after insert or delete on public.ad_campaigns
  for each row execute function private.sync_sponsorship();
-- A click only moves spent and clicks: the listing is synced when the campaign stops or changes.
create trigger ad_campaigns_sync_update after update on public.ad_campaigns
  for each row when (
    (old.active, old.paused, old.ended_at, old.starts_at, old.ends_at, old.priority, old.featured, old.sponsored_until, old.listing_id, old.budget, old.kind)
    is distinct from
    (new.active, new.paused, new.ended_at, new.starts_at, new.ends_at, new.priority, new.featured, new.sponsored_until, new.listing_id, new.budget, new.kind))
  execute function private.sync_sponsorship();

-- Start and end dates pass without a write: the scheduler (job refresh_ad_placements, every minute)
-- syncs the listings whose flags no longer match. Returns how many listings changed.
create or replace function private.refresh_ad_placements() returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  affected uuid;
  changed integer := 0;
begin
  for affected in
    select l.id from public.listings l where l.sponsored
    union
    select c.listing_id from public.ad_campaigns c
     where c.listing_id is not null and c.active and not c.paused and c.ended_at is null
       and c.starts_at <= now() and c.ends_at > now()
  loop
    if private.sync_listing_sponsorship(affected) then
      changed := changed + 1;
    end if;
  end loop;
  -- Campaigns whose end date passed are ended.
  update public.ad_campaigns c set active = false
   where c.active and c.ends_at <= now();
  return changed;
end
$$;

-- The ad tables are written by the functions below (and the service role), never by API roles
-- directly: they have no write privileges any more, so the old per-row checks go.
-- Issue 13 item 13 (billing migration) refused reactivation until advertising had payments; the
-- budget is now only credited by a verified payment (credit_ad_topup), so that stop-gap goes.
drop trigger if exists ad_campaigns_paid_budget on public.ad_campaigns;
drop trigger if exists sponsored_listings_paid_budget on public.sponsored_listings;
drop function if exists private.refuse_unpaid_reactivation();
drop trigger ad_campaigns_prepare on public.ad_campaigns;
drop trigger sponsored_listings_prepare on public.sponsored_listings;
drop function private.prepare_ad();

-- A server-side analytics event that never fails the action it reports (the analytics table's own
-- rate limit counts the caller).
create or replace function private.ad_event(name text, params jsonb) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.analytics_events (name, params) values (ad_event.name, ad_event.params);
exception when others then
  null;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The click: one call records it and charges it.
--
-- The visitor is the signed-in user, else the client address the gateway resolved from
-- TRUSTED_PROXIES (request.client_ip; never a header) plus the browser's visitor id. Outcomes:
--   own_company     the visitor is a member of the advertising company: recorded, not charged
--   rate_limited    more than 30 clicks from the address in an hour: recorded, not charged
--   duplicate       the same visitor clicked this campaign within 30 minutes: recorded, not charged
--   budget_reached  the budget is spent (or the campaign stopped meanwhile): recorded, not charged
--   charged         spent += min(click rate, budget - spent), clicks += 1, one ledger row
--   no_campaign     the listing has no running campaign: nothing recorded
-- The charge reads and writes the campaign row under its row lock (select ... for update), so
-- concurrent clicks queue on it and the sum can never pass the budget; the last click is charged
-- the remainder only. The per-visitor advisory lock makes two parallel clicks of one visitor count
-- as one charged click and one duplicate.

drop function public.record_ad_click(uuid);

create function public.record_ad_click(listing_id uuid, visitor_id text default null) returns text
language plpgsql security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  ip text := coalesce(nullif(current_setting('request.client_ip', true), ''), 'unknown');
  vid text := nullif(btrim(coalesce(record_ad_click.visitor_id, '')), '');
  visitor_key text;
  target uuid;
  c public.ad_campaigns;
  result text;
  charge numeric(10, 2) := 0;
  click bigint;
  reached boolean := false;
begin
  if vid is not null and vid !~ '^[A-Za-z0-9_-]{8,64}$' then
    vid := null;
  end if;
  visitor_key := 'ip:' || ip || '/v:' || coalesce(vid, '-');
  target := private.ad_campaign_for(record_ad_click.listing_id);
  if target is null then
    -- A card shown while the campaign still ran, clicked after its budget was spent: recorded (as
    -- budget_reached below), never charged.
    select x.id into target
      from public.ad_campaigns x
     where x.listing_id = record_ad_click.listing_id and x.ended_at is null and x.budget_reached_at > now() - interval '1 day'
     order by x.budget_reached_at desc
     limit 1;
  end if;
  if target is null then
    return 'no_campaign';
  end if;
  select * into c from public.ad_campaigns where id = target;

  if uid is not null and (
       exists (select 1 from public.company_members m where m.company_id = c.company_id and m.user_id = uid)
       or (select private.my_company_id()) = c.company_id) then
    result := 'own_company';
  elsif not private.within_rate_limit('ad-click:ip:' || ip, 30, 3600) then
    result := 'rate_limited';
  else
    perform pg_advisory_xact_lock(hashtextextended('modula:ad-click:' || c.id::text || ':' || coalesce(uid::text, visitor_key), 0));
    if exists (
      select 1 from public.ad_clicks k
       where k.campaign_id = c.id and k.outcome = 'charged' and k.created_at > now() - interval '30 minutes'
         and (k.visitor = visitor_key or (uid is not null and k.user_id = uid))
    ) then
      result := 'duplicate';
    else
      -- The campaign row stays locked until commit, and every click of the campaign queues on it:
      -- waiting for the WAL flush with the lock held would cap a campaign at one click per disk
      -- flush. This transaction commits asynchronously instead (a crash may lose the last moments of
      -- clicks, each with its charge and its ledger row: never a charge without its click).
      perform set_config('synchronous_commit', 'off', true);
      select * into c from public.ad_campaigns where id = target for update;
      if not private.ad_running(c) then
        result := 'budget_reached';
      else
        charge := least(c.click_rate, c.budget - c.spent);
        reached := c.spent + charge >= c.budget;
        update public.ad_campaigns
           set spent = spent + charge,
               clicks = clicks + 1,
               active = not reached,
               budget_reached_at = case when reached then now() else budget_reached_at end
         where id = c.id;
        result := 'charged';
      end if;
    end if;
  end if;

  insert into public.ad_clicks (campaign_id, user_id, visitor, outcome, charged)
  values (c.id, uid, visitor_key, result, charge)
  returning id into click;
  if result = 'charged' then
    insert into public.ad_ledger (campaign_id, click_id, amount) values (c.id, click, charge);
  end if;
  if reached then
    perform private.ad_event('ad_budget_reached', jsonb_build_object('campaign_id', c.id, 'budget', c.budget));
  end if;
  return result;
end
$$;

-- Impressions of sponsored cards, sent in batches: one call per batch, at most 24 listings, each
-- counted once per call. Returns how many were counted.
create or replace function public.record_ad_impressions(listing_ids uuid[], visitor_id text default null) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  counted integer;
begin
  if coalesce(array_length(listing_ids, 1), 0) = 0 then
    return 0;
  end if;
  if not private.within_rate_limit('ad-impressions:' || private.caller_key(record_ad_impressions.visitor_id), 120, 300) then
    return 0;
  end if;
  with picked as (
    select private.ad_campaign_for(x) as campaign
      from (select distinct x from unnest(listing_ids[1:24]) x) ids
  ), grouped as (
    select campaign, count(*) as n from picked where campaign is not null group by campaign
  ), written as (
    insert into public.ad_impressions as i (campaign_id, day, impressions)
    select campaign, current_date, n from grouped
    on conflict (campaign_id, day) do update set impressions = i.impressions + excluded.impressions
  )
  select coalesce(sum(n), 0)::integer into counted from grouped;
  return counted;
end
$$;

-- A guest who clicked and then signed in is the same visitor (the same address and visitor id): the
-- catalogue claims those clicks for the account, so the lead that follows is attributed. Returns how
-- many clicks of the last 7 days were claimed.
create or replace function public.claim_ad_clicks(visitor_id text) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  ip text := coalesce(nullif(current_setting('request.client_ip', true), ''), 'unknown');
  claimed integer;
begin
  if uid is null or claim_ad_clicks.visitor_id is null or claim_ad_clicks.visitor_id !~ '^[A-Za-z0-9_-]{8,64}$' then
    return 0;
  end if;
  update public.ad_clicks k
     set user_id = uid
   where k.visitor = 'ip:' || ip || '/v:' || claim_ad_clicks.visitor_id
     and k.user_id is null
     and k.created_at > now() - interval '7 days';
  get diagnostics claimed = row_count;
  return claimed;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Leads: a conversation or meeting request within 7 days after a click by the same (signed-in)
-- visitor on a campaign of the company it is with; the campaign of the same listing first, else the
-- latest click. Clicks by the company's own members or past the address limit never make a lead.

create or replace function private.attribute_ad_lead() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  company uuid;
  found_click record;
  lead_kind text := case when tg_table_name = 'meetings' then 'meeting' else 'conversation' end;
begin
  company := coalesce(
    (select l.vendor_id from public.listings l where l.id = new.listing_id),
    (select p.company_id from public.profiles p where p.id = new.vendor_id));
  if company is null then
    return null;
  end if;
  select k.id, k.campaign_id into found_click
    from public.ad_clicks k
    join public.ad_campaigns c on c.id = k.campaign_id
   where k.user_id = new.customer_id
     and k.created_at > now() - interval '7 days'
     and k.outcome not in ('own_company', 'rate_limited')
     and c.company_id = company
   order by (c.listing_id is not distinct from new.listing_id) desc, k.created_at desc
   limit 1;
  if found_click.id is null then
    return null;
  end if;
  insert into public.ad_leads (campaign_id, click_id, kind, source_id, customer_id)
  values (found_click.campaign_id, found_click.id, lead_kind, new.id, new.customer_id)
  on conflict (kind, source_id) do nothing;
  if found then
    perform private.ad_event('ad_lead', jsonb_build_object('campaign_id', found_click.campaign_id, 'kind', lead_kind));
  end if;
  return null;
end
$$;

create trigger conversations_ad_lead after insert on public.conversations
  for each row execute function private.attribute_ad_lead();
create trigger meetings_ad_lead after insert on public.meetings
  for each row execute function private.attribute_ad_lead();

-- ---------------------------------------------------------------------------------------------
-- Creating and managing campaigns (members of the company only). Errors carry a stable code in
-- DETAIL ('ad:<code>') that the pages translate.

create or replace function private.ad_refuse(code text, message text, state text default '22023') returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception '%', message using errcode = state, detail = 'ad:' || code;
end
$$;

create or replace function public.create_ad_campaign(
  listing_id uuid,
  kind text,
  name text,
  budget numeric,
  click_rate numeric,
  starts_at timestamptz,
  ends_at timestamptz,
  priority integer default 1,
  sponsored_until timestamptz default null,
  featured boolean default false
) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  company uuid := (select private.my_company_id());
  plan public.plans;
  campaign uuid;
  topup uuid;
begin
  if (select auth.uid()) is null or company is null then
    perform private.ad_refuse('not_member', 'Only members of a company can advertise', '42501');
  end if;
  if not exists (select 1 from public.listings l where l.id = create_ad_campaign.listing_id and l.vendor_id = company and l.status = 'published') then
    perform private.ad_refuse('listing', 'Choose one of your company''s published listings');
  end if;
  if create_ad_campaign.kind is null or create_ad_campaign.kind not in ('ppc', 'sponsored') then
    perform private.ad_refuse('kind', 'Unknown campaign kind');
  end if;
  if create_ad_campaign.name is null or char_length(btrim(create_ad_campaign.name)) not between 1 and 120 then
    perform private.ad_refuse('name', 'The name must have 1 to 120 characters');
  end if;
  if create_ad_campaign.click_rate is null or create_ad_campaign.click_rate < 0.10 or create_ad_campaign.click_rate > 100
     or create_ad_campaign.click_rate <> round(create_ad_campaign.click_rate, 2) then
    perform private.ad_refuse('click_rate', 'The click rate must be between €0.10 and €100');
  end if;
  if create_ad_campaign.budget is null or create_ad_campaign.budget < 1 or create_ad_campaign.budget > 100000
     or create_ad_campaign.budget <> round(create_ad_campaign.budget, 2) or create_ad_campaign.budget < create_ad_campaign.click_rate then
    perform private.ad_refuse('budget', 'The budget must be between €1 and €100,000 and cover one click');
  end if;
  if create_ad_campaign.starts_at is null or create_ad_campaign.ends_at is null
     or create_ad_campaign.starts_at < date_trunc('day', now()) - interval '1 day'
     or create_ad_campaign.ends_at <= create_ad_campaign.starts_at
     or create_ad_campaign.ends_at <= now()
     or create_ad_campaign.ends_at > now() + interval '2 years' then
    perform private.ad_refuse('dates', 'The end date must come after the start date, within two years');
  end if;
  if create_ad_campaign.priority is null or create_ad_campaign.priority not between 1 and 9 then
    perform private.ad_refuse('priority', 'The priority must be between 1 and 9');
  end if;
  plan := private.company_plan(company);
  if create_ad_campaign.priority > 1 and not ('priority' = any (plan.listing_kinds)) then
    perform private.ad_refuse('priority_plan', 'Priority placements are part of the Entrepreneur and Pro plans', 'PT402');
  end if;
  if coalesce(create_ad_campaign.featured, false) and not ('featured' = any (plan.listing_kinds)) then
    perform private.ad_refuse('featured_plan', 'Featured placements are part of the Pro plan', 'PT402');
  end if;
  if create_ad_campaign.kind = 'sponsored' and (create_ad_campaign.sponsored_until is null
     or create_ad_campaign.sponsored_until <= greatest(now(), create_ad_campaign.starts_at)
     or create_ad_campaign.sponsored_until > create_ad_campaign.ends_at) then
    perform private.ad_refuse('sponsored_until', 'Sponsored until must fall between the start and the end date');
  end if;

  insert into public.ad_campaigns (user_id, company_id, listing_id, name, budget, click_rate, active, kind,
                                   starts_at, ends_at, priority, featured, sponsored_until)
  values ((select auth.uid()), company, create_ad_campaign.listing_id, btrim(create_ad_campaign.name), 0,
          create_ad_campaign.click_rate, false, create_ad_campaign.kind, create_ad_campaign.starts_at,
          create_ad_campaign.ends_at,
          case when create_ad_campaign.kind = 'sponsored' then create_ad_campaign.priority else 1 end,
          coalesce(create_ad_campaign.featured, false),
          case when create_ad_campaign.kind = 'sponsored' then create_ad_campaign.sponsored_until end)
  returning id into campaign;
  insert into public.ad_budget_topups (campaign_id, company_id, requested_by, amount)
  values (campaign, company, (select auth.uid()), create_ad_campaign.budget)
  returning id into topup;
  return jsonb_build_object('campaign_id', campaign, 'topup_id', topup);
end
$$;

-- The campaign, if the caller is a member of its company (else an error).
create or replace function private.my_ad_campaign(campaign uuid) returns public.ad_campaigns
language plpgsql security definer
set search_path = ''
as $$
declare
  c public.ad_campaigns;
begin
  select * into c from public.ad_campaigns where id = campaign for update;
  if not found or (select auth.uid()) is null or c.company_id is distinct from (select private.my_company_id()) then
    perform private.ad_refuse('not_found', 'Campaign not found', '42501');
  end if;
  return c;
end
$$;

-- A pending top-up for more budget; it counts once a verified payment credits it.
create or replace function public.raise_ad_budget(campaign_id uuid, amount numeric) returns uuid
language plpgsql security definer
set search_path = ''
as $$
declare
  c public.ad_campaigns := private.my_ad_campaign(raise_ad_budget.campaign_id);
  topup uuid;
begin
  if c.ended_at is not null or c.ends_at <= now() then
    perform private.ad_refuse('ended', 'The campaign has ended');
  end if;
  if raise_ad_budget.amount is null or raise_ad_budget.amount < 1 or raise_ad_budget.amount > 100000
     or raise_ad_budget.amount <> round(raise_ad_budget.amount, 2) then
    perform private.ad_refuse('budget', 'The budget must be between €1 and €100,000 and cover one click');
  end if;
  insert into public.ad_budget_topups (campaign_id, company_id, requested_by, amount)
  values (c.id, c.company_id, (select auth.uid()), raise_ad_budget.amount)
  returning id into topup;
  return topup;
end
$$;

-- pause, resume or end (ending is final).
create or replace function public.set_ad_campaign_state(campaign_id uuid, action text) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  c public.ad_campaigns := private.my_ad_campaign(set_ad_campaign_state.campaign_id);
begin
  if c.ended_at is not null then
    perform private.ad_refuse('ended', 'The campaign has ended');
  end if;
  if set_ad_campaign_state.action = 'pause' then
    update public.ad_campaigns set paused = true where id = c.id;
  elsif set_ad_campaign_state.action = 'resume' then
    update public.ad_campaigns set paused = false where id = c.id;
  elsif set_ad_campaign_state.action = 'end' then
    update public.ad_campaigns set ended_at = now(), active = false where id = c.id;
    update public.ad_budget_topups set status = 'canceled' where ad_budget_topups.campaign_id = c.id and status = 'pending';
  else
    perform private.ad_refuse('action', 'Unknown action');
  end if;
end
$$;

-- Called by the payment webhook (service role) for a verified payment event: credits the top-up once
-- (a repeated event changes nothing) and returns whether it did. amount_cents, when the event carries
-- it, must be the top-up's amount.
create or replace function public.credit_ad_topup(topup_id uuid, provider text, provider_ref text, amount_cents integer default null) returns boolean
language plpgsql security definer
set search_path = ''
as $$
declare
  t public.ad_budget_topups;
begin
  select * into t from public.ad_budget_topups where id = credit_ad_topup.topup_id for update;
  if not found or t.status <> 'pending' then
    return false;
  end if;
  if credit_ad_topup.amount_cents is not null and credit_ad_topup.amount_cents <> round(t.amount * 100) then
    raise exception 'Paid % cents for a top-up of % euros', credit_ad_topup.amount_cents, t.amount using errcode = '22023';
  end if;
  update public.ad_budget_topups
     set status = 'paid', paid_at = now(), provider = credit_ad_topup.provider, provider_ref = credit_ad_topup.provider_ref
   where id = t.id;
  update public.ad_campaigns c
     set budget = c.budget + t.amount,
         active = c.ended_at is null and c.ends_at > now(),
         budget_reached_at = null
   where c.id = t.campaign_id;
  return true;
end
$$;

-- A failed or abandoned payment.
create or replace function public.fail_ad_topup(topup_id uuid) returns boolean
language sql security definer
set search_path = ''
as $$
  update public.ad_budget_topups set status = 'failed' where id = fail_ad_topup.topup_id and status = 'pending'
  returning true
$$;

-- ---------------------------------------------------------------------------------------------
-- Reporting: per campaign and day, from the ledger (spend), the clicks, impressions and leads, for
-- the company's members and administrators.

create or replace function public.ad_campaign_report(since date default (current_date - 29), company uuid default null)
returns table (campaign_id uuid, day date, impressions bigint, clicks bigint, invalid_clicks bigint, spent numeric, leads bigint)
language plpgsql stable security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  target uuid := coalesce(ad_campaign_report.company, (select private.my_company_id()));
begin
  if target is null or not (target = (select private.my_company_id()) or (select private.is_admin()) or (select private.is_trusted())) then
    return;
  end if;
  return query
  with mine as (select c.id from public.ad_campaigns c where c.company_id = target),
  days as (
    select i.campaign_id, i.day, i.impressions, 0::bigint as clicks, 0::bigint as invalid, 0::numeric as spent, 0::bigint as leads
      from public.ad_impressions i where i.campaign_id in (select id from mine) and i.day >= since
    union all
    select k.campaign_id, k.created_at::date, 0, count(*) filter (where k.outcome = 'charged'),
           count(*) filter (where k.outcome in ('duplicate', 'own_company', 'rate_limited')), 0, 0
      from public.ad_clicks k where k.campaign_id in (select id from mine) and k.created_at >= since
     group by 1, 2
    union all
    select g.campaign_id, g.created_at::date, 0, 0, 0, sum(g.amount), 0
      from public.ad_ledger g where g.campaign_id in (select id from mine) and g.created_at >= since
     group by 1, 2
    union all
    select d.campaign_id, d.created_at::date, 0, 0, 0, 0, count(*)
      from public.ad_leads d where d.campaign_id in (select id from mine) and d.created_at >= since
     group by 1, 2
  )
  select d.campaign_id, d.day, sum(d.impressions)::bigint, sum(d.clicks)::bigint, sum(d.invalid)::bigint,
         sum(d.spent)::numeric, sum(d.leads)::bigint
    from days d
   group by d.campaign_id, d.day
   order by d.day, d.campaign_id;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Access. Campaign rows: the company's members and administrators read them; nobody writes them
-- through the API (the functions above do). The ledger, impressions, leads and top-ups: the same
-- readers. Individual clicks (who clicked, from where): administrators only.

drop policy "ad_campaigns: owner or admin reads" on public.ad_campaigns;
drop policy "ad_campaigns: vendor creates" on public.ad_campaigns;
drop policy "ad_campaigns: owner updates" on public.ad_campaigns;
drop policy "ad_campaigns: owner deletes" on public.ad_campaigns;
drop policy "sponsored_listings: owner or admin reads" on public.sponsored_listings;
drop policy "sponsored_listings: vendor creates" on public.sponsored_listings;
drop policy "sponsored_listings: owner updates" on public.sponsored_listings;
drop policy "sponsored_listings: owner deletes" on public.sponsored_listings;

create policy "ad_campaigns: company members or admin read" on public.ad_campaigns for select to authenticated
  using (company_id = (select private.my_company_id()) or (select private.is_admin()));
create policy "sponsored_listings: company members or admin read" on public.sponsored_listings for select to authenticated
  using ((select private.is_admin())
         or exists (select 1 from public.listings l where l.id = listing_id and l.vendor_id = (select private.my_company_id())));

revoke all on public.ad_campaigns, public.sponsored_listings from anon, authenticated;
grant select on public.ad_campaigns, public.sponsored_listings to authenticated;

alter table public.ad_clicks enable row level security;
alter table public.ad_ledger enable row level security;
alter table public.ad_impressions enable row level security;
alter table public.ad_leads enable row level security;
alter table public.ad_budget_topups enable row level security;

create policy "ad_clicks: admin reads" on public.ad_clicks for select to authenticated
  using ((select private.is_admin()));
create policy "ad_ledger: company members or admin read" on public.ad_ledger for select to authenticated
  using ((select private.is_admin()) or exists (select 1 from public.ad_campaigns c where c.id = campaign_id and c.company_id = (select private.my_company_id())));
create policy "ad_impressions: company members or admin read" on public.ad_impressions for select to authenticated
  using ((select private.is_admin()) or exists (select 1 from public.ad_campaigns c where c.id = campaign_id and c.company_id = (select private.my_company_id())));
create policy "ad_leads: company members or admin read" on public.ad_leads for select to authenticated
  using ((select private.is_admin()) or exists (select 1 from public.ad_campaigns c where c.id = campaign_id and c.company_id = (select private.my_company_id())));
create policy "ad_budget_topups: company members or admin read" on public.ad_budget_topups for select to authenticated
  using (company_id = (select private.my_company_id()) or (select private.is_admin()));

revoke all on public.ad_clicks, public.ad_ledger, public.ad_impressions, public.ad_leads, public.ad_budget_topups from public, anon, authenticated;
grant select on public.ad_clicks, public.ad_ledger, public.ad_impressions, public.ad_leads, public.ad_budget_topups to authenticated;
grant all on public.ad_clicks, public.ad_ledger, public.ad_impressions, public.ad_leads, public.ad_budget_topups to service_role;

revoke all on function public.record_ad_click(uuid, text) from public;
revoke all on function public.record_ad_impressions(uuid[], text) from public;
grant execute on function public.record_ad_click(uuid, text) to anon, authenticated, service_role;
grant execute on function public.record_ad_impressions(uuid[], text) to anon, authenticated, service_role;

revoke all on function public.claim_ad_clicks(text) from public, anon;
grant execute on function public.claim_ad_clicks(text) to authenticated, service_role;
revoke all on function public.create_ad_campaign(uuid, text, text, numeric, numeric, timestamptz, timestamptz, integer, timestamptz, boolean) from public, anon;
revoke all on function public.raise_ad_budget(uuid, numeric) from public, anon;
revoke all on function public.set_ad_campaign_state(uuid, text) from public, anon;
revoke all on function public.ad_campaign_report(date, uuid) from public, anon;
grant execute on function public.create_ad_campaign(uuid, text, text, numeric, numeric, timestamptz, timestamptz, integer, timestamptz, boolean) to authenticated, service_role;
grant execute on function public.raise_ad_budget(uuid, numeric) to authenticated, service_role;
grant execute on function public.set_ad_campaign_state(uuid, text) to authenticated, service_role;
grant execute on function public.ad_campaign_report(date, uuid) to authenticated, service_role;

revoke all on function public.credit_ad_topup(uuid, text, text, integer) from public, anon, authenticated;
revoke all on function public.fail_ad_topup(uuid) from public, anon, authenticated;
grant execute on function public.credit_ad_topup(uuid, text, text, integer) to service_role;
grant execute on function public.fail_ad_topup(uuid) to service_role;

revoke all on function private.ad_running(public.ad_campaigns) from public;
revoke all on function private.ad_campaign_for(uuid) from public;
revoke all on function private.sync_listing_sponsorship(uuid) from public;
revoke all on function private.refresh_ad_placements() from public;
revoke all on function private.ad_event(text, jsonb) from public;
revoke all on function private.ad_refuse(text, text, text) from public;
revoke all on function private.my_ad_campaign(uuid) from public;
grant execute on function private.ad_running(public.ad_campaigns) to anon, authenticated, service_role;
grant execute on function private.ad_refuse(text, text, text) to authenticated, service_role;
grant execute on function private.refresh_ad_placements() to service_role;

-- The local test provider's checkouts (billing migration) also take one-time payments: a top-up.
alter table public.test_payment_checkouts
  alter column plan drop not null,
  alter column billing_interval drop not null,
  add column ad_topup_id uuid references public.ad_budget_topups (id) on delete cascade,
  add constraint test_payment_checkouts_one_purpose check ((plan is null) <> (ad_topup_id is null)),
  add constraint test_payment_checkouts_interval check (plan is null or billing_interval is not null);
