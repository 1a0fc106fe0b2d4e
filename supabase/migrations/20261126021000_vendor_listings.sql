-- The vendor's side (issue 15): the tier limit counted on published listings and enforced on insert
-- and on publish, the account-type flow (issue 13 item 12), company invitations, the dashboard's
-- statistics, and order status changes with their emails.

-- ---------------------------------------------------------------------------------------------
-- Demo accounts are the seeded ones (app_metadata.demo, docs/decisions/005-demo-accounts.md).

create or replace function private.is_demo() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select (u.raw_app_meta_data ->> 'demo')::boolean from auth.users u where u.id = (select auth.uid())), false)
$$;
revoke all on function private.is_demo() from public;
grant execute on function private.is_demo() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The tier limit (spec section 5): creating is allowed for demo accounts, on an unlimited plan, or
-- while the company's PUBLISHED listings are fewer than the plan's maximum. The same rule holds when
-- a draft is published, so a listing unpublished after a downgrade cannot be published again beyond
-- the limit. Drafts are not part of the tier count; a company holds at most 50 of them.

create or replace function private.check_listing() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  -- pg_trigger_depth() > 1: the update comes from one of our own triggers (sponsorship sync).
  trusted boolean := (select private.is_trusted()) or (select private.is_admin()) or pg_trigger_depth() > 1;
  category_type public.listing_type;
  plan public.plans;
  published integer;
  drafts integer;
  publishing boolean;
begin
  select listing_type into category_type from public.categories where id = new.category_id;
  if category_type is distinct from new.listing_type then
    raise exception 'Category % does not hold % listings', new.category_id, new.listing_type using errcode = '23514';
  end if;
  if new.subcategory_id is not null
     and not exists (select 1 from public.subcategories where id = new.subcategory_id and category_id = new.category_id) then
    raise exception 'Subcategory % is not part of category %', new.subcategory_id, new.category_id using errcode = '23514';
  end if;
  if exists (select 1 from unnest(new.shipping_countries) c where not exists (select 1 from public.countries where code = c)) then
    raise exception 'Unknown country code in shipping_countries' using errcode = '23514';
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

  -- Images of a listing live under its company's folder of the listing-images bucket.
  if exists (select 1 from unnest(new.images) p where split_part(p, '/', 1) <> new.vendor_id::text) then
    raise exception 'Listing images must be stored under the company''s folder' using errcode = '23514';
  end if;

  publishing := new.status = 'published' and (tg_op = 'INSERT' or old.status <> 'published');
  if tg_op = 'INSERT' or publishing or (new.featured and not old.featured)
     or (new.status = 'draft' and old.status <> 'draft') then
    -- Listings of one company are counted under a per-company lock, so two parallel requests cannot
    -- both take the last free slot.
    perform pg_advisory_xact_lock(hashtextextended('modula:listing-quota:' || new.vendor_id::text, 0));
    plan := private.company_plan(new.vendor_id);
    if new.featured and (tg_op = 'INSERT' or not old.featured) and not ('featured' = any (plan.listing_kinds)) then
      raise exception 'Featured listings are part of the Pro plan' using errcode = 'PT402',
        hint = 'Choose the Pro plan to feature listings.';
    end if;
    if (tg_op = 'INSERT' or publishing) and not (select private.is_demo()) then
      select count(*) into published from public.listings
       where vendor_id = new.vendor_id and status = 'published' and id <> new.id;
      if plan.max_listings = 0 then
        raise exception 'You need a subscription to create listings. Please select a plan.' using errcode = 'PT402',
          detail = format('plan=%s max_listings=0 current=%s', plan.id, published),
          hint = 'Choose a plan on /pricing.';
      elsif plan.max_listings > 0 and published >= plan.max_listings then
        raise exception 'Listing limit reached: the % plan allows % published listing%.', plan.name, plan.max_listings,
          case when plan.max_listings = 1 then '' else 's' end
          using errcode = 'PT402',
          detail = format('plan=%s max_listings=%s current=%s', plan.id, plan.max_listings, published),
          hint = 'Unpublish a listing or choose a larger plan on /pricing.';
      end if;
    end if;
    if new.status = 'draft' then
      select count(*) into drafts from public.listings
       where vendor_id = new.vendor_id and status = 'draft' and id <> new.id;
      if drafts >= 50 then
        raise exception 'A company can keep at most 50 drafts. Publish or delete one first.' using errcode = 'PT402';
      end if;
    end if;
  end if;
  return new;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The listing quota the dashboard and the create page show: the company's plan, its maximum and
-- what is used. The decision itself is made again by the trigger above.

create or replace function public.my_listing_quota()
returns table (company_id uuid, plan text, plan_name text, max_listings integer, published integer, drafts integer, demo boolean)
language sql stable security definer
set search_path = ''
as $$
  select c.id, p.id, p.name, p.max_listings,
         (select count(*)::integer from public.listings l where l.vendor_id = c.id and l.status = 'published'),
         (select count(*)::integer from public.listings l where l.vendor_id = c.id and l.status = 'draft'),
         (select private.is_demo())
    from public.companies c
    cross join lateral private.company_plan(c.id) p
   where c.id = (select private.my_company_id())
$$;
revoke all on function public.my_listing_quota() from public, anon;
grant execute on function public.my_listing_quota() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Account type (issue 13 item 12): user_type is not a client-writable column. A customer becomes a
-- vendor by creating or joining a company (the membership trigger sets it); a vendor returns to
-- being a customer with become_customer(), which requires having left the company first.

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
  elsif new.user_type is distinct from old.user_type
        and coalesce(current_setting('modula.account_type_flow', true), '') <> 'on' then
    raise exception 'The account type changes only by creating or joining a company (vendor) or by leaving it (customer)'
      using errcode = '42501';
  end if;
  return new;
end
$$;

-- Joining a company (creating it, accepting an invitation, or added by an administrator) makes the
-- member a vendor; profiles.company_id and company_name mirror company_members.
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
       set company_id = new.company_id, company_name = c.name, user_type = 'vendor'
      from public.companies c
     where p.id = new.user_id and c.id = new.company_id;
  end if;
  return null;
end
$$;

-- Any signed-in person without a company may create one (and so becomes a vendor).
drop policy "companies: vendors create one" on public.companies;
create policy "companies: create one" on public.companies for insert to authenticated
  with check ((select private.is_admin()) or (select private.my_company_id()) is null);

create or replace function public.become_customer() returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
begin
  if me is null then
    raise exception 'Unauthorized access' using errcode = '42501';
  end if;
  if exists (select 1 from public.company_members where user_id = me) then
    raise exception 'Leave your company before switching to a customer account' using errcode = 'PT409';
  end if;
  -- The guard above lets this one change through (a transaction-local setting only SQL can set).
  perform set_config('modula.account_type_flow', 'on', true);
  update public.profiles set user_type = 'customer' where id = me;
  perform set_config('modula.account_type_flow', '', true);
end
$$;

-- A member leaves; an owner may leave only when another member can take over (who becomes owner).
create or replace function public.leave_company() returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  membership public.company_members;
  successor uuid;
begin
  select * into membership from public.company_members where user_id = me for update;
  if membership.user_id is null then
    raise exception 'You are not a member of a company' using errcode = 'PT404';
  end if;
  if membership.member_role = 'owner' then
    select user_id into successor from public.company_members
     where company_id = membership.company_id and user_id <> me order by created_at limit 1;
    if successor is null then
      raise exception 'You are the only member of your company; it cannot be left without an owner' using errcode = 'PT409';
    end if;
    update public.company_members set member_role = 'owner' where company_id = membership.company_id and user_id = successor;
    update public.companies set owner_id = successor where id = membership.company_id;
  end if;
  delete from public.company_members where user_id = me;
end
$$;

revoke all on function public.become_customer() from public, anon;
revoke all on function public.leave_company() from public, anon;
grant execute on function public.become_customer() to authenticated, service_role;
grant execute on function public.leave_company() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Invitations: a company owner invites a colleague by email; the person signed in with that
-- address (confirmed) accepts and joins. Written only through the procedures below.

create table public.company_invitations (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  email text not null check (email = lower(btrim(email)) and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and char_length(email) <= 320),
  invited_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '14 days',
  accepted_at timestamptz,
  unique (company_id, email)
);
create index company_invitations_email_idx on public.company_invitations (email);

create or replace function private.my_email() returns text
language sql stable security definer
set search_path = ''
as $$
  select lower(u.email) from auth.users u where u.id = (select auth.uid()) and u.email_confirmed_at is not null
$$;
revoke all on function private.my_email() from public;
grant execute on function private.my_email() to authenticated, service_role;

alter table public.company_invitations enable row level security;
create policy "company_invitations: company members, invitee and administrators read" on public.company_invitations
  for select to authenticated
  using (company_id = (select private.my_company_id()) or email = (select private.my_email()) or (select private.is_admin()));
revoke all on public.company_invitations from anon, authenticated;
grant select on public.company_invitations to authenticated;
grant all on public.company_invitations to service_role;

create or replace function public.invite_to_company(email text) returns public.company_invitations
language plpgsql security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  me uuid := (select auth.uid());
  company uuid;
  address text := lower(btrim(coalesce(invite_to_company.email, '')));
  created public.company_invitations;
begin
  select m.company_id into company from public.company_members m where m.user_id = me and m.member_role = 'owner';
  if company is null then
    raise exception 'Only a company owner can invite colleagues' using errcode = '42501';
  end if;
  if address !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(address) > 320 then
    raise exception 'Please enter a valid email address.' using errcode = '22023';
  end if;
  if exists (select 1 from public.company_members m join auth.users u on u.id = m.user_id
              where m.company_id = company and lower(u.email) = address) then
    raise exception 'This person is already a member of your company' using errcode = 'PT409';
  end if;
  if (select count(*) from public.company_invitations i where i.company_id = company and i.created_at > now() - interval '1 day') >= 20 then
    raise exception 'At most 20 invitations a day per company' using errcode = 'PT429';
  end if;
  insert into public.company_invitations (company_id, email, invited_by)
  values (company, address, me)
  on conflict (company_id, email) do update
    set invited_by = excluded.invited_by, created_at = now(), expires_at = now() + interval '14 days', accepted_at = null
  returning * into created;
  return created;
end
$$;

-- The invitations waiting for the caller, with the company's name.
create or replace function public.my_invitations()
returns table (id uuid, company_id uuid, company_name text, company_type public.company_type, invited_by_name text, created_at timestamptz, expires_at timestamptz)
language sql stable security definer
set search_path = ''
as $$
  select i.id, c.id, c.name, c.company_type, p.name, i.created_at, i.expires_at
    from public.company_invitations i
    join public.companies c on c.id = i.company_id
    left join public.profiles p on p.id = i.invited_by
   where i.email = (select private.my_email()) and i.accepted_at is null and i.expires_at > now()
   order by i.created_at desc
$$;

create or replace function public.accept_company_invitation(invitation_id uuid) returns uuid
language plpgsql security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  invitation public.company_invitations;
begin
  select * into invitation from public.company_invitations i
   where i.id = invitation_id and i.email = (select private.my_email()) and i.accepted_at is null and i.expires_at > now()
   for update;
  if invitation.id is null then
    raise exception 'Invitation not found' using errcode = 'PT404';
  end if;
  if exists (select 1 from public.company_members where user_id = me) then
    raise exception 'Leave your current company before joining another' using errcode = 'PT409';
  end if;
  insert into public.company_members (company_id, user_id, member_role) values (invitation.company_id, me, 'member');
  update public.company_invitations set accepted_at = now() where id = invitation.id;
  return invitation.company_id;
end
$$;

revoke all on function public.invite_to_company(text) from public, anon;
revoke all on function public.my_invitations() from public, anon;
revoke all on function public.accept_company_invitation(uuid) from public, anon;
grant execute on function public.invite_to_company(text) to authenticated, service_role;
grant execute on function public.my_invitations() to authenticated, service_role;
grant execute on function public.accept_company_invitation(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Dashboard statistics: per listing of the caller's company, views (view_item events), favourites,
-- conversations and meeting requests in the last `days` days. Only members of the company get rows.

create or replace function public.vendor_listing_stats(days integer default 30)
returns table (
  id uuid, title text, listing_type public.listing_type, status public.listing_status, price integer,
  image text, published_at timestamptz, updated_at timestamptz,
  views integer, favorites integer, favorites_total integer, conversations integer, meeting_requests integer
)
language sql stable security definer
set search_path = ''
as $$
  with mine as (
    select l.* from public.listings l where l.vendor_id = (select private.my_company_id())
  ), since as (
    select now() - make_interval(days => least(greatest(coalesce(days, 30), 1), 366)) as t
  ), viewed as (
    select e.params ->> 'listing_id' as listing, count(*)::integer as n
      from public.analytics_events e
     where e.name = 'view_item' and e.occurred_at > (select t from since)
       and e.params ->> 'listing_id' in (select m.id::text from mine m)
     group by 1
  )
  select m.id, m.title, m.listing_type, m.status, m.price, m.images[1], m.published_at, m.updated_at,
         coalesce((select v.n from viewed v where v.listing = m.id::text), 0),
         (select count(*)::integer from public.favorites f where f.listing_id = m.id and f.created_at > (select t from since)),
         (select count(*)::integer from public.favorites f where f.listing_id = m.id),
         (select count(*)::integer from public.conversations c where c.listing_id = m.id and c.created_at > (select t from since)),
         (select count(*)::integer from public.meetings x where x.listing_id = m.id and x.created_at > (select t from since))
    from mine m
   order by m.updated_at desc
$$;
revoke all on function public.vendor_listing_stats(integer) from public, anon;
grant execute on function public.vendor_listing_stats(integer) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Orders move on through one procedure. The vendor (a member of the order's company) follows the
-- production path; either side may cancel before production starts; a deposit paid through the
-- payment provider is recorded by the service role. Each change is history and an email to both.

create table private.order_notices (
  id bigint generated always as identity primary key,
  order_id uuid not null references public.orders (id) on delete cascade,
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  status public.order_status not null,
  previous_status public.order_status,
  actor_id uuid references public.profiles (id) on delete set null,
  note text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index order_notices_unsent_idx on private.order_notices (id) where sent_at is null;
alter table private.order_notices enable row level security;
revoke all on private.order_notices from public, anon, authenticated;

create or replace function private.order_transition_allowed(from_status public.order_status, to_status public.order_status)
returns boolean
language sql immutable
set search_path = ''
as $$
  select (from_status, to_status) in (
    ('awaiting_deposit'::public.order_status, 'deposit_paid'::public.order_status),
    ('awaiting_deposit', 'cancelled'),
    ('deposit_paid', 'in_production'),
    ('deposit_paid', 'cancelled'),
    ('in_production', 'shipped'),
    ('in_production', 'cancelled'),
    ('shipped', 'delivered'),
    ('delivered', 'completed')
  )
$$;
revoke all on function private.order_transition_allowed(public.order_status, public.order_status) from public;
grant execute on function private.order_transition_allowed(public.order_status, public.order_status) to authenticated, service_role;

create or replace function public.update_order_status(order_id uuid, status public.order_status, note text default null)
returns public.orders
language plpgsql security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  target public.orders;
  is_member boolean;
  previous public.order_status;
  clean_note text := nullif(btrim(coalesce(note, '')), '');
  vendor_contact uuid;
begin
  select * into target from public.orders o where o.id = update_order_status.order_id for update;
  is_member := target.id is not null and exists (
    select 1 from public.company_members m where m.company_id = target.company_id and m.user_id = me);
  if target.id is null or not (is_member or target.customer_id = me or (select private.is_trusted())) then
    raise exception 'Order not found' using errcode = 'PT404';
  end if;
  if char_length(coalesce(clean_note, '')) > 2000 then
    raise exception 'The note can be at most 2000 characters' using errcode = '22023';
  end if;
  previous := target.status;
  if not private.order_transition_allowed(previous, update_order_status.status) then
    raise exception 'An order cannot go from % to %', previous, update_order_status.status using errcode = 'PT409';
  end if;
  -- The customer may only cancel, and only before production starts.
  if not (select private.is_trusted()) and not is_member
     and not (update_order_status.status = 'cancelled' and previous = 'awaiting_deposit') then
    raise exception 'Only the vendor can move this order on' using errcode = '42501';
  end if;
  update public.orders o
     set status = update_order_status.status,
         deposit_paid_at = case when update_order_status.status = 'deposit_paid' then coalesce(o.deposit_paid_at, now()) else o.deposit_paid_at end
   where o.id = target.id
   returning * into target;
  insert into public.order_events (order_id, status, actor_id, note) values (target.id, target.status, me, clean_note);
  vendor_contact := coalesce(target.vendor_id, (select c.owner_id from public.companies c where c.id = target.company_id));
  insert into private.order_notices (order_id, recipient_id, status, previous_status, actor_id, note)
  select target.id, r, target.status, previous, me, clean_note
    from unnest(array[target.customer_id, vendor_contact]) r
   where r is not null;
  return target;
end
$$;
revoke all on function public.update_order_status(uuid, public.order_status, text) from public, anon;
grant execute on function public.update_order_status(uuid, public.order_status, text) to authenticated, service_role;

-- The order's parties are told when it is created too (accept_quotation inserts it).
create or replace function private.notify_order_created() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into private.order_notices (order_id, recipient_id, status, actor_id)
  select new.id, r, new.status, (select auth.uid())
    from unnest(array[new.customer_id, coalesce(new.vendor_id, (select c.owner_id from public.companies c where c.id = new.company_id))]) r
   where r is not null;
  return null;
end
$$;
revoke all on function private.notify_order_created() from public;
create trigger orders_notify_created after insert on public.orders
  for each row execute function private.notify_order_created();

-- ---------------------------------------------------------------------------------------------
-- Listing photos: up to 15 MB each (issue 15); HEIC is converted to JPEG in the browser before upload,
-- because the image renderer cannot decode it.
update storage.buckets set file_size_limit = 15728640 where id = 'listing-images';
