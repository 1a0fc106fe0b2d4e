-- Foundations of the Modula data model: extensions, the private schema for helpers that the Data
-- API must not expose, the accent-insensitive text search configuration, reference data (countries)
-- and the enumerated types every other migration uses.
--
-- Plain SQL that applies both to a real Supabase project (PostgreSQL 15+) and to the local backend
-- (PGlite / PostgreSQL). Locally the bootstrap may already have created the extensions in another
-- schema, so nothing below assumes where they live: names are resolved from pg_extension.

create extension if not exists pg_trgm with schema extensions;
create extension if not exists unaccent with schema extensions;
create extension if not exists pgcrypto with schema extensions;

-- Helpers for policies and triggers. Not in an exposed schema, so PostgREST never offers them as RPCs;
-- API roles only get USAGE plus EXECUTE on the few that policies call.
create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

-- unaccent() is only STABLE (its dictionary could change), so it cannot appear in generated columns
-- or index expressions. This wrapper pins the dictionary by schema-qualified name, which makes the
-- IMMUTABLE promise true for our purposes and keeps the function inlinable.
do $do$
declare
  ext_schema text := (select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'unaccent');
begin
  execute format(
    $f$create or replace function public.immutable_unaccent(value text) returns text
       language sql immutable parallel safe strict
       as $body$ select %1$I.unaccent(%2$L::regdictionary, value) $body$$f$,
    ext_schema,
    ext_schema || '.unaccent'
  );
  -- English stemming with accents folded first: "Cabaña" and "cabana" index to the same lexeme, and
  -- ts_headline() still highlights the original, accented text.
  if not exists (select 1 from pg_ts_config where cfgname = 'modula_search' and cfgnamespace = 'public'::regnamespace) then
    create text search configuration public.modula_search (copy = pg_catalog.english);
    execute format(
      'alter text search configuration public.modula_search alter mapping for hword, hword_part, word, asciihword, asciiword, hword_asciipart with %I.unaccent, english_stem',
      ext_schema
    );
  end if;
end
$do$;

grant execute on function public.immutable_unaccent(text) to anon, authenticated, service_role;

-- Touches updated_at on every UPDATE so clients can sort and cache by it.
create or replace function private.touch_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create type public.continent as enum ('africa', 'antarctica', 'asia', 'europe', 'north_america', 'oceania', 'south_america');
create type public.user_type as enum ('customer', 'vendor');
create type public.user_role as enum ('admin');
create type public.company_type as enum ('manufacturer', 'contractor', 'supplier', 'consultant');
create type public.company_member_role as enum ('owner', 'member');
-- listing_type and space_type are domains over text, not enums: the catalogue filters on them, and
-- under row-level security only leakproof operators may use an index. Text equality is leakproof,
-- enum equality is not, so an enum filter would scan every published listing.
create domain public.listing_type as text check (value in ('property', 'commercial', 'upgrade', 'service'));
create domain public.space_type as text check (value in (
  'residential', 'commercial', 'tiny_home', 'container_home', 'prefab_house', 'modular_home', 'a_frame',
  'mobile_office', 'pop_up_shop'
));
create type public.listing_status as enum ('draft', 'published', 'archived');
create type public.price_unit as enum ('total', 'from', 'per_sqm', 'per_hour', 'per_day', 'per_month');
create type public.size_unit as enum ('sqft', 'sqm');
-- EU building energy classes, best first: the enum order makes "B or better" a plain `<=` filter.
create type public.energy_class as enum ('A+++', 'A++', 'A+', 'A', 'B', 'C', 'D', 'E', 'F', 'G');
create type public.shipping_type as enum ('worldwide', 'continents', 'specific');
create type public.message_type as enum ('text', 'attachment', 'quotation');
create type public.meeting_type as enum ('video', 'phone', 'on_site', 'showroom');
create type public.meeting_status as enum ('requested', 'confirmed', 'declined', 'cancelled', 'completed');
create type public.subscription_status as enum ('Active', 'Trialing', 'PastDue', 'Cancelled', 'Expired');
create type public.newsletter_status as enum ('pending', 'confirmed', 'unsubscribed');
create type public.contact_status as enum ('new', 'in_progress', 'closed');

-- ISO 3166-1 alpha-2 countries with their continent, so "ships to Germany" can also match listings
-- that ship to all of Europe. Display names come from Intl.DisplayNames in the browser; the English
-- name here is for SQL readers and the seed.
create table public.countries (
  code text primary key check (code ~ '^[A-Z]{2}$'),
  name text not null,
  continent public.continent not null
);
alter table public.countries enable row level security;
create policy "countries are public" on public.countries for select to anon, authenticated using (true);
-- Hosted projects may add default privileges; start from none and grant exactly what is needed.
revoke all on public.countries from anon, authenticated;
grant select on public.countries to anon, authenticated;
grant all on public.countries to service_role;

insert into public.countries (code, name, continent) values
  ('AD', 'Andorra', 'europe'), ('AL', 'Albania', 'europe'), ('AT', 'Austria', 'europe'),
  ('BA', 'Bosnia and Herzegovina', 'europe'), ('BE', 'Belgium', 'europe'), ('BG', 'Bulgaria', 'europe'),
  ('BY', 'Belarus', 'europe'), ('CH', 'Switzerland', 'europe'), ('CY', 'Cyprus', 'europe'),
  ('CZ', 'Czechia', 'europe'), ('DE', 'Germany', 'europe'), ('DK', 'Denmark', 'europe'),
  ('EE', 'Estonia', 'europe'), ('ES', 'Spain', 'europe'), ('FI', 'Finland', 'europe'),
  ('FO', 'Faroe Islands', 'europe'), ('FR', 'France', 'europe'), ('GB', 'United Kingdom', 'europe'),
  ('GI', 'Gibraltar', 'europe'), ('GR', 'Greece', 'europe'), ('HR', 'Croatia', 'europe'),
  ('HU', 'Hungary', 'europe'), ('IE', 'Ireland', 'europe'), ('IS', 'Iceland', 'europe'),
  ('IT', 'Italy', 'europe'), ('LI', 'Liechtenstein', 'europe'), ('LT', 'Lithuania', 'europe'),
  ('LU', 'Luxembourg', 'europe'), ('LV', 'Latvia', 'europe'), ('MC', 'Monaco', 'europe'),
  ('MD', 'Moldova', 'europe'), ('ME', 'Montenegro', 'europe'), ('MK', 'North Macedonia', 'europe'),
  ('MT', 'Malta', 'europe'), ('NL', 'Netherlands', 'europe'), ('NO', 'Norway', 'europe'),
  ('PL', 'Poland', 'europe'), ('PT', 'Portugal', 'europe'), ('RO', 'Romania', 'europe'),
  ('RS', 'Serbia', 'europe'), ('RU', 'Russia', 'europe'), ('SE', 'Sweden', 'europe'),
  ('SI', 'Slovenia', 'europe'), ('SK', 'Slovakia', 'europe'), ('SM', 'San Marino', 'europe'),
  ('UA', 'Ukraine', 'europe'), ('VA', 'Vatican City', 'europe'), ('XK', 'Kosovo', 'europe'),
  ('AE', 'United Arab Emirates', 'asia'), ('AF', 'Afghanistan', 'asia'), ('AM', 'Armenia', 'asia'),
  ('AZ', 'Azerbaijan', 'asia'), ('BD', 'Bangladesh', 'asia'), ('BH', 'Bahrain', 'asia'),
  ('BN', 'Brunei', 'asia'), ('BT', 'Bhutan', 'asia'), ('CN', 'China', 'asia'), ('GE', 'Georgia', 'asia'),
  ('HK', 'Hong Kong', 'asia'), ('ID', 'Indonesia', 'asia'), ('IL', 'Israel', 'asia'), ('IN', 'India', 'asia'),
  ('IQ', 'Iraq', 'asia'), ('IR', 'Iran', 'asia'), ('JO', 'Jordan', 'asia'), ('JP', 'Japan', 'asia'),
  ('KG', 'Kyrgyzstan', 'asia'), ('KH', 'Cambodia', 'asia'), ('KP', 'North Korea', 'asia'),
  ('KR', 'South Korea', 'asia'), ('KW', 'Kuwait', 'asia'), ('KZ', 'Kazakhstan', 'asia'), ('LA', 'Laos', 'asia'),
  ('LB', 'Lebanon', 'asia'), ('LK', 'Sri Lanka', 'asia'), ('MM', 'Myanmar', 'asia'), ('MN', 'Mongolia', 'asia'),
  ('MO', 'Macao', 'asia'), ('MV', 'Maldives', 'asia'), ('MY', 'Malaysia', 'asia'), ('NP', 'Nepal', 'asia'),
  ('OM', 'Oman', 'asia'), ('PH', 'Philippines', 'asia'), ('PK', 'Pakistan', 'asia'), ('PS', 'Palestine', 'asia'),
  ('QA', 'Qatar', 'asia'), ('SA', 'Saudi Arabia', 'asia'), ('SG', 'Singapore', 'asia'), ('SY', 'Syria', 'asia'),
  ('TH', 'Thailand', 'asia'), ('TJ', 'Tajikistan', 'asia'), ('TL', 'Timor-Leste', 'asia'),
  ('TM', 'Turkmenistan', 'asia'), ('TR', 'Türkiye', 'asia'), ('TW', 'Taiwan', 'asia'),
  ('UZ', 'Uzbekistan', 'asia'), ('VN', 'Vietnam', 'asia'), ('YE', 'Yemen', 'asia'),
  ('AO', 'Angola', 'africa'), ('BF', 'Burkina Faso', 'africa'), ('BI', 'Burundi', 'africa'),
  ('BJ', 'Benin', 'africa'), ('BW', 'Botswana', 'africa'), ('CD', 'DR Congo', 'africa'),
  ('CF', 'Central African Republic', 'africa'), ('CG', 'Congo', 'africa'), ('CI', 'Côte d''Ivoire', 'africa'),
  ('CM', 'Cameroon', 'africa'), ('CV', 'Cabo Verde', 'africa'), ('DJ', 'Djibouti', 'africa'),
  ('DZ', 'Algeria', 'africa'), ('EG', 'Egypt', 'africa'), ('ER', 'Eritrea', 'africa'), ('ET', 'Ethiopia', 'africa'),
  ('GA', 'Gabon', 'africa'), ('GH', 'Ghana', 'africa'), ('GM', 'Gambia', 'africa'), ('GN', 'Guinea', 'africa'),
  ('GQ', 'Equatorial Guinea', 'africa'), ('GW', 'Guinea-Bissau', 'africa'), ('KE', 'Kenya', 'africa'),
  ('KM', 'Comoros', 'africa'), ('LR', 'Liberia', 'africa'), ('LS', 'Lesotho', 'africa'), ('LY', 'Libya', 'africa'),
  ('MA', 'Morocco', 'africa'), ('MG', 'Madagascar', 'africa'), ('ML', 'Mali', 'africa'),
  ('MR', 'Mauritania', 'africa'), ('MU', 'Mauritius', 'africa'), ('MW', 'Malawi', 'africa'),
  ('MZ', 'Mozambique', 'africa'), ('NA', 'Namibia', 'africa'), ('NE', 'Niger', 'africa'), ('NG', 'Nigeria', 'africa'),
  ('RW', 'Rwanda', 'africa'), ('SC', 'Seychelles', 'africa'), ('SD', 'Sudan', 'africa'),
  ('SL', 'Sierra Leone', 'africa'), ('SN', 'Senegal', 'africa'), ('SO', 'Somalia', 'africa'),
  ('SS', 'South Sudan', 'africa'), ('ST', 'São Tomé and Príncipe', 'africa'), ('SZ', 'Eswatini', 'africa'),
  ('TD', 'Chad', 'africa'), ('TG', 'Togo', 'africa'), ('TN', 'Tunisia', 'africa'), ('TZ', 'Tanzania', 'africa'),
  ('UG', 'Uganda', 'africa'), ('ZA', 'South Africa', 'africa'), ('ZM', 'Zambia', 'africa'),
  ('ZW', 'Zimbabwe', 'africa'),
  ('AG', 'Antigua and Barbuda', 'north_america'), ('BB', 'Barbados', 'north_america'),
  ('BS', 'Bahamas', 'north_america'), ('BZ', 'Belize', 'north_america'), ('CA', 'Canada', 'north_america'),
  ('CR', 'Costa Rica', 'north_america'), ('CU', 'Cuba', 'north_america'), ('DM', 'Dominica', 'north_america'),
  ('DO', 'Dominican Republic', 'north_america'), ('GD', 'Grenada', 'north_america'),
  ('GL', 'Greenland', 'north_america'), ('GT', 'Guatemala', 'north_america'), ('HN', 'Honduras', 'north_america'),
  ('HT', 'Haiti', 'north_america'), ('JM', 'Jamaica', 'north_america'), ('KN', 'Saint Kitts and Nevis', 'north_america'),
  ('LC', 'Saint Lucia', 'north_america'), ('MX', 'Mexico', 'north_america'), ('NI', 'Nicaragua', 'north_america'),
  ('PA', 'Panama', 'north_america'), ('PR', 'Puerto Rico', 'north_america'), ('SV', 'El Salvador', 'north_america'),
  ('TT', 'Trinidad and Tobago', 'north_america'), ('US', 'United States', 'north_america'),
  ('VC', 'Saint Vincent and the Grenadines', 'north_america'),
  ('AR', 'Argentina', 'south_america'), ('BO', 'Bolivia', 'south_america'), ('BR', 'Brazil', 'south_america'),
  ('CL', 'Chile', 'south_america'), ('CO', 'Colombia', 'south_america'), ('EC', 'Ecuador', 'south_america'),
  ('GY', 'Guyana', 'south_america'), ('PE', 'Peru', 'south_america'), ('PY', 'Paraguay', 'south_america'),
  ('SR', 'Suriname', 'south_america'), ('UY', 'Uruguay', 'south_america'), ('VE', 'Venezuela', 'south_america'),
  ('AU', 'Australia', 'oceania'), ('FJ', 'Fiji', 'oceania'), ('FM', 'Micronesia', 'oceania'),
  ('KI', 'Kiribati', 'oceania'), ('MH', 'Marshall Islands', 'oceania'), ('NR', 'Nauru', 'oceania'),
  ('NZ', 'New Zealand', 'oceania'), ('PG', 'Papua New Guinea', 'oceania'), ('PW', 'Palau', 'oceania'),
  ('SB', 'Solomon Islands', 'oceania'), ('TO', 'Tonga', 'oceania'), ('TV', 'Tuvalu', 'oceania'),
  ('VU', 'Vanuatu', 'oceania'), ('WS', 'Samoa', 'oceania'),
  ('AQ', 'Antarctica', 'antarctica');

-- Fixed-window counters for the rate limits enforced inside the database (analytics, contact form,
-- client-reported security events). Only security-definer functions touch this table.
create table private.rate_limits (
  bucket text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (bucket, window_start)
);
alter table private.rate_limits enable row level security;

-- Counts one hit for `bucket` in the current window and reports whether it is still within `max_hits`.
create or replace function private.within_rate_limit(bucket text, max_hits integer, window_seconds integer)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  started timestamptz := to_timestamp(floor(extract(epoch from now()) / window_seconds) * window_seconds);
  count_now integer;
begin
  insert into private.rate_limits as r (bucket, window_start, hits)
  values (within_rate_limit.bucket, started, 1)
  on conflict (bucket, window_start) do update set hits = r.hits + 1
  returning r.hits into count_now;
  return count_now <= max_hits;
end
$$;

-- The identity a rate limit counts against: the signed-in user, else the client address the gateway
-- forwarded, else the analytics session the client reported (weakest, but better than nothing).
create or replace function private.caller_key(fallback text) returns text
language sql stable
set search_path = ''
as $$
  select coalesce(
    'user:' || (select auth.uid())::text,
    'ip:' || nullif(btrim(split_part(coalesce(
      nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-forwarded-for',
      nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-real-ip', ''), ',', 1)), ''),
    'session:' || nullif(fallback, ''),
    'anonymous'
  )
$$;

create or replace function private.prune_rate_limits() returns void
language sql
security definer
set search_path = ''
as $$
  delete from private.rate_limits where window_start < now() - interval '1 day'
$$;

revoke all on function private.within_rate_limit(text, integer, integer) from public;
revoke all on function private.caller_key(text) from public;
revoke all on function private.prune_rate_limits() from public;
-- Only security-definer triggers and functions (running as the owner) call these.
grant execute on function private.within_rate_limit(text, integer, integer) to service_role;
grant execute on function private.caller_key(text) to service_role;
grant execute on function private.prune_rate_limits() to service_role;
