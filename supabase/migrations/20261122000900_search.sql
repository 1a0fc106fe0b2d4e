-- Full-text search over published listings for /search (issue 6): accent-insensitive through the
-- modula_search configuration, typo-tolerant through the trigram lexicon private.search_terms, ranked,
-- with highlighted title and snippet.

create or replace function private.html_escape(value text) returns text
language sql immutable parallel safe strict
as $$
  select replace(replace(replace(replace(replace(value, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')
$$;
revoke all on function private.html_escape(text) from public;
grant execute on function private.html_escape(text) to anon, authenticated, service_role;

-- Builds the tsquery of a user's search text: every word must match (AND); a word that is not in the
-- lexicon also matches its nearest lexicon words by trigram similarity ("modulr" finds "modular"); the
-- last word also matches as a prefix, for search-as-you-type. Returns null when nothing searchable is
-- left (only stop words or one-letter words).
create or replace function private.search_query(search_text text) returns tsquery
language plpgsql stable
set search_path = public, extensions, pg_temp
as $$
declare
  words text[];
  word text;
  position integer := 0;
  piece tsquery;
  alternative text;
  known boolean;
  result tsquery;
begin
  words := array(
    select w from regexp_split_to_table(public.immutable_unaccent(lower(search_text)), '[^[:alnum:]]+') with ordinality as t (w, n)
     where char_length(w) >= 2 order by n limit 8
  );
  foreach word in array words loop
    position := position + 1;
    known := exists (select 1 from private.search_terms where term = word);
    piece := plainto_tsquery('public.modula_search', word);
    -- A last word that is not a known word yet is probably still being typed.
    if position = array_length(words, 1) and char_length(word) >= 3 and not known then
      piece := piece || to_tsquery('public.modula_search', word || ':*');
    end if;
    if char_length(word) >= 4 and not known then
      for alternative in
        select term from private.search_terms
         where term % word
         order by similarity(term, word) desc, term
         limit 3
      loop
        piece := piece || plainto_tsquery('public.modula_search', alternative);
      end loop;
    end if;
    if numnode(piece) > 0 then
      result := case when result is null then piece else result && piece end;
    end if;
  end loop;
  return result;
end
$$;
revoke all on function private.search_query(text) from public;
grant execute on function private.search_query(text) to anon, authenticated, service_role;

-- Search published listings, best matches first. `query` must not be blank. Returns the card fields,
-- the rank, the title and a snippet of the description with matches wrapped in <mark>...</mark> (all
-- other text HTML-escaped, so both are safe to render as HTML), and total_count.
--
-- Ranking every match of a very common word ("home" in a homes marketplace) would cost a full scan,
-- so at most 500 candidates are ranked: listings matching in the title first, then in the rest of
-- the text. total_count is exact up to 500; beyond, it is 500 and total_capped is true ("500+").
-- SECURITY DEFINER because text-search matching is not leakproof: under the caller's row-level
-- security the GIN indexes could not be used. The function applies the public rule itself (published
-- listings only), which is all anon may see.
create or replace function public.search_listings(
  query text,
  listing_types public.listing_type[] default null,
  result_limit integer default 20,
  result_offset integer default 0
)
returns table (
  id uuid,
  listing_type public.listing_type,
  space_type public.space_type,
  category_id uuid,
  vendor_id uuid,
  title text,
  price integer,
  price_unit public.price_unit,
  location text,
  country text,
  bedrooms smallint,
  bathrooms smallint,
  size numeric,
  size_unit public.size_unit,
  images text[],
  featured boolean,
  sponsored boolean,
  sponsored_until timestamptz,
  shipping_type public.shipping_type,
  shipping_continents public.continent[],
  shipping_countries text[],
  free_shipping boolean,
  published_at timestamptz,
  rank real,
  title_highlight text,
  snippet text,
  total_count bigint,
  total_capped boolean
)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  tsq tsquery;
  cap constant integer := 500;
begin
  if search_listings.query is null or btrim(search_listings.query) = '' then
    raise exception 'Search text must be non-blank' using errcode = '22023';
  end if;
  if result_limit is null or result_limit < 1 or result_limit > 100 then
    raise exception 'result_limit must be between 1 and 100' using errcode = '22023';
  end if;
  if result_offset is null or result_offset < 0 then
    raise exception 'result_offset must not be negative' using errcode = '22023';
  end if;
  tsq := private.search_query(search_listings.query);
  if tsq is null then
    return;
  end if;
  return query
  with title_hits as (
    select l.id from public.listings l
     where l.status = 'published'
       and to_tsvector('public.modula_search'::regconfig, l.title) @@ tsq
       and (listing_types is null or l.listing_type = any (listing_types))
     limit cap
  ),
  text_hits as (
    select l.id from public.listings l
     where l.status = 'published'
       and l.search_document @@ tsq
       and (listing_types is null or l.listing_type = any (listing_types))
     limit cap
  ),
  candidates as (
    select h.id from title_hits h
    union
    select h.id from (select t.id from text_hits t limit cap - (select count(*) from title_hits)) h
  ),
  ranked as (
    select l.*, ts_rank_cd(l.search_document, tsq, 1) as match_rank, count(*) over () as matched
      from candidates c join public.listings l on l.id = c.id
     order by match_rank desc, l.featured desc, l.published_at desc, l.id
     limit result_limit offset result_offset
  )
  select p.id, p.listing_type, p.space_type, p.category_id, p.vendor_id, p.title, p.price, p.price_unit,
         p.location, p.country, p.bedrooms, p.bathrooms, p.size, p.size_unit, p.images, p.featured,
         p.sponsored and coalesce(p.sponsored_until > now(), false), p.sponsored_until, p.shipping_type,
         p.shipping_continents, p.shipping_countries, p.free_shipping, p.published_at, p.match_rank,
         ts_headline('public.modula_search', private.html_escape(p.title), tsq,
                     'HighlightAll=true, StartSel=<mark>, StopSel=</mark>'),
         ts_headline('public.modula_search', private.html_escape(p.description), tsq,
                     'StartSel=<mark>, StopSel=</mark>, MinWords=12, MaxWords=30, MaxFragments=2, FragmentDelimiter=" … "'),
         p.matched,
         -- When title matches alone fill the cap, the other text is never searched.
         case when (select count(*) from title_hits) >= cap then true else (select count(*) from text_hits) >= cap end
    from ranked p
   order by p.match_rank desc, p.featured desc, p.published_at desc, p.id;
end
$$;

revoke all on function public.search_listings(text, public.listing_type[], integer, integer) from public;
grant execute on function public.search_listings(text, public.listing_type[], integer, integer) to anon, authenticated, service_role;
