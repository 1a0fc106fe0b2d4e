-- Price sorting compares comparable totals (issue 19): "€38 per m²" or "€95 per hour" is not cheaper
-- than a €100,000 home. A listing whose price is a total ('total', or 'from' a total) and not 0 (price
-- on request) sorts by its price; the others (priced per m², hour, day or month, or on request) sort
-- after all of them, in either direction, by their price among themselves.
alter table public.listings
  add column price_sorts_after boolean generated always as (price_unit not in ('total', 'from') or price = 0) stored;

-- The sort orders of the listings page's price sorting (price_asc: after, price, id; price_desc: after,
-- price desc, id), with the same key and INCLUDE columns as the index they replace
-- (20261122007000_catalog_browse_indexes.sql explains the choice of columns).
drop index if exists public.listings_price_idx;
create index listings_price_idx on public.listings
  (price_sorts_after, price, id, listing_type, category_id, subcategory_id, space_type, bedrooms, bathrooms, size_sqft, off_grid_ready,
   solar_powered, heat_pump, rainwater_harvesting)
  include (featured, published_at, energy_class, features, shipping_type, shipping_continents, shipping_countries, location)
  where status = 'published';
create index listings_price_desc_idx on public.listings
  (price_sorts_after, price desc, id, listing_type, category_id, subcategory_id, space_type, bedrooms, bathrooms, size_sqft, off_grid_ready,
   solar_powered, heat_pump, rainwater_harvesting)
  include (featured, published_at, energy_class, features, shipping_type, shipping_continents, shipping_countries, location)
  where status = 'published';
