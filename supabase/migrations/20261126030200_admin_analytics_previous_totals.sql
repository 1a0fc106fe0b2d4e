-- /admin/analytics on a year of events (bench:admin-analytics): the previous period is read for its
-- totals only (visitors, sessions, event counts), through a metric filter that the rollup's primary key
-- (metric, day, key) serves, instead of every search term and listing of that period as well.

create or replace function private.analytics_metrics(from_day date, to_day date, metrics text[])
returns table (metric text, day date, key text, value bigint)
language sql stable security definer
set search_path = ''
as $$
  with state as (select rolled_until from private.analytics_rollup_state)
  select r.metric, r.day, r.key, r.value
    from private.analytics_daily r, state
   where r.metric = any (metrics) and r.day >= from_day and r.day <= to_day and r.day < state.rolled_until
  union all
  select c.metric, c.day, c.key, c.value
    from state, private.analytics_rollup_compute(greatest(from_day, state.rolled_until), to_day) c
   where c.metric = any (metrics)
$$;

revoke all on function private.analytics_metrics(date, date, text[]) from public;

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
    select * from private.analytics_metrics(period_start, period_end)
  ),
  -- The previous period needs its totals only: a few rows a day instead of every search term and listing.
  mp as materialized (
    select * from private.analytics_metrics(prev_start, prev_end, array['visitors', 'sessions', 'events'])
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
      left join (select * from m union all select * from mp) m
        on m.day between p.s and p.e and m.metric in ('visitors', 'sessions', 'events')
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
