-- Between customers and vendors: favourites, conversations with their messages, and meetings.
-- Everything here is visible only to its participants. conversations.vendor_id and meetings.vendor_id
-- are the vendor's user id (a profile), not the company: one person answers the customer.

create table public.favorites (
  user_id uuid not null references public.profiles (id) on delete cascade,
  listing_id uuid not null references public.listings (id) on delete cascade,
  created_at timestamptz not null default now(),
  -- The primary key identifies a DELETE in realtime events (only key columns reach subscribers).
  primary key (user_id, listing_id)
);
create index favorites_user_newest_idx on public.favorites (user_id, created_at desc);
create index favorites_listing_idx on public.favorites (listing_id);

create table public.conversations (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null,
  vendor_id uuid not null,
  listing_id uuid,
  last_message_at timestamptz,
  created_at timestamptz not null default now(),
  -- Named so clients can embed both sides unambiguously:
  -- customer:profiles!conversations_customer_id_fkey(name), vendor:profiles!conversations_vendor_id_fkey(name).
  constraint conversations_customer_id_fkey foreign key (customer_id) references public.profiles (id) on delete cascade,
  constraint conversations_vendor_id_fkey foreign key (vendor_id) references public.profiles (id) on delete cascade,
  constraint conversations_listing_id_fkey foreign key (listing_id) references public.listings (id) on delete set null,
  constraint conversations_two_people check (customer_id <> vendor_id),
  -- One conversation per customer, vendor and listing (spec section 5).
  constraint conversations_one_per_listing unique (customer_id, vendor_id, listing_id)
);
create index conversations_customer_idx on public.conversations (customer_id, last_message_at desc nulls last);
create index conversations_vendor_idx on public.conversations (vendor_id, last_message_at desc nulls last);
create index conversations_listing_idx on public.conversations (listing_id);

create table public.messages (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  sender_id uuid not null references public.profiles (id) on delete cascade,
  -- Text, or for attachments and quotations a JSON object (type, fileName, title, amount, currency).
  content text not null check (char_length(btrim(content)) between 1 and 10000),
  message_type public.message_type not null default 'text',
  read_at timestamptz,
  created_at timestamptz not null default now()
);
create index messages_conversation_idx on public.messages (conversation_id, created_at);
create index messages_unread_idx on public.messages (conversation_id, sender_id) where read_at is null;

create table public.meetings (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null,
  vendor_id uuid not null,
  listing_id uuid,
  scheduled_at timestamptz not null,
  duration_minutes smallint not null default 60 check (duration_minutes between 15 and 480),
  meeting_type public.meeting_type not null default 'video',
  status public.meeting_status not null default 'requested',
  notes text check (notes is null or char_length(notes) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint meetings_customer_id_fkey foreign key (customer_id) references public.profiles (id) on delete cascade,
  constraint meetings_vendor_id_fkey foreign key (vendor_id) references public.profiles (id) on delete cascade,
  constraint meetings_listing_id_fkey foreign key (listing_id) references public.listings (id) on delete set null,
  constraint meetings_two_people check (customer_id <> vendor_id)
);
create index meetings_customer_idx on public.meetings (customer_id, scheduled_at);
create index meetings_vendor_idx on public.meetings (vendor_id, scheduled_at);

create trigger meetings_touch before update on public.meetings
  for each row execute function private.touch_updated_at();

-- ---------------------------------------------------------------------------------------------

create or replace function private.is_participant(conversation uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.conversations c
     where c.id = conversation and (select auth.uid()) in (c.customer_id, c.vendor_id)
  )
$$;

-- Whether `person` may answer for the company selling `listing` (or is a vendor at all when there is
-- no listing).
create or replace function private.speaks_for_listing(person uuid, listing uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select case
    when listing is null then exists (select 1 from public.profiles where id = person and user_type = 'vendor')
    else exists (
      select 1 from public.listings l join public.company_members m on m.company_id = l.vendor_id
       where l.id = listing and m.user_id = person
    )
  end
$$;

-- The member a customer's first message goes to: the company's owner, else its oldest member.
create or replace function private.company_contact(company uuid) returns uuid
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    (select owner_id from public.companies where id = company and owner_id is not null
        and exists (select 1 from public.company_members m where m.company_id = company and m.user_id = owner_id)),
    (select user_id from public.company_members where company_id = company order by created_at, user_id limit 1)
  )
$$;

-- Profiles of the people one talks to or meets are visible (names in the messenger and meetings).
create or replace function private.is_counterpart(person uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.conversations c
     where (c.customer_id = (select auth.uid()) and c.vendor_id = person)
        or (c.vendor_id = (select auth.uid()) and c.customer_id = person)
  ) or exists (
    select 1 from public.meetings m
     where (m.customer_id = (select auth.uid()) and m.vendor_id = person)
        or (m.vendor_id = (select auth.uid()) and m.customer_id = person)
  )
$$;

revoke all on function private.is_participant(uuid) from public;
revoke all on function private.speaks_for_listing(uuid, uuid) from public;
revoke all on function private.company_contact(uuid) from public;
revoke all on function private.is_counterpart(uuid) from public;
grant execute on function private.is_participant(uuid) to authenticated, service_role;
grant execute on function private.speaks_for_listing(uuid, uuid) to authenticated, service_role;
-- open_conversation runs as the caller and needs the contact person, nothing more about members.
grant execute on function private.company_contact(uuid) to authenticated, service_role;
grant execute on function private.is_counterpart(uuid) to authenticated, service_role;

create policy "profiles: counterparts" on public.profiles for select to authenticated
  using ((select private.is_counterpart(id)));

-- Attachments and quotations carry a JSON object; the messenger parses it, so it must parse.
create or replace function private.check_message() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  parsed jsonb;
begin
  if new.message_type <> 'text' then
    begin
      parsed := new.content::jsonb;
    exception when others then
      raise exception '% messages carry a JSON object', new.message_type using errcode = '22023';
    end;
    if jsonb_typeof(parsed) <> 'object' then
      raise exception '% messages carry a JSON object', new.message_type using errcode = '22023';
    end if;
  end if;
  if tg_op = 'UPDATE' and not (select private.is_trusted())
     and (new.content, new.message_type, new.sender_id, new.conversation_id, new.created_at)
         is distinct from (old.content, old.message_type, old.sender_id, old.conversation_id, old.created_at) then
    raise exception 'Only read_at of a message can change' using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger messages_check before insert or update on public.messages
  for each row execute function private.check_message();

create or replace function private.bump_conversation() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.conversations
     set last_message_at = greatest(coalesce(last_message_at, new.created_at), new.created_at)
   where id = new.conversation_id;
  return null;
end
$$;

create trigger messages_bump_conversation after insert on public.messages
  for each row execute function private.bump_conversation();

create or replace function private.guard_meeting() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (select private.is_trusted()) then
    return new;
  end if;
  if tg_op = 'INSERT' then
    new.status := 'requested';
  elsif (new.customer_id, new.vendor_id, new.listing_id) is distinct from (old.customer_id, old.vendor_id, old.listing_id) then
    raise exception 'A meeting keeps its participants' using errcode = '42501';
  elsif new.status is distinct from old.status then
    -- The vendor answers a request; the customer may only cancel it.
    if (select auth.uid()) = old.customer_id and new.status <> 'cancelled' then
      raise exception 'A customer can only cancel a meeting' using errcode = '42501';
    end if;
  end if;
  return new;
end
$$;

create trigger meetings_guard before insert or update on public.meetings
  for each row execute function private.guard_meeting();

-- ---------------------------------------------------------------------------------------------
-- Remote procedures

-- Marks the other party's unread messages in a conversation as read; returns how many changed.
create or replace function public.mark_conversation_read(conversation_id uuid) returns integer
language plpgsql
set search_path = ''
as $$
declare
  changed integer;
begin
  if not private.is_participant(mark_conversation_read.conversation_id) then
    raise exception 'Unauthorized access' using errcode = '42501';
  end if;
  update public.messages m
     set read_at = now()
   where m.conversation_id = mark_conversation_read.conversation_id
     and m.sender_id <> (select auth.uid())
     and m.read_at is null;
  get diagnostics changed = row_count;
  return changed;
end
$$;

-- "Contact vendor": returns the caller's conversation about a listing with the company's contact
-- person, creating it on first contact (an existing one is returned instead of a second one).
create or replace function public.open_conversation(listing_id uuid) returns public.conversations
language plpgsql
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  company uuid;
  contact uuid;
  found public.conversations;
begin
  if me is null then
    raise exception 'Unauthorized access' using errcode = '42501';
  end if;
  select l.vendor_id into company from public.listings l where l.id = open_conversation.listing_id;
  if company is null then
    raise exception 'Listing % not found', open_conversation.listing_id using errcode = 'PT404';
  end if;
  contact := private.company_contact(company);
  if contact is null then
    raise exception 'This vendor cannot receive messages yet' using errcode = 'PT409';
  end if;
  if contact = me then
    raise exception 'You cannot start a conversation with your own company' using errcode = '22023';
  end if;
  insert into public.conversations (customer_id, vendor_id, listing_id)
  values (me, contact, open_conversation.listing_id)
  on conflict on constraint conversations_one_per_listing do nothing;
  select * into found from public.conversations c
   where c.customer_id = me and c.vendor_id = contact and c.listing_id = open_conversation.listing_id;
  return found;
end
$$;

revoke all on function public.mark_conversation_read(uuid) from public, anon;
revoke all on function public.open_conversation(uuid) from public, anon;
grant execute on function public.mark_conversation_read(uuid) to authenticated, service_role;
grant execute on function public.open_conversation(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Row-level security

alter table public.favorites enable row level security;
alter table public.conversations enable row level security;
alter table public.messages enable row level security;
alter table public.meetings enable row level security;

create policy "favorites: own" on public.favorites for select to authenticated
  using (user_id = (select auth.uid()));
-- Only listings the user can see (published ones, or their company's own) can be saved.
create policy "favorites: add own" on public.favorites for insert to authenticated
  with check (user_id = (select auth.uid()) and exists (select 1 from public.listings l where l.id = listing_id));
create policy "favorites: remove own" on public.favorites for delete to authenticated
  using (user_id = (select auth.uid()));

create policy "conversations: participants" on public.conversations for select to authenticated
  using ((select auth.uid()) in (customer_id, vendor_id));
create policy "conversations: customer or vendor starts" on public.conversations for insert to authenticated
  with check (
    (select auth.uid()) in (customer_id, vendor_id)
    and (select private.speaks_for_listing(vendor_id, listing_id))
  );
create policy "conversations: participants touch" on public.conversations for update to authenticated
  using ((select auth.uid()) in (customer_id, vendor_id))
  with check ((select auth.uid()) in (customer_id, vendor_id));

create policy "messages: participants read" on public.messages for select to authenticated
  using ((select private.is_participant(conversation_id)));
create policy "messages: participants send as themselves" on public.messages for insert to authenticated
  with check (sender_id = (select auth.uid()) and (select private.is_participant(conversation_id)));
create policy "messages: recipient marks read" on public.messages for update to authenticated
  using (sender_id <> (select auth.uid()) and (select private.is_participant(conversation_id)))
  with check (sender_id <> (select auth.uid()) and (select private.is_participant(conversation_id)));

create policy "meetings: participants" on public.meetings for select to authenticated
  using ((select auth.uid()) in (customer_id, vendor_id));
create policy "meetings: customer requests" on public.meetings for insert to authenticated
  with check (customer_id = (select auth.uid()) and (select private.speaks_for_listing(vendor_id, listing_id)));
create policy "meetings: participants update" on public.meetings for update to authenticated
  using ((select auth.uid()) in (customer_id, vendor_id))
  with check ((select auth.uid()) in (customer_id, vendor_id));

-- Hosted projects may add default privileges; start from none and grant exactly what is needed.
revoke all on public.favorites, public.conversations, public.messages, public.meetings from anon, authenticated;
grant select, insert, delete on public.favorites to authenticated;
grant all on public.favorites to service_role;
grant select, insert on public.conversations to authenticated;
grant update (last_message_at) on public.conversations to authenticated;
grant all on public.conversations to service_role;
grant select, insert on public.messages to authenticated;
grant update (read_at) on public.messages to authenticated;
grant all on public.messages to service_role;
grant select, insert on public.meetings to authenticated;
grant update (scheduled_at, duration_minutes, meeting_type, status, notes) on public.meetings to authenticated;
grant all on public.meetings to service_role;

-- ---------------------------------------------------------------------------------------------
-- Realtime: the messenger and the favourites page subscribe to these. FULL replica identity lets
-- filters such as user_id=eq.<id> match UPDATE and DELETE events.

alter table public.favorites replica identity full;
alter table public.conversations replica identity full;
alter table public.messages replica identity full;
alter publication supabase_realtime add table public.favorites, public.conversations, public.messages;
