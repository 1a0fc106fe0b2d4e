-- Billing (issue 15): subscriptions change only from verified payment-provider events, each payment
-- gives an invoice, and a company over its plan's listing limit has its newest listings unpublished
-- (never deleted) until the plan allows them again. Also issue 13 item 13: sponsorships and campaigns
-- need a paid budget, so until advertising payments exist only the service role creates or extends them.
--
-- The flow: the `billing` function starts a checkout with the configured provider (Stripe, or the
-- local test provider); the provider signs events; `payments-webhook` verifies them with the official
-- stripe package and calls public.apply_billing_event with the service role, which records the event id
-- (idempotency) and changes the subscription in the same transaction.

-- ---------------------------------------------------------------------------------------------
-- Subscriptions: what the provider told us.

alter table public.subscriptions
  add column provider text check (provider is null or provider in ('test', 'stripe')),
  add column customer_ref text check (customer_ref is null or char_length(customer_ref) <= 200),
  add column billing_interval text not null default 'month' check (billing_interval in ('month', 'year')),
  add column current_period_start timestamptz,
  -- Cancelled by the vendor: runs to renewal_date, then ends.
  add column cancel_at_period_end boolean not null default false,
  -- A downgrade waits for the end of the paid period; the renewal invoice applies it.
  add column pending_plan text references public.plans (id),
  -- A failed renewal keeps the plan for 7 days (renewal_date is moved to this moment); a payment clears it.
  add column grace_until timestamptz;

create unique index subscriptions_provider_ref_key on public.subscriptions (provider, external_ref)
  where external_ref is not null;

-- Listings taken offline because the company's plan no longer allows them (never deleted); upgrading
-- publishes them again, oldest first.
alter table public.listings add column plan_unpublished_at timestamptz;
create index listings_plan_unpublished_idx on public.listings (vendor_id, published_at) where plan_unpublished_at is not null;

-- Every provider event id once: a replayed or re-delivered event changes nothing.
create table private.payment_events (
  provider text not null check (provider in ('test', 'stripe')),
  event_id text not null check (char_length(event_id) between 1 and 255),
  event_type text not null,
  outcome text not null,
  received_at timestamptz not null default now(),
  primary key (provider, event_id)
);
alter table private.payment_events enable row level security;

-- ---------------------------------------------------------------------------------------------
-- Invoices: one per successful payment, readable by the payer and the members of the payer's company.

create sequence private.invoice_number_seq;

create table public.invoices (
  id uuid primary key default gen_random_uuid(),
  -- MOD-<year>-<six digits>, gapless per database and never reused.
  number text not null unique,
  user_id uuid not null references public.profiles (id) on delete cascade,
  company_id uuid references public.companies (id) on delete set null,
  subscription_id uuid references public.subscriptions (id) on delete set null,
  plan text not null references public.plans (id),
  billing_interval text not null check (billing_interval in ('month', 'year')),
  description text not null default '' check (char_length(description) <= 300),
  period_start timestamptz not null,
  period_end timestamptz not null check (period_end >= period_start),
  currency text not null default 'EUR' check (currency ~ '^[A-Z]{3}$'),
  amount_net_cents integer not null check (amount_net_cents >= 0),
  vat_rate numeric(5, 2) not null check (vat_rate >= 0 and vat_rate < 100),
  vat_cents integer not null check (vat_cents >= 0),
  amount_total_cents integer not null check (amount_total_cents = amount_net_cents + vat_cents),
  provider text not null check (provider in ('test', 'stripe')),
  provider_ref text not null,
  issued_at timestamptz not null default now(),
  unique (provider, provider_ref)
);
create index invoices_user_idx on public.invoices (user_id, issued_at desc);
create index invoices_company_idx on public.invoices (company_id, issued_at desc);

alter table public.invoices enable row level security;
create policy "invoices: payer, company members and admins read" on public.invoices for select to authenticated
  using (
    user_id = (select auth.uid())
    or (company_id is not null and company_id = (select private.my_company_id()))
    or (select private.is_admin())
  );
revoke all on public.invoices from anon, authenticated;
grant select on public.invoices to authenticated;
grant all on public.invoices to service_role;

-- ---------------------------------------------------------------------------------------------
-- The local test provider's own records (what Stripe keeps on its side): checkouts and the card on
-- file. Only the service role (the payments-test function) reads or writes them.

create table public.test_payment_checkouts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  plan text not null references public.plans (id) check (plan <> 'free'),
  billing_interval text not null check (billing_interval in ('month', 'year')),
  amount_total_cents integer not null check (amount_total_cents > 0),
  status text not null default 'open' check (status in ('open', 'complete', 'expired')),
  success_path text not null default '/dashboard',
  cancel_path text not null default '/pricing',
  subscription_ref text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '1 hour'
);

create table public.test_payment_subscriptions (
  id text primary key default ('sub_test_' || replace(gen_random_uuid()::text, '-', '')),
  user_id uuid not null references public.profiles (id) on delete cascade,
  customer_ref text not null,
  plan text not null references public.plans (id),
  billing_interval text not null check (billing_interval in ('month', 'year')),
  status text not null default 'active' check (status in ('active', 'past_due', 'canceled')),
  card_last4 text not null check (card_last4 ~ '^[0-9]{4}$'),
  -- What charging this card does later: the test cards of Stripe's documentation.
  card_behaviour text not null default 'succeeds' check (card_behaviour in ('succeeds', 'fails_later')),
  current_period_start timestamptz not null,
  current_period_end timestamptz not null,
  cancel_at_period_end boolean not null default false,
  created_at timestamptz not null default now()
);

alter table public.test_payment_checkouts enable row level security;
alter table public.test_payment_subscriptions enable row level security;
revoke all on public.test_payment_checkouts, public.test_payment_subscriptions from anon, authenticated;
grant all on public.test_payment_checkouts, public.test_payment_subscriptions to service_role;

-- ---------------------------------------------------------------------------------------------
-- The listing limit after a plan change.

create table private.billing_notices (
  id bigint generated always as identity primary key,
  company_id uuid not null references public.companies (id) on delete cascade,
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null check (kind in ('unpublished', 'republished')),
  plan text not null references public.plans (id),
  listing_ids uuid[] not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index billing_notices_unsent_idx on private.billing_notices (id) where sent_at is null;
alter table private.billing_notices enable row level security;

/**
 * Brings a company's published listings within its plan: the newest beyond the limit are unpublished
 * (status draft, marked plan_unpublished_at); when the plan allows more, the listings this function took
 * offline are published again, oldest first. The company's members are told by email (billing_notices).
 * Returns the number of listings changed.
 */
create or replace function private.enforce_listing_limit(company uuid) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  plan public.plans;
  published integer;
  changed uuid[];
  kind text;
begin
  perform pg_advisory_xact_lock(hashtextextended('modula:listing-quota:' || company::text, 0));
  plan := private.company_plan(company);
  select count(*) into published from public.listings where vendor_id = company and status = 'published';

  if plan.max_listings >= 0 and published > plan.max_listings then
    with over as (
      select id from public.listings
       where vendor_id = company and status = 'published'
       order by published_at desc nulls last, created_at desc, id desc
       limit published - plan.max_listings
    ), done as (
      update public.listings l set status = 'draft', plan_unpublished_at = now()
        from over where l.id = over.id
      returning l.id
    )
    select array_agg(id) into changed from done;
    kind := 'unpublished';
  elsif plan.max_listings = -1 or published < plan.max_listings then
    with back as (
      select id from public.listings
       where vendor_id = company and plan_unpublished_at is not null and status = 'draft'
       order by published_at asc nulls last, created_at asc, id asc
       limit case when plan.max_listings = -1 then null else plan.max_listings - published end
    ), done as (
      update public.listings l set status = 'published', plan_unpublished_at = null
        from back where l.id = back.id
      returning l.id
    )
    select array_agg(id) into changed from done;
    kind := 'republished';
  end if;

  if coalesce(cardinality(changed), 0) = 0 then
    return 0;
  end if;
  insert into private.billing_notices (company_id, recipient_id, kind, plan, listing_ids)
  select company, m.user_id, kind, plan.id, changed from public.company_members m where m.company_id = company;
  return cardinality(changed);
end
$$;

/** The same for the company of a user whose subscription changed. */
create or replace function private.enforce_listing_limit_for(member uuid) returns integer
language sql security definer
set search_path = ''
as $$
  select coalesce(sum(private.enforce_listing_limit(m.company_id)), 0)::integer
    from public.company_members m where m.user_id = member
$$;

-- ---------------------------------------------------------------------------------------------
-- Applying a verified provider event. `event` is the provider-neutral form the webhook function
-- derives from the provider's event (supabase/functions/_shared/payments/events.ts):
--   { "type": "subscription_changed" | "payment_succeeded" | "payment_failed" | "subscription_ended",
--     "user_id", "subscription_ref", "customer_ref", "plan", "interval", "status",
--     "period_start", "period_end", "cancel_at_period_end",
--     "invoice_ref", "amount_total_cents", "vat_rate", "vat_cents", "description" }

create or replace function public.apply_billing_event(provider text, event_id text, event_type text, event jsonb)
returns text
language plpgsql security definer
set search_path = ''
as $$
declare
  kind text := event ->> 'type';
  ref text := event ->> 'subscription_ref';
  member uuid := nullif(event ->> 'user_id', '')::uuid;
  new_plan text := event ->> 'plan';
  period_end timestamptz := (event ->> 'period_end')::timestamptz;
  period_start timestamptz := (event ->> 'period_start')::timestamptz;
  s public.subscriptions;
  rank_old smallint;
  rank_new smallint;
  result text := 'applied';
  inserted integer;
begin
  if not (select private.is_trusted()) then
    raise exception 'Only the payment webhook applies billing events' using errcode = '42501';
  end if;
  insert into private.payment_events (provider, event_id, event_type, outcome)
  values (apply_billing_event.provider, apply_billing_event.event_id, apply_billing_event.event_type, 'pending')
  on conflict do nothing;
  get diagnostics inserted = row_count;
  if inserted = 0 then
    return 'duplicate';
  end if;

  if kind is null or kind = 'ignored' or ref is null then
    update private.payment_events e set outcome = 'ignored'
     where e.provider = apply_billing_event.provider and e.event_id = apply_billing_event.event_id;
    return 'ignored';
  end if;
  if new_plan is not null and not exists (select 1 from public.plans where id = new_plan) then
    raise exception 'Unknown plan in billing event: %', new_plan using errcode = '22023';
  end if;

  select * into s from public.subscriptions x
   where x.provider = apply_billing_event.provider and x.external_ref = ref
   for update;

  if not found then
    if kind in ('payment_succeeded', 'subscription_changed') and member is not null and new_plan is not null
       and (kind = 'payment_succeeded' or event ->> 'status' in ('active', 'trialing')) then
      -- A new subscription ends any other running one of the user (a new checkout replaces the old plan).
      update public.subscriptions x set status = 'Cancelled', renewal_date = least(x.renewal_date, now())
       where x.user_id = member and x.status = 'Active';
      insert into public.subscriptions
        (user_id, plan, status, renewal_date, external_ref, provider, customer_ref, billing_interval,
         current_period_start, cancel_at_period_end)
      values
        (member, new_plan, 'Active', period_end, ref, apply_billing_event.provider, event ->> 'customer_ref',
         coalesce(event ->> 'interval', 'month'), period_start, coalesce((event ->> 'cancel_at_period_end')::boolean, false))
      returning * into s;
    else
      update private.payment_events e set outcome = 'unknown subscription'
       where e.provider = apply_billing_event.provider and e.event_id = apply_billing_event.event_id;
      return 'ignored';
    end if;
  end if;

  select sort_order into rank_old from public.plans where id = s.plan;
  select sort_order into rank_new from public.plans where id = coalesce(new_plan, s.plan);

  if kind = 'subscription_changed' then
    if event ->> 'status' in ('canceled', 'unpaid', 'incomplete_expired') then
      kind := 'subscription_ended';
    else
      update public.subscriptions x set
        -- Upgrades apply at once; a downgrade waits for the end of the paid period.
        plan = case when rank_new > rank_old then new_plan else x.plan end,
        pending_plan = case when rank_new < rank_old then new_plan else null end,
        cancel_at_period_end = coalesce((event ->> 'cancel_at_period_end')::boolean, x.cancel_at_period_end),
        billing_interval = coalesce(event ->> 'interval', x.billing_interval),
        customer_ref = coalesce(event ->> 'customer_ref', x.customer_ref)
        -- renewal_date is the paid-through date: only payments move it (a provider rolls its period
        -- over before the renewal is paid).
       where x.id = s.id;
    end if;
  end if;

  if kind = 'payment_succeeded' then
    update public.subscriptions x set
      plan = coalesce(new_plan, x.plan),
      pending_plan = case when x.pending_plan is not distinct from new_plan then null else x.pending_plan end,
      status = 'Active',
      -- Paid through the invoice's period; after a failed renewal the grace moved renewal_date, and the
      -- payment puts the real period end back.
      renewal_date = case when period_end is null then x.renewal_date
                          when x.grace_until is not null then period_end
                          else greatest(x.renewal_date, period_end) end,
      current_period_start = coalesce(period_start, x.current_period_start),
      billing_interval = coalesce(event ->> 'interval', x.billing_interval),
      grace_until = null
     where x.id = s.id;
    insert into public.invoices
      (number, user_id, company_id, subscription_id, plan, billing_interval, description, period_start, period_end,
       amount_net_cents, vat_rate, vat_cents, amount_total_cents, provider, provider_ref)
    select
      'MOD-' || to_char(now(), 'YYYY') || '-' || lpad(nextval('private.invoice_number_seq')::text, 6, '0'),
      s.user_id, (select m.company_id from public.company_members m where m.user_id = s.user_id), s.id,
      coalesce(new_plan, s.plan), coalesce(event ->> 'interval', s.billing_interval),
      coalesce(event ->> 'description', ''),
      coalesce(period_start, now()), coalesce(period_end, now()),
      (event ->> 'amount_total_cents')::integer - (event ->> 'vat_cents')::integer,
      (event ->> 'vat_rate')::numeric, (event ->> 'vat_cents')::integer, (event ->> 'amount_total_cents')::integer,
      apply_billing_event.provider, event ->> 'invoice_ref'
    where event ->> 'invoice_ref' is not null
    on conflict on constraint invoices_provider_provider_ref_key do nothing;
  elsif kind = 'payment_failed' then
    -- The plan stays for 7 days after the first failure (or to the end of what was paid, if later).
    update public.subscriptions x set
      grace_until = coalesce(x.grace_until, now() + interval '7 days'),
      renewal_date = greatest(x.renewal_date, coalesce(x.grace_until, now() + interval '7 days'))
     where x.id = s.id;
  elsif kind = 'subscription_ended' then
    update public.subscriptions x set status = 'Cancelled', renewal_date = least(coalesce(x.renewal_date, now()), now()),
      cancel_at_period_end = false, pending_plan = null, grace_until = null
     where x.id = s.id;
  end if;

  perform private.enforce_listing_limit_for(s.user_id);
  update private.payment_events e set outcome = result
   where e.provider = apply_billing_event.provider and e.event_id = apply_billing_event.event_id;
  return result;
end
$$;

/**
 * Ends what has run out: subscriptions past their renewal date (a cancellation at period end, a grace
 * period without payment, a provider that stopped renewing for a day), then brings their companies
 * within the free plan. Run by the backend's billing job every minute. Returns the number ended.
 */
create or replace function public.expire_subscriptions() returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  ended uuid[];
begin
  with gone as (
    update public.subscriptions x set status = case when x.grace_until is not null then 'Expired'::public.subscription_status
                                                    else 'Cancelled'::public.subscription_status end
     where x.status = 'Active' and x.renewal_date is not null and x.renewal_date <= now()
       -- A provider's renewal is paid a little after the period end (Stripe finalises the invoice
       -- about an hour later): without news for a day, the plan ends. A grace period or a
       -- cancellation ends exactly; rows without a provider too.
       and (x.provider is null or x.grace_until is not null or x.cancel_at_period_end
            or x.renewal_date <= now() - interval '1 day')
    returning x.user_id
  )
  select array_agg(user_id) into ended from gone;
  perform private.enforce_listing_limit_for(u) from unnest(coalesce(ended, '{}')) u;
  return coalesce(cardinality(ended), 0);
end
$$;

revoke all on function private.enforce_listing_limit(uuid) from public;
revoke all on function private.enforce_listing_limit_for(uuid) from public;
revoke all on function public.apply_billing_event(text, text, text, jsonb) from public, anon, authenticated;
revoke all on function public.expire_subscriptions() from public, anon, authenticated;
grant execute on function public.apply_billing_event(text, text, text, jsonb) to service_role;
grant execute on function public.expire_subscriptions() to service_role;

-- ---------------------------------------------------------------------------------------------
-- Issue 13, item 13: a sponsored placement or a campaign needs a paid budget. Advertising payments are
-- not built yet, so API roles can neither create them nor extend them (later end, higher priority,
-- more budget, reactivation); they can still rename or pause what they have. The service role can.

revoke insert on public.ad_campaigns, public.sponsored_listings from authenticated;
revoke update on public.ad_campaigns, public.sponsored_listings from authenticated;
grant update (name, active) on public.ad_campaigns to authenticated;
grant update (active) on public.sponsored_listings to authenticated;

create or replace function private.refuse_unpaid_reactivation() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.active and not old.active and not (select private.is_trusted()) then
    raise exception 'Advertising needs a paid budget: a paused placement or campaign cannot be restarted yet'
      using errcode = '42501';
  end if;
  return new;
end
$$;
revoke all on function private.refuse_unpaid_reactivation() from public;

create trigger ad_campaigns_paid_budget before update of active on public.ad_campaigns
  for each row execute function private.refuse_unpaid_reactivation();
create trigger sponsored_listings_paid_budget before update of active on public.sponsored_listings
  for each row execute function private.refuse_unpaid_reactivation();
