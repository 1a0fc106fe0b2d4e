-- People and the companies that sell on Modula.
--
-- profiles.company_id is the ownership key of the whole catalogue (a listing belongs to the users whose
-- profile company equals listings.vendor_id), so clients can never write it: it follows
-- company_members, which only administrators and the company-creation trigger change.

create table public.companies (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 2 and 120),
  company_type public.company_type not null,
  verified boolean not null default false,
  description text not null default '' check (char_length(description) <= 5000),
  -- Storage path in the company-logos bucket, e.g. "<company id>/logo.webp".
  logo text check (logo is null or (char_length(logo) <= 500 and logo !~ '(^/|\.\.)')),
  country text references public.countries (code),
  city text check (city is null or char_length(city) <= 120),
  website text check (website is null or website ~* '^https?://[^\s]+$'),
  year_founded smallint check (year_founded is null or year_founded between 1800 and 2100),
  -- The member conversations with customers are addressed to.
  owner_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index companies_verified_idx on public.companies (verified, name);
create index companies_owner_idx on public.companies (owner_id);

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 200),
  company_name text check (company_name is null or char_length(company_name) <= 200),
  company_id uuid references public.companies (id) on delete set null,
  user_type public.user_type not null default 'customer',
  role public.user_role,
  -- Storage path in the avatars bucket ("<user id>/...") or an absolute https URL.
  profile_image text check (profile_image is null or char_length(profile_image) <= 1000),
  country text references public.countries (code),
  -- One of the 14 languages of the product.
  preferred_language text not null default 'en' check (preferred_language in ('en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'ja', 'zh', 'ko', 'ru', 'ar', 'hi', 'tr')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index profiles_company_idx on public.profiles (company_id);
create index profiles_user_type_idx on public.profiles (user_type);

alter table public.companies
  add constraint companies_owner_id_fkey foreign key (owner_id) references public.profiles (id) on delete set null;

create table public.company_members (
  company_id uuid not null references public.companies (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  member_role public.company_member_role not null default 'member',
  created_at timestamptz not null default now(),
  primary key (company_id, user_id),
  -- profiles.company_id holds one company, so a user belongs to at most one.
  constraint company_members_one_company unique (user_id)
);

create trigger companies_touch before update on public.companies
  for each row execute function private.touch_updated_at();
create trigger profiles_touch before update on public.profiles
  for each row execute function private.touch_updated_at();

-- ---------------------------------------------------------------------------------------------
-- Helpers the policies call. SECURITY DEFINER so that reading profiles inside a policy does not
-- recurse into the profiles policies; STABLE so `(select private.x())` is evaluated once per query.

create or replace function private.is_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.profiles where id = (select auth.uid()) and role = 'admin')
$$;

create or replace function private.my_company_id() returns uuid
language sql stable security definer
set search_path = ''
as $$
  select company_id from public.profiles where id = (select auth.uid())
$$;

-- Requests made with the service_role key, or straight on the database by the backend itself (no
-- JWT claims at all), are trusted; everything that arrives as anon or authenticated is not.
create or replace function private.is_trusted() returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce((select auth.role()), 'service_role') = 'service_role'
$$;

revoke all on function private.is_admin() from public;
revoke all on function private.my_company_id() from public;
revoke all on function private.is_trusted() from public;
grant execute on function private.is_admin() to anon, authenticated, service_role;
grant execute on function private.my_company_id() to anon, authenticated, service_role;
grant execute on function private.is_trusted() to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Profile created from the sign-up metadata (spec section 4): user_type defaults to customer, name to
-- the email, else "User". app_metadata is only writable with the service role, so it may grant admin.

create or replace function private.handle_new_user() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  app_meta jsonb := coalesce(new.raw_app_meta_data, '{}'::jsonb);
  wanted_country text := upper(nullif(btrim(meta ->> 'country'), ''));
  wanted_language text := lower(nullif(btrim(coalesce(meta ->> 'preferred_language', meta ->> 'language')), ''));
begin
  insert into public.profiles (id, name, user_type, role, company_name, country, profile_image, preferred_language)
  values (
    new.id,
    left(coalesce(nullif(btrim(meta ->> 'name'), ''), nullif(btrim(meta ->> 'full_name'), ''), nullif(new.email, ''), 'User'), 200),
    case when meta ->> 'user_type' = 'vendor' then 'vendor'::public.user_type else 'customer'::public.user_type end,
    case when app_meta ->> 'role' = 'admin' then 'admin'::public.user_role end,
    left(nullif(btrim(meta ->> 'company_name'), ''), 200),
    (select code from public.countries where code = wanted_country),
    left(nullif(btrim(coalesce(meta ->> 'avatar', meta ->> 'avatar_url')), ''), 1000),
    case when wanted_language in ('en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'ja', 'zh', 'ko', 'ru', 'ar', 'hi', 'tr')
         then wanted_language else 'en' end
  )
  on conflict (id) do nothing;
  return new;
end
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_user();

-- Columns only administrators, the backend, or our own triggers (pg_trigger_depth() > 1, e.g. the
-- company_members sync) may change. A client sending the unchanged value, as an upsert of the whole
-- row does, is fine.
create or replace function private.guard_profile() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (select private.is_trusted()) or (select private.is_admin()) or pg_trigger_depth() > 1 then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.id is distinct from (select auth.uid()) then
      raise exception 'A profile can only be created for yourself' using errcode = '42501';
    end if;
    if new.role is not null or new.company_id is not null then
      raise exception 'role and company_id are assigned by Modula, not by the client' using errcode = '42501';
    end if;
  elsif new.role is distinct from old.role or new.company_id is distinct from old.company_id or new.id <> old.id then
    raise exception 'role and company_id are assigned by Modula, not by the client' using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger profiles_guard before insert or update on public.profiles
  for each row execute function private.guard_profile();

-- verified and owner_id belong to Modula's review process, not to the company.
create or replace function private.guard_company() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (select private.is_trusted()) or (select private.is_admin()) then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.verified then
      raise exception 'A company is verified by Modula, not by itself' using errcode = '42501';
    end if;
    new.owner_id := (select auth.uid());
  elsif new.verified is distinct from old.verified or new.owner_id is distinct from old.owner_id then
    raise exception 'verified and owner_id are managed by Modula' using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger companies_guard before insert or update on public.companies
  for each row execute function private.guard_company();

-- The vendor who creates a company becomes its owner member.
create or replace function private.add_company_owner() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.owner_id is not null then
    insert into public.company_members (company_id, user_id, member_role)
    values (new.id, new.owner_id, 'owner')
    on conflict do nothing;
  end if;
  return new;
end
$$;

create trigger companies_add_owner after insert on public.companies
  for each row execute function private.add_company_owner();

-- profiles.company_id and company_name mirror company_members.
create or replace function private.sync_member_profile() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    update public.profiles set company_id = null
      where id = old.user_id and company_id = old.company_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update public.profiles p
       set company_id = new.company_id, company_name = c.name
      from public.companies c
     where p.id = new.user_id and c.id = new.company_id;
  end if;
  return null;
end
$$;

create trigger company_members_sync after insert or update or delete on public.company_members
  for each row execute function private.sync_member_profile();

create or replace function private.sync_company_name() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.profiles set company_name = new.name where company_id = new.id;
  return null;
end
$$;

create trigger companies_sync_name after update of name on public.companies
  for each row when (old.name is distinct from new.name) execute function private.sync_company_name();

-- ---------------------------------------------------------------------------------------------
-- Row-level security

alter table public.profiles enable row level security;
alter table public.companies enable row level security;
alter table public.company_members enable row level security;

-- A profile is private to its owner, the people they talk to (names in the messenger), the members of
-- their company, and administrators. Home-page counts come from public.marketplace_stats().
create policy "profiles: own" on public.profiles for select to authenticated
  using (id = (select auth.uid()));
create policy "profiles: admins" on public.profiles for select to authenticated
  using ((select private.is_admin()));
create policy "profiles: colleagues" on public.profiles for select to authenticated
  using (company_id is not null and company_id = (select private.my_company_id()));
create policy "profiles: insert own" on public.profiles for insert to authenticated
  with check (id = (select auth.uid()));
create policy "profiles: update own" on public.profiles for update to authenticated
  using (id = (select auth.uid()) or (select private.is_admin()))
  with check (id = (select auth.uid()) or (select private.is_admin()));

create policy "companies: public" on public.companies for select to anon, authenticated using (true);
create policy "companies: vendors create one" on public.companies for insert to authenticated
  with check (
    (select private.is_admin())
    or (
      (select private.my_company_id()) is null
      and exists (select 1 from public.profiles where id = (select auth.uid()) and user_type = 'vendor')
    )
  );
create policy "companies: members update" on public.companies for update to authenticated
  using (id = (select private.my_company_id()) or (select private.is_admin()))
  with check (id = (select private.my_company_id()) or (select private.is_admin()));
create policy "companies: admins delete" on public.companies for delete to authenticated
  using ((select private.is_admin()));

create policy "company_members: own company" on public.company_members for select to authenticated
  using (user_id = (select auth.uid()) or company_id = (select private.my_company_id()) or (select private.is_admin()));
create policy "company_members: admins insert" on public.company_members for insert to authenticated
  with check ((select private.is_admin()));
create policy "company_members: admins update" on public.company_members for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "company_members: admins delete" on public.company_members for delete to authenticated
  using ((select private.is_admin()));

-- Hosted projects may add default privileges; start from none and grant exactly what is needed.
revoke all on public.companies, public.profiles, public.company_members from anon, authenticated;
grant select, insert, update on public.profiles to authenticated;
grant all on public.profiles to service_role;
grant select on public.companies to anon;
grant select, insert, update, delete on public.companies to authenticated;
grant all on public.companies to service_role;
grant select, insert, update, delete on public.company_members to authenticated;
grant all on public.company_members to service_role;
