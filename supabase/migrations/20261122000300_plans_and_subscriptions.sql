-- Subscription tiers (spec section 6) and the subscriptions that grant them. The tier decides how many
-- listings a vendor's company may hold; the limit itself is enforced on listings (next migration).

-- Level orders of spec section 6: analytics none < basic < advanced < comprehensive; customization
-- none < basic < feature < full; support none < standard < enhanced < premium. Profile levels and
-- consultation follow the tier table the same way.
create table public.plan_levels (
  dimension text not null check (dimension in ('analytics', 'customization', 'support', 'profile', 'consultation')),
  level text not null,
  level_order smallint not null check (level_order >= 0),
  primary key (dimension, level),
  unique (dimension, level_order)
);

insert into public.plan_levels (dimension, level, level_order) values
  ('analytics', 'none', 0), ('analytics', 'basic', 1), ('analytics', 'advanced', 2), ('analytics', 'comprehensive', 3),
  ('customization', 'none', 0), ('customization', 'basic', 1), ('customization', 'feature', 2), ('customization', 'full', 3),
  ('support', 'none', 0), ('support', 'standard', 1), ('support', 'enhanced', 2), ('support', 'premium', 3),
  ('profile', 'none', 0), ('profile', 'basic', 1), ('profile', 'enhanced', 2), ('profile', 'premium', 3),
  ('consultation', 'none', 0), ('consultation', 'vendor', 1), ('consultation', 'monthly', 2);

create table public.plans (
  id text primary key check (id ~ '^[a-z][a-z0-9_]{1,31}$'),
  name text not null,
  -- Monthly price in euros; null for the free tier ("none").
  price_eur numeric(10, 2) check (price_eur is null or price_eur > 0),
  -- -1 means unlimited.
  max_listings integer not null check (max_listings >= -1),
  -- Feature keys the pricing page translates, in display order.
  features text[] not null default '{}',
  -- Which listing kinds the tier may publish: standard, priority, featured.
  listing_kinds text[] not null default '{}' check (listing_kinds <@ array['standard', 'priority', 'featured']),
  -- Levels of the plan_levels dimensions; compare tiers through plan_levels.level_order.
  profile_level text not null default 'none' check (profile_level in ('none', 'basic', 'enhanced', 'premium')),
  analytics_level text not null default 'none' check (analytics_level in ('none', 'basic', 'advanced', 'comprehensive')),
  customization_level text not null default 'none' check (customization_level in ('none', 'basic', 'feature', 'full')),
  support_level text not null default 'none' check (support_level in ('none', 'standard', 'enhanced', 'premium')),
  consultation text not null default 'none' check (consultation in ('none', 'vendor', 'monthly')),
  account_manager boolean not null default false,
  community_access boolean not null default false,
  -- Tier order: free 0 < starter 1 < entrepreneur 2 < pro 3.
  sort_order smallint not null unique
);

insert into public.plans
  (id, name, price_eur, max_listings, features, listing_kinds, profile_level, analytics_level,
   customization_level, support_level, consultation, account_manager, community_access, sort_order)
values
  ('free', 'Free', null, 0, '{}', '{}', 'none', 'none', 'none', 'none', 'none', false, false, 0),
  ('starter', 'Starter', 50, 1,
   array['basic_profile', 'standard_listings', 'basic_analytics', 'standard_support', 'community_access'],
   array['standard'], 'basic', 'basic', 'none', 'standard', 'none', false, true, 1),
  ('entrepreneur', 'Entrepreneur', 200, 5,
   array['enhanced_profile', 'standard_and_priority_listings', 'advanced_analytics', 'feature_customization',
         'enhanced_support', 'vendor_consultation', 'community_access'],
   array['standard', 'priority'], 'enhanced', 'advanced', 'feature', 'enhanced', 'vendor', false, true, 2),
  ('pro', 'Pro', 500, -1,
   array['premium_profile', 'standard_priority_featured_listings', 'comprehensive_analytics', 'full_customization',
         'premium_support', 'monthly_consultation', 'account_manager', 'community_access'],
   array['standard', 'priority', 'featured'], 'premium', 'comprehensive', 'full', 'premium', 'monthly', true, true, 3);

create table public.subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  plan text not null references public.plans (id),
  status public.subscription_status not null default 'Active',
  -- When the current period ends (check-subscription's subscription_end).
  renewal_date timestamptz,
  -- The payment provider's reference, when there is one.
  external_ref text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index subscriptions_user_latest_idx on public.subscriptions (user_id, updated_at desc);

create trigger subscriptions_touch before update on public.subscriptions
  for each row execute function private.touch_updated_at();

-- The tier a user has now: the latest Active subscription whose period has not ended, else free.
create or replace function public.current_plan(for_user uuid default auth.uid()) returns text
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    (select s.plan
       from public.subscriptions s
      where s.user_id = for_user
        and s.status = 'Active'
        and (s.renewal_date is null or s.renewal_date > now())
        and (for_user = (select auth.uid()) or (select private.is_trusted()) or (select private.is_admin()))
      order by s.updated_at desc
      limit 1),
    'free'
  )
$$;

-- A company's tier is the best tier among its members: any of them may pay for the company.
create or replace function private.company_plan(company uuid) returns public.plans
language sql stable security definer
set search_path = ''
as $$
  select p.*
    from public.plans p
   where p.id = coalesce(
     (select s.plan
        from public.company_members m
        join public.subscriptions s on s.user_id = m.user_id
        join public.plans sp on sp.id = s.plan
       where m.company_id = company
         and s.status = 'Active'
         and (s.renewal_date is null or s.renewal_date > now())
       order by sp.sort_order desc
       limit 1),
     'free')
$$;

revoke all on function public.current_plan(uuid) from public, anon;
grant execute on function public.current_plan(uuid) to authenticated, service_role;
revoke all on function private.company_plan(uuid) from public;
grant execute on function private.company_plan(uuid) to service_role;

alter table public.plan_levels enable row level security;
alter table public.plans enable row level security;
alter table public.subscriptions enable row level security;

create policy "plan_levels: public" on public.plan_levels for select to anon, authenticated using (true);
create policy "plans: public" on public.plans for select to anon, authenticated using (true);
-- Owners read their own; administrators read all; nobody but the service role (which bypasses RLS)
-- writes, so there are no write policies and no write grants for API roles.
create policy "subscriptions: own" on public.subscriptions for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- Hosted projects may add default privileges; start from none and grant exactly what is needed.
revoke all on public.plan_levels, public.plans, public.subscriptions from anon, authenticated;
grant select on public.plan_levels, public.plans to anon, authenticated;
grant all on public.plan_levels, public.plans to service_role;
grant select on public.subscriptions to authenticated;
grant all on public.subscriptions to service_role;
