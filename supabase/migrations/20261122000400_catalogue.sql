-- The catalogue: categories with subcategories, listings (homes, commercial units, upgrades, services)
-- and reviews. Published listings are public; drafts and archived listings are visible to their
-- vendor only. The tier's listing limit is enforced here, in the database.

create table public.categories (
  id uuid primary key default gen_random_uuid(),
  listing_type public.listing_type not null,
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null,
  description text not null default '',
  sort_order smallint not null default 0
);
create index categories_type_idx on public.categories (listing_type, sort_order);

create table public.subcategories (
  id uuid primary key default gen_random_uuid(),
  category_id uuid not null references public.categories (id) on delete cascade,
  slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null,
  sort_order smallint not null default 0,
  unique (category_id, slug)
);

-- Reference data with stable ids (md5 of the slug), so the seed, the front end's links and a real
-- Supabase project agree on them.
insert into public.categories (id, listing_type, slug, name, description, sort_order)
select md5('category:' || slug)::uuid, listing_type, slug, name, description, sort_order
from (values
  ('property', 'homes', 'Homes', 'Modular, prefab and compact homes ready to live in.', 1),
  ('commercial', 'commercial-units', 'Commercial units', 'Offices, shops and hospitality units built off-site.', 2),
  ('upgrade', 'energy', 'Energy', 'Generate, store and save energy.', 3),
  ('upgrade', 'water', 'Water', 'Collect, heat and recycle water.', 4),
  ('upgrade', 'interior', 'Interior', 'Kitchens, bathrooms and built-in furniture.', 5),
  ('upgrade', 'exterior', 'Exterior & outdoor', 'Decks, green roofs, cladding and outdoor living.', 6),
  ('upgrade', 'smart-home', 'Smart home', 'Controls, monitoring, EV charging and security.', 7),
  ('service', 'design-planning', 'Design & planning', 'Architects, designers and permit specialists.', 8),
  ('service', 'build-install', 'Construction & installation', 'Foundations, assembly and utility connections.', 9),
  ('service', 'logistics', 'Transport & logistics', 'Delivery, cranes and placement on site.', 10),
  ('service', 'finance-advice', 'Finance & advice', 'Financing, energy advice and inspections.', 11)
) as c (listing_type, slug, name, description, sort_order);

insert into public.subcategories (id, category_id, slug, name, sort_order)
select md5('subcategory:' || category || '/' || slug)::uuid, md5('category:' || category)::uuid, slug, name, sort_order
from (values
  ('homes', 'family-homes', 'Family homes', 1),
  ('homes', 'compact-living', 'Compact & tiny living', 2),
  ('homes', 'cabins-holiday', 'Cabins & holiday homes', 3),
  ('homes', 'off-grid', 'Off-grid homes', 4),
  ('commercial-units', 'offices-studios', 'Offices & studios', 1),
  ('commercial-units', 'retail-pop-up', 'Retail & pop-up', 2),
  ('commercial-units', 'hospitality', 'Hospitality', 3),
  ('commercial-units', 'workshops-storage', 'Workshops & storage', 4),
  ('energy', 'solar-panels', 'Solar panels', 1),
  ('energy', 'home-batteries', 'Home batteries', 2),
  ('energy', 'heat-pumps', 'Heat pumps', 3),
  ('energy', 'insulation', 'Insulation & glazing', 4),
  ('water', 'rainwater', 'Rainwater harvesting', 1),
  ('water', 'greywater', 'Greywater recycling', 2),
  ('water', 'water-heating', 'Water heating', 3),
  ('interior', 'kitchens', 'Kitchens', 1),
  ('interior', 'bathrooms', 'Bathrooms', 2),
  ('interior', 'built-in-furniture', 'Built-in furniture', 3),
  ('exterior', 'decks-terraces', 'Decks & terraces', 1),
  ('exterior', 'green-roofs', 'Green roofs', 2),
  ('exterior', 'cladding', 'Cladding & facades', 3),
  ('smart-home', 'controls', 'Smart controls', 1),
  ('smart-home', 'ev-charging', 'EV charging', 2),
  ('smart-home', 'security', 'Security', 3),
  ('design-planning', 'architecture', 'Architecture', 1),
  ('design-planning', 'interior-design', 'Interior design', 2),
  ('design-planning', 'permits', 'Permits & planning', 3),
  ('build-install', 'foundations', 'Foundations & groundworks', 1),
  ('build-install', 'assembly', 'Assembly & installation', 2),
  ('build-install', 'utilities', 'Utility connections', 3),
  ('logistics', 'transport', 'Transport & delivery', 1),
  ('logistics', 'cranes', 'Crane hire & placement', 2),
  ('finance-advice', 'financing', 'Financing', 1),
  ('finance-advice', 'energy-advice', 'Energy advice', 2),
  ('finance-advice', 'inspections', 'Inspections & surveys', 3)
) as s (category, slug, name, sort_order);

-- The full-text document of a listing: title (weight A), features (B), location (C), description (D),
-- accents folded by the modula_search configuration.
create or replace function private.listing_document(title text, description text, features text[], location text)
returns tsvector
language sql immutable parallel safe
as $$
  select setweight(to_tsvector('public.modula_search'::regconfig, coalesce(title, '')), 'A')
      || setweight(to_tsvector('public.modula_search'::regconfig, coalesce(array_to_string(features, ' '), '')), 'B')
      || setweight(to_tsvector('public.modula_search'::regconfig, coalesce(location, '')), 'C')
      || setweight(to_tsvector('public.modula_search'::regconfig, coalesce(description, '')), 'D')
$$;
revoke all on function private.listing_document(text, text, text[], text) from public;
grant execute on function private.listing_document(text, text, text[], text) to anon, authenticated, service_role;

create table public.listings (
  id uuid primary key default gen_random_uuid(),
  -- The company selling it; users whose profiles.company_id equals it own the listing.
  vendor_id uuid not null references public.companies (id) on delete cascade,
  listing_type public.listing_type not null,
  -- Required for properties and commercial units, absent for upgrades and services.
  space_type public.space_type,
  category_id uuid not null references public.categories (id),
  subcategory_id uuid references public.subcategories (id),
  title text not null check (char_length(btrim(title)) between 3 and 140),
  description text not null default '' check (char_length(description) <= 10000),
  -- Whole euros. An integer, not numeric: integer comparisons are leakproof, so price filters use
  -- the indexes under row-level security.
  price integer not null check (price >= 0),
  price_unit public.price_unit not null default 'total',
  location text check (location is null or char_length(location) <= 200),
  country text references public.countries (code),
  latitude double precision check (latitude is null or latitude between -90 and 90),
  longitude double precision check (longitude is null or longitude between -180 and 180),
  bedrooms smallint not null default 0 check (bedrooms between 0 and 50),
  bathrooms smallint not null default 0 check (bathrooms between 0 and 50),
  size numeric(10, 2) not null default 0 check (size >= 0),
  size_unit public.size_unit not null default 'sqft',
  -- The size filter is in square feet whatever unit the vendor entered.
  size_sqft integer generated always as (round(case when size_unit = 'sqm' then size * 10.7639 else size end)::integer) stored,
  features text[] not null default '{}' check (cardinality(features) <= 40),
  -- Sustainability facts, each filterable.
  energy_class public.energy_class,
  certifications text[] not null default '{}' check (cardinality(certifications) <= 20),
  materials text[] not null default '{}' check (cardinality(materials) <= 20),
  off_grid_ready boolean not null default false,
  solar_powered boolean not null default false,
  heat_pump boolean not null default false,
  rainwater_harvesting boolean not null default false,
  recycled_materials_pct smallint check (recycled_materials_pct is null or recycled_materials_pct between 0 and 100),
  -- Shipping: worldwide, to whole continents, or to specific countries (ISO codes).
  shipping_type public.shipping_type not null default 'worldwide',
  shipping_continents public.continent[] not null default '{}',
  shipping_countries text[] not null default '{}',
  free_shipping boolean not null default false,
  lead_time_weeks smallint check (lead_time_weeks is null or lead_time_weeks between 0 and 260),
  featured boolean not null default false,
  -- Maintained from sponsored_listings: a listing is currently sponsored when sponsored is true and
  -- sponsored_until is in the future; sponsor_priority orders the rotation (higher first).
  sponsored boolean not null default false,
  sponsored_until timestamptz,
  sponsor_priority smallint not null default 0,
  status public.listing_status not null default 'draft',
  published_at timestamptz,
  -- Storage paths in the listing-images bucket, in gallery order ("<vendor id>/<listing id>/1.webp").
  images text[] not null default '{}' check (cardinality(images) <= 24),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  search_document tsvector generated always as (private.listing_document(title, description, features, location)) stored,
  constraint listings_space_type_required check (
    (listing_type in ('property', 'commercial')) = (space_type is not null)
  ),
  constraint listings_shipping_consistent check (
    (shipping_type = 'continents') = (cardinality(shipping_continents) > 0)
    and (shipping_type = 'specific') = (cardinality(shipping_countries) > 0)
  )
);

-- Indexes for the catalogue's filters. A catalogue page is always published + one listing type,
-- ordered by relevance (featured, newest), newest, or price. listings_price_idx also carries every
-- column the filters compare, arrays included, so the page's exact count (count=exact) runs as an
-- index-only scan instead of visiting tens of thousands of rows.
create index listings_browse_idx on public.listings (listing_type, featured desc, published_at desc, id)
  where status = 'published';
create index listings_price_idx on public.listings (listing_type, price, id)
  include (featured, published_at, space_type, bedrooms, bathrooms, size_sqft, category_id, subcategory_id, country,
           vendor_id, off_grid_ready, solar_powered, heat_pump, rainwater_harvesting, energy_class, features,
           certifications, shipping_type, shipping_continents, shipping_countries, free_shipping)
  where status = 'published';
create index listings_newest_idx on public.listings (listing_type, published_at desc, id) where status = 'published';
create index listings_space_type_idx on public.listings (space_type, price) where status = 'published';
create index listings_category_idx on public.listings (category_id, subcategory_id) where status = 'published';
create index listings_sponsored_idx on public.listings (sponsor_priority desc, sponsored_until) where status = 'published' and sponsored;
create index listings_vendor_idx on public.listings (vendor_id, status);
-- No GIN indexes on features, certifications or shipping_countries: array containment is not
-- leakproof, so under row-level security such filters are applied to the rows the btree indexes find.
create index listings_search_idx on public.listings using gin (search_document);
-- Title-only matches rank first in search; this index finds them without ranking every match.
create index listings_title_search_idx on public.listings using gin (to_tsvector('public.modula_search'::regconfig, title));

create trigger listings_touch before update on public.listings
  for each row execute function private.touch_updated_at();

-- ---------------------------------------------------------------------------------------------
-- Integrity and the tier rule.

create or replace function private.check_listing() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  -- pg_trigger_depth() > 1: the update comes from one of our own triggers (sponsorship sync).
  trusted boolean := (select private.is_trusted()) or (select private.is_admin()) or pg_trigger_depth() > 1;
  category_type public.listing_type;
  plan public.plans;
  held integer;
  bad_country text;
begin
  select listing_type into category_type from public.categories where id = new.category_id;
  if category_type is distinct from new.listing_type then
    raise exception 'Category % does not hold % listings', new.category_id, new.listing_type using errcode = '23514';
  end if;
  if new.subcategory_id is not null
     and not exists (select 1 from public.subcategories where id = new.subcategory_id and category_id = new.category_id) then
    raise exception 'Subcategory % is not part of category %', new.subcategory_id, new.category_id using errcode = '23514';
  end if;
  select c into bad_country from unnest(new.shipping_countries) c
   where not exists (select 1 from public.countries where code = c) limit 1;
  if bad_country is not null then
    raise exception 'Unknown country code in shipping_countries: %', bad_country using errcode = '23514';
  end if;
  if exists (select 1 from unnest(new.images) p where p is null or p = '' or p ~ '(^/|\.\.|\\)' or char_length(p) > 500) then
    raise exception 'Image paths must be relative storage paths' using errcode = '23514';
  end if;
  new.features := array(select distinct on (lower(btrim(f))) btrim(f) from unnest(new.features) f where btrim(f) <> '');
  if new.status = 'published' and (tg_op = 'INSERT' or old.status <> 'published') then
    new.published_at := coalesce(new.published_at, now());
  end if;

  if trusted then
    return new;
  end if;

  if tg_op = 'INSERT' then
    new.sponsored := false;
    new.sponsored_until := null;
    new.sponsor_priority := 0;
  elsif new.vendor_id <> old.vendor_id then
    raise exception 'A listing cannot move to another company' using errcode = '42501';
  elsif (new.sponsored, new.sponsored_until, new.sponsor_priority) is distinct from (old.sponsored, old.sponsored_until, old.sponsor_priority) then
    raise exception 'Sponsorship is managed through sponsored_listings' using errcode = '42501';
  end if;

  -- Listings of one company are counted under a per-company lock, so two parallel inserts cannot
  -- both take the last free slot.
  if new.status <> 'archived' and (tg_op = 'INSERT' or old.status = 'archived' or (new.featured and not old.featured)) then
    perform pg_advisory_xact_lock(hashtextextended('modula:listing-quota:' || new.vendor_id::text, 0));
    plan := private.company_plan(new.vendor_id);
    if new.featured and not ('featured' = any (plan.listing_kinds)) then
      raise exception 'Featured listings are part of the Pro plan' using errcode = 'PT402',
        hint = 'Choose the Pro plan to feature listings.';
    end if;
    if tg_op = 'INSERT' or old.status = 'archived' then
      select count(*) into held from public.listings
       where vendor_id = new.vendor_id and status <> 'archived' and id <> new.id;
      if plan.max_listings = 0 then
        raise exception 'You need a subscription to create listings. Please select a plan.' using errcode = 'PT402',
          detail = format('plan=%s max_listings=0 current=%s', plan.id, held),
          hint = 'Choose a plan on /pricing.';
      elsif plan.max_listings > 0 and held >= plan.max_listings then
        raise exception 'Listing limit reached: the % plan allows % listing%.', plan.name, plan.max_listings,
          case when plan.max_listings = 1 then '' else 's' end
          using errcode = 'PT402',
          detail = format('plan=%s max_listings=%s current=%s', plan.id, plan.max_listings, held),
          hint = 'Archive a listing or choose a larger plan on /pricing.';
      end if;
    end if;
  end if;
  return new;
end
$$;

create trigger listings_check before insert or update on public.listings
  for each row execute function private.check_listing();

-- ---------------------------------------------------------------------------------------------
-- The search lexicon: every distinct word of published listings (accents folded, lower case), so a
-- misspelt query word can be corrected to the nearest real word with trigram similarity before the
-- full-text query runs (the approach of the PostgreSQL pg_trgm documentation, F.35.5).

create table private.search_terms (
  term text primary key
);
create index search_terms_trgm_idx on private.search_terms using gin (term gin_trgm_ops);

create or replace function private.collect_search_terms() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into private.search_terms (term)
  select distinct w
    from changed l,
         regexp_split_to_table(
           public.immutable_unaccent(lower(concat_ws(' ', l.title, l.description, array_to_string(l.features, ' '), l.location))),
           '[^[:alnum:]]+') w
   where l.status = 'published' and char_length(w) between 3 and 32 and w !~ '^[0-9]+$'
  on conflict (term) do nothing;
  return null;
end
$$;

create trigger listings_terms_insert after insert on public.listings
  referencing new table as changed
  for each statement execute function private.collect_search_terms();
create trigger listings_terms_update after update on public.listings
  referencing new table as changed
  for each statement execute function private.collect_search_terms();

alter table private.search_terms enable row level security;
create policy "search_terms: public" on private.search_terms for select to anon, authenticated using (true);
grant select on private.search_terms to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------

create table public.reviews (
  id uuid primary key default gen_random_uuid(),
  listing_id uuid references public.listings (id) on delete cascade,
  company_id uuid references public.companies (id) on delete cascade,
  author_id uuid not null references public.profiles (id) on delete cascade,
  -- Copied from the author's profile at writing time: profiles are private, reviews are public.
  author_name text not null default '',
  rating smallint not null check (rating between 1 and 5),
  title text check (title is null or char_length(title) <= 140),
  body text not null default '' check (char_length(body) <= 5000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint reviews_one_subject check (num_nonnulls(listing_id, company_id) = 1),
  constraint reviews_one_per_listing unique (author_id, listing_id),
  constraint reviews_one_per_company unique (author_id, company_id)
);
create index reviews_listing_idx on public.reviews (listing_id, created_at desc);
create index reviews_company_idx on public.reviews (company_id, created_at desc);

create trigger reviews_touch before update on public.reviews
  for each row execute function private.touch_updated_at();

create or replace function private.prepare_review() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and (new.author_id <> old.author_id
      or new.listing_id is distinct from old.listing_id or new.company_id is distinct from old.company_id) then
    raise exception 'A review keeps its author and subject' using errcode = '42501';
  end if;
  new.author_name := coalesce((select name from public.profiles where id = new.author_id), new.author_name);
  if not (select private.is_trusted()) and (
    new.company_id = (select private.my_company_id())
    or exists (select 1 from public.listings l where l.id = new.listing_id and l.vendor_id = (select private.my_company_id()))
  ) then
    raise exception 'Vendors cannot review their own company or listings' using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger reviews_prepare before insert or update on public.reviews
  for each row execute function private.prepare_review();

-- ---------------------------------------------------------------------------------------------
-- Row-level security

alter table public.categories enable row level security;
alter table public.subcategories enable row level security;
alter table public.listings enable row level security;
alter table public.reviews enable row level security;

create policy "categories: public" on public.categories for select to anon, authenticated using (true);
create policy "categories: admins write" on public.categories for all to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "subcategories: public" on public.subcategories for select to anon, authenticated using (true);
create policy "subcategories: admins write" on public.subcategories for all to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));

create policy "listings: published are public" on public.listings for select to anon, authenticated
  using (status = 'published');
create policy "listings: vendor sees own" on public.listings for select to authenticated
  using (vendor_id = (select private.my_company_id()) or (select private.is_admin()));
create policy "listings: vendor inserts own" on public.listings for insert to authenticated
  with check (vendor_id = (select private.my_company_id()) or (select private.is_admin()));
create policy "listings: vendor updates own" on public.listings for update to authenticated
  using (vendor_id = (select private.my_company_id()) or (select private.is_admin()))
  with check (vendor_id = (select private.my_company_id()) or (select private.is_admin()));
create policy "listings: vendor deletes own" on public.listings for delete to authenticated
  using (vendor_id = (select private.my_company_id()) or (select private.is_admin()));

create policy "reviews: public" on public.reviews for select to anon, authenticated using (true);
create policy "reviews: write own" on public.reviews for insert to authenticated
  with check (author_id = (select auth.uid()));
create policy "reviews: update own" on public.reviews for update to authenticated
  using (author_id = (select auth.uid())) with check (author_id = (select auth.uid()));
create policy "reviews: delete own or admin" on public.reviews for delete to authenticated
  using (author_id = (select auth.uid()) or (select private.is_admin()));

-- Hosted projects may add default privileges; start from none and grant exactly what is needed.
revoke all on public.categories, public.subcategories, public.listings, public.reviews from anon, authenticated;
grant select on public.categories, public.subcategories to anon;
grant select, insert, update, delete on public.categories, public.subcategories to authenticated;
grant all on public.categories, public.subcategories to service_role;
grant select on public.listings to anon;
grant select, insert, update, delete on public.listings to authenticated;
grant all on public.listings to service_role;
grant select on public.reviews to anon;
grant select, insert, update, delete on public.reviews to authenticated;
grant all on public.reviews to service_role;
