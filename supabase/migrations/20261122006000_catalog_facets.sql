-- Filter values for the catalogue's listings page (issue 6): the features and certifications vendors
-- actually use, most common first, so the filter panel offers real values instead of a guessed list.
-- Counting them scans every published listing, so the answer is cached per listing type for five
-- minutes: the listings page asks for it on every visit and must stay fast at 100,000 listings.

create table private.listing_facets_cache (
  scope text primary key,
  facets jsonb not null,
  computed_at timestamptz not null default now()
);
alter table private.listing_facets_cache enable row level security;

create or replace function public.listing_facets(listing_types public.listing_type[] default null, max_values integer default 24)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  wanted integer := least(greatest(coalesce(max_values, 24), 1), 100);
  scope_key text := coalesce(array_to_string(array(select t::text from unnest(listing_types) t order by 1), ','), '*') || '/' || wanted;
  cached jsonb;
begin
  select c.facets into cached from private.listing_facets_cache c
   where c.scope = scope_key and c.computed_at > now() - interval '5 minutes';
  if cached is not null then
    return cached;
  end if;
  select jsonb_build_object(
    'features', coalesce((
      select jsonb_agg(value order by uses desc, value)
        from (select f as value, count(*) as uses
                from public.listings l, unnest(l.features) f
               where l.status = 'published' and (listing_types is null or l.listing_type = any (listing_types))
               group by f order by count(*) desc, f limit wanted) top), '[]'::jsonb),
    'certifications', coalesce((
      select jsonb_agg(value order by uses desc, value)
        from (select c as value, count(*) as uses
                from public.listings l, unnest(l.certifications) c
               where l.status = 'published' and (listing_types is null or l.listing_type = any (listing_types))
               group by c order by count(*) desc, c limit wanted) top), '[]'::jsonb)
  ) into cached;
  insert into private.listing_facets_cache (scope, facets, computed_at) values (scope_key, cached, now())
  on conflict (scope) do update set facets = excluded.facets, computed_at = excluded.computed_at;
  return cached;
end
$$;

revoke all on function public.listing_facets(public.listing_type[], integer) from public;
grant execute on function public.listing_facets(public.listing_type[], integer) to anon, authenticated, service_role;
