-- Accounts: the profile follows a repeated sign-up, mail follows a rename, and demo status is a flag.

-- ---------------------------------------------------------------------------------------------
-- A repeated sign-up of an address that is not confirmed yet replaces the account's metadata (the
-- auth server replaces the password and user_metadata). The profile made from the first
-- sign-up follows, derived as private.handle_new_user derives it, so the person who confirms gets
-- their own name and account type, not those of whoever registered the address before them.
-- Confirmed accounts never change here: their profile belongs to them.

create or replace function private.follow_unconfirmed_signup() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  wanted_country text := upper(nullif(btrim(meta ->> 'country'), ''));
  wanted_language text := lower(nullif(btrim(coalesce(meta ->> 'preferred_language', meta ->> 'language')), ''));
begin
  update public.profiles set
    name = left(coalesce(nullif(btrim(meta ->> 'name'), ''), nullif(btrim(meta ->> 'full_name'), ''), nullif(new.email, ''), 'User'), 200),
    user_type = case when meta ->> 'user_type' = 'vendor' then 'vendor'::public.user_type else 'customer'::public.user_type end,
    company_name = left(nullif(btrim(meta ->> 'company_name'), ''), 200),
    country = (select code from public.countries where code = wanted_country),
    profile_image = left(nullif(btrim(coalesce(meta ->> 'avatar', meta ->> 'avatar_url')), ''), 1000),
    preferred_language = case when wanted_language in ('en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'ja', 'zh', 'ko', 'ru', 'ar', 'hi', 'tr')
                              then wanted_language else 'en' end
  where id = new.id;
  return new;
end
$$;

revoke all on function private.follow_unconfirmed_signup() from public, anon, authenticated;

create trigger on_auth_user_signup_repeated after update of raw_user_meta_data on auth.users
  for each row
  when (new.email_confirmed_at is null and old.raw_user_meta_data is distinct from new.raw_user_meta_data)
  execute function private.follow_unconfirmed_signup();

-- ---------------------------------------------------------------------------------------------
-- Mail greets people by the name in their auth metadata (the auth server's templates, and GoTrue's
-- {{ .Data.name }} on a hosted project). The profile is where a user renames themself, so the
-- metadata follows it; the next access token carries the new name too.

create or replace function private.sync_profile_name_to_auth() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update auth.users
     set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || jsonb_build_object('name', new.name),
         updated_at = now()
   where id = new.id
     and (raw_user_meta_data ->> 'name') is distinct from new.name;
  return null;
end
$$;

revoke all on function private.sync_profile_name_to_auth() from public, anon, authenticated;

create trigger profiles_sync_name_to_auth after update of name on public.profiles
  for each row when (old.name is distinct from new.name)
  execute function private.sync_profile_name_to_auth();

-- ---------------------------------------------------------------------------------------------
-- Demo accounts are the seeded ones only (docs/decisions/005-demo-accounts.md): the seed marks them
-- with app_metadata.demo, which only the service role can write, instead of anyone who picks an
-- address containing "demo.". Databases seeded before this flag existed get it on the seed's own
-- accounts, which the seed creates with fixed ids (supabase/seed/catalogue.ts: stableId
-- 'seed:user:<key>', an md5 no sign-up can choose).

update auth.users
   set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || '{"demo": true}'::jsonb
 where id in (md5('seed:user:demo-customer')::uuid, md5('seed:user:demo-vendor')::uuid, md5('seed:user:demo-admin')::uuid);
