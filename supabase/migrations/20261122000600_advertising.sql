-- Advertising (spec section 3): pay-per-click campaigns and sponsored listings. The spec kept these in
-- browser storage; here they are rows a vendor owns, and the counters only move server-side.

create table public.ad_campaigns (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  company_id uuid not null references public.companies (id) on delete cascade,
  -- The listing the campaign promotes, if any.
  listing_id uuid references public.listings (id) on delete set null,
  name text not null check (char_length(btrim(name)) between 1 and 120),
  budget numeric(10, 2) not null check (budget > 0),
  -- Cost of one click in euros.
  click_rate numeric(8, 2) not null check (click_rate > 0),
  clicks integer not null default 0 check (clicks >= 0),
  spent numeric(10, 2) not null default 0 check (spent >= 0),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index ad_campaigns_user_idx on public.ad_campaigns (user_id, created_at desc);
create index ad_campaigns_company_idx on public.ad_campaigns (company_id);

create table public.sponsored_listings (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  listing_id uuid not null references public.listings (id) on delete cascade,
  active boolean not null default true,
  sponsored_until timestamptz not null,
  -- Higher first in the catalogue's rotation.
  priority smallint not null default 1 check (priority between 1 and 10),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sponsored_listings_listing_idx on public.sponsored_listings (listing_id);
create index sponsored_listings_user_idx on public.sponsored_listings (user_id, created_at desc);

create trigger ad_campaigns_touch before update on public.ad_campaigns
  for each row execute function private.touch_updated_at();
create trigger sponsored_listings_touch before update on public.sponsored_listings
  for each row execute function private.touch_updated_at();

-- Campaigns and sponsorships are created by members of the company whose listing they promote.
create or replace function private.prepare_ad() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (select private.is_trusted()) then
    return new;
  end if;
  if tg_table_name = 'ad_campaigns' then
    if tg_op = 'INSERT' then
      new.company_id := (select private.my_company_id());
      new.clicks := 0;
      new.spent := 0;
      if new.company_id is null then
        raise exception 'Only company members can advertise' using errcode = '42501';
      end if;
    end if;
    if new.listing_id is not null
       and not exists (select 1 from public.listings l where l.id = new.listing_id and l.vendor_id = new.company_id) then
      raise exception 'A campaign can only promote its own company''s listings' using errcode = '42501';
    end if;
  elsif not exists (
    select 1 from public.listings l where l.id = new.listing_id and l.vendor_id = (select private.my_company_id())
  ) then
    raise exception 'Only the listing''s vendor can sponsor it' using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger ad_campaigns_prepare before insert or update on public.ad_campaigns
  for each row execute function private.prepare_ad();
create trigger sponsored_listings_prepare before insert or update on public.sponsored_listings
  for each row execute function private.prepare_ad();

-- listings.sponsored / sponsored_until / sponsor_priority follow the listing's active sponsorships.
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
    update public.listings l
       set sponsored = s.active_count > 0,
           sponsored_until = s.until,
           sponsor_priority = coalesce(s.priority, 0)
      from (select count(*) as active_count, max(sl.sponsored_until) as until, max(sl.priority) as priority
              from public.sponsored_listings sl
             where sl.listing_id = affected and sl.active and sl.sponsored_until > now()) s
     where l.id = affected;
  end loop;
  return null;
end
$$;

create trigger sponsored_listings_sync after insert or update or delete on public.sponsored_listings
  for each row execute function private.sync_sponsorship();

-- One paid click (spec section 4): adds click_rate to spent and 1 to clicks; the campaign stops once
-- spent reaches budget. Returns whether the click was counted. Callable by anyone who sees the ad,
-- rate limited per caller so a script cannot drain a budget.
create or replace function public.record_ad_click(campaign_id uuid) returns boolean
language plpgsql security definer
set search_path = ''
as $$
declare
  counted boolean;
begin
  if not private.within_rate_limit('ad-click:' || record_ad_click.campaign_id || ':' || private.caller_key(null), 5, 3600) then
    return false;
  end if;
  update public.ad_campaigns c
     set clicks = c.clicks + 1,
         spent = least(c.budget, c.spent + c.click_rate),
         active = c.spent + c.click_rate < c.budget
   where c.id = record_ad_click.campaign_id and c.active
  returning true into counted;
  return coalesce(counted, false);
end
$$;

revoke all on function public.record_ad_click(uuid) from public;
grant execute on function public.record_ad_click(uuid) to anon, authenticated, service_role;

alter table public.ad_campaigns enable row level security;
alter table public.sponsored_listings enable row level security;

create policy "ad_campaigns: owner or admin reads" on public.ad_campaigns for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));
create policy "ad_campaigns: vendor creates" on public.ad_campaigns for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "ad_campaigns: owner updates" on public.ad_campaigns for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "ad_campaigns: owner deletes" on public.ad_campaigns for delete to authenticated
  using (user_id = (select auth.uid()));

create policy "sponsored_listings: owner or admin reads" on public.sponsored_listings for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));
create policy "sponsored_listings: vendor creates" on public.sponsored_listings for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "sponsored_listings: owner updates" on public.sponsored_listings for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "sponsored_listings: owner deletes" on public.sponsored_listings for delete to authenticated
  using (user_id = (select auth.uid()));

-- Hosted projects may add default privileges; start from none and grant exactly what is needed.
revoke all on public.ad_campaigns, public.sponsored_listings from anon, authenticated;
grant select, insert, delete on public.ad_campaigns to authenticated;
-- clicks and spent only move through record_ad_click.
grant update (name, listing_id, budget, click_rate, active) on public.ad_campaigns to authenticated;
grant all on public.ad_campaigns to service_role;
grant select, insert, delete on public.sponsored_listings to authenticated;
grant update (active, sponsored_until, priority) on public.sponsored_listings to authenticated;
grant all on public.sponsored_listings to service_role;
