-- Indexes for the listings page at 100,000 listings (issue 6: p95 of its data requests under 50 ms).
--
-- What EXPLAIN (ANALYZE) showed with the first catalogue indexes, as anon:
-- * /listings without a category has no listing_type filter, and every ordered index led with
--   listing_type: "newest", "relevance" and price sorting fell back to a sequential scan of the whole
--   table (158 MB at 100k, larger than shared_buffers) and a sort, 50-100 ms.
-- * A filter no row matches (commercial units with a bedroom or bathroom) read every listing of the
--   type from the heap before answering "no results", 30-80 ms: a plain index scan checks INCLUDE
--   columns only after fetching the row.
-- * location ILIKE had no index column at all, so counting Berlin listings read the heap, 60-170 ms.
--
-- So the page's sort orders get indexes that do not start with listing_type, and every column the
-- page filters with a leakproof operator (text domains, uuid, integers, booleans: see data-model.md)
-- is a KEY column after the sort keys. Key columns are checked inside the index, so a plain index scan
-- in sort order fetches only the rows that pass them from the heap; the other filters (features,
-- energy class, shipping, location: not leakproof, so never index conditions under RLS) apply to
-- those rows. Those other filter columns are INCLUDEd, so the page's count of any filter is an
-- index-only scan of whichever index suits it (anon cannot see statistics for non-leakproof
-- operators, so the planner guesses their selectivity and may pick any of the three). They replace
-- the listing_type-first indexes, which they cover.

drop index if exists public.listings_browse_idx;
drop index if exists public.listings_newest_idx;
drop index if exists public.listings_price_idx;
drop index if exists public.listings_space_type_idx;
-- A bitmap over one category read every listing of it from the heap to apply a location filter
-- (140 ms for homes in Berlin); the category is a key column of every index below instead.
drop index if exists public.listings_category_idx;

create index listings_relevance_idx on public.listings
  (featured desc, published_at desc, id, listing_type, category_id, subcategory_id, space_type, price, bedrooms, bathrooms,
   size_sqft, off_grid_ready, solar_powered, heat_pump, rainwater_harvesting)
  include (energy_class, features, shipping_type, shipping_continents, shipping_countries, location)
  where status = 'published';
create index listings_newest_idx on public.listings
  (published_at desc, id, listing_type, category_id, subcategory_id, space_type, price, bedrooms, bathrooms, size_sqft,
   off_grid_ready, solar_powered, heat_pump, rainwater_harvesting)
  include (energy_class, features, shipping_type, shipping_continents, shipping_countries, location)
  where status = 'published';
create index listings_price_idx on public.listings
  (price, id, listing_type, category_id, subcategory_id, space_type, bedrooms, bathrooms, size_sqft, off_grid_ready,
   solar_powered, heat_pump, rainwater_harvesting)
  include (featured, published_at, energy_class, features, shipping_type, shipping_continents, shipping_countries, location)
  where status = 'published';

-- The planner's row estimates decide between walking an index in sort order and collecting the
-- matches first. Without these it multiplies the selectivities as if independent, and expects about
-- a third of commercial units to have two bedrooms or more (there are none); such a filter then walks
-- every commercial unit in sort order looking for twelve rows that do not exist. (Equality and range
-- comparisons on these columns are leakproof, so the statistics are used for anon as well.)
create statistics if not exists public.listings_kind_stats (mcv, dependencies)
  on listing_type, category_id, space_type, bedrooms, bathrooms from public.listings;
analyze public.listings;
