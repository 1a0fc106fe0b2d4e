-- Administrators' analytics (issue 17): aggregates over analytics_events and the product's tables.
--
-- Raw events never leave the database: the browser calls public.admin_analytics(start, end), which
-- refuses everyone but administrators and returns figures only. Complete days come from a daily
-- rollup (private.analytics_daily, refreshed by the backend's job scheduler through
-- private.refresh_analytics_rollup()); the days the rollup has not reached yet (today, normally)
-- are aggregated from the raw events on the fly, so a search made a minute ago is already counted.
-- Days are UTC days.

-- Each event says in which language and from which country it was sent, so the reports can group
-- visitors by both. Browsers do not send them: the trigger takes the language from Accept-Language
-- (the primary subtag) and the country from a geolocating proxy's header (cf-ipcountry,
-- x-vercel-ip-country or x-country-code), else the signed-in user's profile country.
create or replace function private.prepare_analytics_event() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  headers jsonb;
  wanted_language text;
  wanted_country text;
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
  begin
    headers := nullif(current_setting('request.headers', true), '')::jsonb;
  exception when others then
    headers := null;
  end;
  if not (new.params ? 'language') then
    wanted_language := lower(substring(coalesce(headers ->> 'accept-language', '') from '^\s*([A-Za-z]{2})(?![A-Za-z])'));
    if wanted_language is not null then
      new.params := new.params || jsonb_build_object('language', wanted_language);
    end if;
  end if;
  if not (new.params ? 'country') then
    wanted_country := upper(coalesce(headers ->> 'cf-ipcountry', headers ->> 'x-vercel-ip-country', headers ->> 'x-country-code'));
    if wanted_country is null or wanted_country !~ '^[A-Z]{2}$' then
      wanted_country := (select p.country from public.profiles p where p.id = new.user_id);
    end if;
    if wanted_country ~ '^[A-Z]{2}$' then
      new.params := new.params || jsonb_build_object('country', wanted_country);
    end if;
  end if;
  return new;
end
$$;

-- One row per UTC day, metric and key:
--   events/<event name>: events of that name       sessions/'': distinct sessions
--   visitors/'': distinct visitors (user, else session)
--   search/<term>: searches of a term (lower case)   search_zero/<term>: of them, with no result
--   view_item/<listing id>, contact_vendor/<listing id>: per listing
--   language/<code>, country/<code>: distinct visitors per language / country
create table private.analytics_daily (
  metric text not null,
  day date not null,
  key text not null,
  value bigint not null,
  primary key (metric, day, key)
);

-- rolled_until: the first day the rollup does not hold; later days are read from the raw events.
create table private.analytics_rollup_state (
  id boolean primary key default true check (id),
  rolled_until date not null,
  refreshed_at timestamptz
);
insert into private.analytics_rollup_state (rolled_until) values ('2000-01-01');

revoke all on private.analytics_daily, private.analytics_rollup_state from public, anon, authenticated;
grant all on private.analytics_daily, private.analytics_rollup_state to service_role;

-- Sign-ups, meetings and orders per period read these.
create index if not exists profiles_created_idx on public.profiles (created_at);
create index if not exists meetings_created_idx on public.meetings (created_at);
create index if not exists orders_created_idx on public.orders (created_at);

-- The rollup rows of the days from_day..to_day, computed from the raw events.
create or replace function private.analytics_rollup_compute(from_day date, to_day date)
returns table (metric text, day date, key text, value bigint)
language sql stable security definer
set search_path = ''
as $$
  with e as (
    select (a.occurred_at at time zone 'UTC')::date as day,
           a.name,
           a.params,
           a.session_id,
           coalesce(a.user_id::text, 's:' || a.session_id) as visitor
      from public.analytics_events a
     where from_day <= to_day
       and a.occurred_at >= (from_day::timestamp at time zone 'UTC')
       and a.occurred_at < ((to_day + 1)::timestamp at time zone 'UTC')
  ),
  searches as (
    select day, left(lower(btrim(params ->> 'search_term')), 100) as term, (params ->> 'results') = '0' as empty
      from e where name = 'search' and nullif(btrim(params ->> 'search_term'), '') is not null
  ),
  listings as (
    select day, name, params ->> 'listing_id' as listing
      from e
     where name in ('view_item', 'contact_vendor')
       and params ->> 'listing_id' ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  )
  select 'events', day, name, count(*) from e group by day, name
  union all
  select 'sessions', day, '', count(distinct session_id) from e where session_id is not null group by day
  union all
  select 'visitors', day, '', count(distinct visitor) from e where visitor is not null group by day
  union all
  select 'search', day, term, count(*) from searches group by day, term
  union all
  select 'search_zero', day, term, count(*) from searches where empty group by day, term
  union all
  select name, day, listing, count(*) from listings group by name, day, listing
  union all
  select 'language', day, coalesce(nullif(params ->> 'language', ''), 'unknown'), count(distinct visitor)
    from e where visitor is not null group by day, 3
  union all
  select 'country', day, coalesce(nullif(params ->> 'country', ''), 'unknown'), count(distinct visitor)
    from e where visitor is not null group by day, 3
$$;

-- Rebuilds the rollup for every complete day not rolled up yet, plus the two days before (events may
-- arrive up to a day late). Run by the backend's job scheduler; returns the number of days rebuilt.
create or replace function private.refresh_analytics_rollup() returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  today date := (now() at time zone 'UTC')::date;
  first_event date;
  from_day date;
begin
  select rolled_until into from_day from private.analytics_rollup_state for update;
  if from_day <= '2000-01-01' then
    select (min(occurred_at) at time zone 'UTC')::date into first_event from public.analytics_events;
    from_day := coalesce(first_event, today);
  else
    from_day := from_day - 2;
  end if;
  if from_day < today then
    delete from private.analytics_daily where day >= from_day and day < today;
    insert into private.analytics_daily (metric, day, key, value)
      select c.metric, c.day, c.key, c.value from private.analytics_rollup_compute(from_day, today - 1) c;
  end if;
  update private.analytics_rollup_state set rolled_until = today, refreshed_at = now();
  return greatest(today - from_day, 0);
end
$$;

-- The metric rows of from_day..to_day: rolled-up days from the rollup, the rest from the raw events.
create or replace function private.analytics_metrics(from_day date, to_day date)
returns table (metric text, day date, key text, value bigint)
language sql stable security definer
set search_path = ''
as $$
  with state as (select rolled_until from private.analytics_rollup_state)
  select r.metric, r.day, r.key, r.value
    from private.analytics_daily r, state
   where r.day >= from_day and r.day <= to_day and r.day < state.rolled_until
  union all
  select c.metric, c.day, c.key, c.value
    from state, private.analytics_rollup_compute(greatest(from_day, state.rolled_until), to_day) c
$$;

revoke all on function private.analytics_rollup_compute(date, date) from public;
revoke all on function private.refresh_analytics_rollup() from public;
revoke all on function private.analytics_metrics(date, date) from public;
grant execute on function private.refresh_analytics_rollup() to service_role;

-- Everything /admin/analytics shows for period_start..period_end (inclusive UTC days), with the same
-- figures for the previous period of equal length. Administrators only.
create or replace function public.admin_analytics(period_start date, period_end date)
returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  span integer := period_end - period_start + 1;
  prev_start date := period_start - (period_end - period_start + 1);
  prev_end date := period_start - 1;
  result jsonb;
begin
  if not (select private.is_admin()) and not (select private.is_trusted()) then
    raise exception 'Admin permissions required' using errcode = '42501';
  end if;
  if period_start is null or period_end is null or span < 1 or span > 732 then
    raise exception 'The period must run forward and cover at most two years' using errcode = '22023';
  end if;

  with m as materialized (
    select * from private.analytics_metrics(prev_start, period_end)
  ),
  periods as (
    select 'current' as which, period_start as s, period_end as e
    union all
    select 'previous', prev_start, prev_end
  ),
  -- One pass over the event metrics for both periods.
  event_totals as (
    select p.which,
           coalesce(sum(m.value) filter (where m.metric = 'visitors'), 0) as visitors,
           coalesce(sum(m.value) filter (where m.metric = 'sessions'), 0) as sessions,
           coalesce(sum(m.value) filter (where m.metric = 'events' and m.key = 'search'), 0) as searches,
           coalesce(sum(m.value) filter (where m.metric = 'events' and m.key = 'view_item'), 0) as listing_views,
           coalesce(sum(m.value) filter (where m.metric = 'events' and m.key = 'contact_vendor'), 0) as contacts
      from periods p
      left join m on m.day between p.s and p.e and m.metric in ('visitors', 'sessions', 'events')
     group by p.which
  ),
  totals as (
    select p.which, jsonb_build_object(
      'visitors', et.visitors,
      'sessions', et.sessions,
      'searches', et.searches,
      'listing_views', et.listing_views,
      'contacts', et.contacts,
      'signups_customer', (select count(*) from public.profiles where user_type = 'customer'
                             and created_at >= (p.s::timestamp at time zone 'UTC') and created_at < ((p.e + 1)::timestamp at time zone 'UTC')),
      'signups_vendor', (select count(*) from public.profiles where user_type = 'vendor'
                           and created_at >= (p.s::timestamp at time zone 'UTC') and created_at < ((p.e + 1)::timestamp at time zone 'UTC')),
      'customers_total', (select count(*) from public.profiles where user_type = 'customer'
                            and created_at < ((p.e + 1)::timestamp at time zone 'UTC')),
      'vendors_total', (select count(*) from public.profiles where user_type = 'vendor'
                          and created_at < ((p.e + 1)::timestamp at time zone 'UTC')),
      'meetings_requested', (select count(*) from public.meetings
                               where created_at >= (p.s::timestamp at time zone 'UTC') and created_at < ((p.e + 1)::timestamp at time zone 'UTC')),
      'meetings_confirmed', (select count(*) from public.meetings where status in ('confirmed', 'completed')
                               and created_at >= (p.s::timestamp at time zone 'UTC') and created_at < ((p.e + 1)::timestamp at time zone 'UTC')),
      'orders', (select count(*) from public.orders
                   where created_at >= (p.s::timestamp at time zone 'UTC') and created_at < ((p.e + 1)::timestamp at time zone 'UTC')),
      'order_value', (select coalesce(sum(amount), 0) from public.orders
                        where created_at >= (p.s::timestamp at time zone 'UTC') and created_at < ((p.e + 1)::timestamp at time zone 'UTC')),
      'ad_spend', (select coalesce(sum(spent), 0) from public.ad_campaigns
                     where created_at >= (p.s::timestamp at time zone 'UTC') and created_at < ((p.e + 1)::timestamp at time zone 'UTC'))
    ) as figures
    from periods p join event_totals et on et.which = p.which
  ),
  days as (
    select d::date as day from generate_series(period_start, period_end, interval '1 day') d
  ),
  daily_events as (
    select m.day,
           sum(m.value) filter (where m.metric = 'visitors') as visitors,
           sum(m.value) filter (where m.metric = 'sessions') as sessions,
           sum(m.value) filter (where m.metric = 'events' and m.key = 'contact_vendor') as contacts
      from m
     where m.day between period_start and period_end and m.metric in ('visitors', 'sessions', 'events')
     group by m.day
  ),
  daily_signups as (
    select (created_at at time zone 'UTC')::date as day, count(*) as signups
      from public.profiles
     where created_at >= (period_start::timestamp at time zone 'UTC') and created_at < ((period_end + 1)::timestamp at time zone 'UTC')
     group by 1
  ),
  daily as (
    select coalesce(jsonb_agg(jsonb_build_object(
      'day', days.day,
      'visitors', coalesce(de.visitors, 0),
      'sessions', coalesce(de.sessions, 0),
      'contacts', coalesce(de.contacts, 0),
      'signups', coalesce(ds.signups, 0)
    ) order by days.day), '[]'::jsonb) as rows
    from days
    left join daily_events de on de.day = days.day
    left join daily_signups ds on ds.day = days.day
  ),
  top_searches as (
    select coalesce(jsonb_agg(jsonb_build_object('term', term, 'searches', searches, 'zero_results', zero_results)
                              order by searches desc, term), '[]'::jsonb) as rows
    from (
      select key as term,
             coalesce(sum(value) filter (where metric = 'search'), 0) as searches,
             coalesce(sum(value) filter (where metric = 'search_zero'), 0) as zero_results
        from m where metric in ('search', 'search_zero') and day between period_start and period_end
       group by key order by 2 desc, 1 limit 20
    ) t
  ),
  per_listing as (
    select key::uuid as listing_id,
           sum(value) filter (where metric = 'view_item') as views,
           sum(value) filter (where metric = 'contact_vendor') as contacts
      from m where metric in ('view_item', 'contact_vendor') and day between period_start and period_end
     group by key
  ),
  top_listings as (
    select coalesce(jsonb_agg(jsonb_build_object('id', l.id, 'title', l.title, 'vendor', c.name, 'kind', l.listing_type,
                                                 'views', coalesce(pl.views, 0), 'contacts', coalesce(pl.contacts, 0))
                              order by coalesce(pl.views, 0) desc, coalesce(pl.contacts, 0) desc, l.title), '[]'::jsonb) as rows
    from (select * from per_listing order by coalesce(views, 0) desc, coalesce(contacts, 0) desc limit 20) pl
    join public.listings l on l.id = pl.listing_id
    join public.companies c on c.id = l.vendor_id
  ),
  top_vendors as (
    select coalesce(jsonb_agg(jsonb_build_object('id', v.id, 'name', v.name, 'views', v.views, 'contacts', v.contacts)
                              order by v.views desc, v.contacts desc, v.name), '[]'::jsonb) as rows
    from (
      select c.id, c.name, coalesce(sum(pl.views), 0) as views, coalesce(sum(pl.contacts), 0) as contacts
        from per_listing pl
        join public.listings l on l.id = pl.listing_id
        join public.companies c on c.id = l.vendor_id
       group by c.id, c.name
       order by 3 desc, 4 desc, 2 limit 20
    ) v
  ),
  audience as (
    select metric, coalesce(jsonb_agg(jsonb_build_object('key', key, 'visitors', visitors) order by visitors desc, key), '[]'::jsonb) as rows
    from (
      select metric, key, sum(value) as visitors from m
       where metric in ('language', 'country') and day between period_start and period_end
       group by metric, key
    ) a
    group by metric
  ),
  funnel as (
    select jsonb_build_object(
      'view_item', (select listing_views from event_totals where which = 'current'),
      'contact_vendor', (select contacts from event_totals where which = 'current'),
      'meeting', (select count(*) from public.meetings
                   where created_at >= (period_start::timestamp at time zone 'UTC') and created_at < ((period_end + 1)::timestamp at time zone 'UTC')),
      'order', (select count(*) from public.orders
                 where created_at >= (period_start::timestamp at time zone 'UTC') and created_at < ((period_end + 1)::timestamp at time zone 'UTC'))
    ) as stages
  ),
  active_subscriptions as (
    select coalesce(jsonb_agg(jsonb_build_object('plan', t.plan, 'name', t.name, 'count', t.n, 'mrr', t.mrr) order by t.sort_order), '[]'::jsonb) as rows
    from (
      select pl.id as plan, pl.name, pl.sort_order, count(s.id) as n, coalesce(sum(pl.price_eur) filter (where s.id is not null), 0) as mrr
        from public.plans pl
        left join public.subscriptions s
          on s.plan = pl.id and s.status = 'Active' and (s.renewal_date is null or s.renewal_date > now())
       where pl.price_eur is not null
       group by pl.id, pl.name, pl.sort_order
    ) t
  ),
  -- Subscriptions by tier over time: the subscriptions running at the end of each week of the period
  -- (each day for periods up to 31 days).
  tier_points as (
    select d::date as day
      from generate_series(period_end, period_start, case when span <= 31 then interval '-1 day' else interval '-7 days' end) d
  ),
  tier_series as (
    select coalesce(jsonb_agg(jsonb_build_object('day', tp.day, 'plans', (
      select coalesce(jsonb_object_agg(x.plan, x.n), '{}'::jsonb) from (
        select s.plan, count(*) as n from public.subscriptions s
         where s.status in ('Active', 'Trialing', 'PastDue', 'Cancelled', 'Expired')
           and s.created_at < ((tp.day + 1)::timestamp at time zone 'UTC')
           and (s.renewal_date is null or s.renewal_date >= (tp.day::timestamp at time zone 'UTC'))
           and not (s.status in ('Cancelled', 'Expired') and s.updated_at < ((tp.day + 1)::timestamp at time zone 'UTC'))
         group by s.plan
      ) x)) order by tp.day), '[]'::jsonb) as rows
    from tier_points tp
  )
  select jsonb_build_object(
    'period', jsonb_build_object('start', period_start, 'end', period_end),
    'previous_period', jsonb_build_object('start', prev_start, 'end', prev_end),
    'current', (select figures from totals where which = 'current'),
    'previous', (select figures from totals where which = 'previous'),
    'published_listings', (select coalesce(jsonb_object_agg(listing_type, n), '{}'::jsonb) from (
        select listing_type, count(*) as n from public.listings where status = 'published' group by listing_type) k),
    'subscriptions', (select rows from active_subscriptions),
    'subscriptions_series', (select rows from tier_series),
    'daily', (select rows from daily),
    'funnel', (select stages from funnel),
    'top_searches', (select rows from top_searches),
    'top_listings', (select rows from top_listings),
    'top_vendors', (select rows from top_vendors),
    'languages', coalesce((select rows from audience where metric = 'language'), '[]'::jsonb),
    'countries', coalesce((select rows from audience where metric = 'country'), '[]'::jsonb),
    'rolled_until', (select rolled_until from private.analytics_rollup_state)
  ) into result;
  return result;
end
$$;

revoke all on function public.admin_analytics(date, date) from public, anon;
grant execute on function public.admin_analytics(date, date) to authenticated, service_role;
