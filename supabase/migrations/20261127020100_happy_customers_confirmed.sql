-- The home page's "Happy Customers" (issue 19): only customers who confirmed their email count, not
-- every sign-up. Everything else marketplace_stats() answers is unchanged.
create or replace function public.marketplace_stats() returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'customers', (select count(*) from public.profiles p join auth.users u on u.id = p.id
                   where p.user_type = 'customer' and u.email_confirmed_at is not null),
    'vendors', (select count(*) from public.profiles where user_type = 'vendor'),
    'verified_companies', (select count(*) from public.companies where verified),
    'published_listings', (select count(*) from public.listings where status = 'published'),
    'reviews', (select count(*) from public.reviews),
    'average_rating', (select round(avg(rating)::numeric, 2) from public.reviews)
  )
$$;

revoke all on function public.marketplace_stats() from public;
grant execute on function public.marketplace_stats() to anon, authenticated, service_role;
