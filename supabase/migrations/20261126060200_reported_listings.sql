-- /admin/listings can show the listings with an open report (issue 17: "see reported listings"):
-- admin_search_listings accepts listing_status = 'reported'. Same signature and columns as before.
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
            or (listing_status = 'moderated' and (l.moderation_reason is not null or l.suspension_hold))
            or (listing_status = 'reported' and exists (select 1 from public.reports r where r.listing_id = l.id and r.status = 'open')))
     order by l.updated_at desc, l.id
     limit least(greatest(coalesce(max_rows, 50), 1), 200) offset greatest(coalesce(skip, 0), 0);
end
$$;
