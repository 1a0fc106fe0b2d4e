-- The messenger (issue 14) on the engagement tables: conversations start only through
-- open_conversation or request_meeting, messages are validated and rate limited in the database,
-- meetings change only through remote procedures that post what happened into the conversation and
-- queue an email for both sides, quotations become orders through accept_quotation. The read
-- procedures (my_conversations, my_meetings, counterpart_profiles, unread_message_count) give each
-- participant exactly what the messenger shows of the other side: name, company, avatar.

-- ---------------------------------------------------------------------------------------------
-- Conversations: no direct inserts or updates by clients (issue 13, item 11).

drop policy if exists "conversations: customer or vendor starts" on public.conversations;
drop policy if exists "conversations: participants touch" on public.conversations;
revoke insert, update on public.conversations from authenticated;
-- last_message_at follows the messages (trigger private.bump_conversation).

create index if not exists conversations_customer_created_idx on public.conversations (customer_id, created_at desc);

-- Finds the caller's conversation about a listing, or starts one with the company's contact person:
-- only a customer, only about a published listing of another company, at most 20 new ones an hour.
create or replace function private.start_conversation(listing uuid) returns public.conversations
language plpgsql security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  company uuid;
  published boolean;
  contact uuid;
  found public.conversations;
begin
  if me is null then
    raise exception 'Unauthorized access' using errcode = '42501';
  end if;
  -- One conversation per customer and listing, whoever answers for the company today.
  select c.* into found from public.conversations c
   where c.customer_id = me and c.listing_id = listing
   order by c.created_at, c.id limit 1;
  if found.id is not null then
    return found;
  end if;
  select l.vendor_id, l.status = 'published' into company, published from public.listings l where l.id = listing;
  if company is null or not published then
    raise exception 'This listing is not available' using errcode = 'PT404';
  end if;
  if exists (select 1 from public.company_members m where m.company_id = company and m.user_id = me) then
    raise exception 'You cannot start a conversation with your own company' using errcode = '22023';
  end if;
  if not exists (select 1 from public.profiles p where p.id = me and p.user_type = 'customer') then
    raise exception 'Only customer accounts can contact vendors' using errcode = '42501';
  end if;
  contact := private.company_contact(company);
  if contact is null then
    raise exception 'This vendor cannot receive messages yet' using errcode = 'PT409';
  end if;
  -- Counted from the conversations themselves (an exact sliding hour); the lock makes two parallel
  -- requests of one customer count one after the other.
  perform pg_advisory_xact_lock(hashtext('modula.conversations'), hashtext(me::text));
  if (select count(*) from public.conversations c where c.customer_id = me and c.created_at > now() - interval '1 hour') >= 20 then
    raise exception 'You have started 20 conversations in the last hour. Please try again later.' using errcode = 'PT429';
  end if;
  insert into public.conversations (customer_id, vendor_id, listing_id)
  values (me, contact, listing)
  on conflict on constraint conversations_one_per_listing do nothing
  returning * into found;
  if found.id is null then
    select c.* into found from public.conversations c
     where c.customer_id = me and c.vendor_id = contact and c.listing_id = listing;
  end if;
  return found;
end
$$;

-- "Contact vendor" (spec section 5): the existing customer/vendor/listing conversation, or a new one.
create or replace function public.open_conversation(listing_id uuid) returns public.conversations
language sql security definer
set search_path = ''
as $$
  select * from private.start_conversation(open_conversation.listing_id)
$$;

revoke all on function private.start_conversation(uuid) from public;

-- ---------------------------------------------------------------------------------------------
-- Messages: what a client may send, once, at most 30 a minute.

create index if not exists messages_sender_recent_idx on public.messages (sender_id, created_at desc);

-- meeting and system messages come only from the procedures below (which run as the table owner, so
-- this policy does not apply to them).
drop policy if exists "messages: participants send as themselves" on public.messages;
create policy "messages: participants send as themselves" on public.messages for insert to authenticated
  with check (
    sender_id = (select auth.uid())
    and message_type in ('text', 'attachment', 'quotation')
    and (select private.is_participant(conversation_id))
  );

-- The storage path an attachment message points at: "<conversation id>/<folder>/<file name>".
create or replace function private.attachment_object(conversation uuid, object_path text, uploader uuid) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select o.metadata from storage.objects o
   where o.bucket_id = 'message-attachments'
     and o.name = object_path
     and split_part(object_path, '/', 1) = conversation::text
     and (o.owner_id = uploader::text or o.owner = uploader)
$$;

create or replace function private.prepare_message() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  conversation public.conversations;
  body jsonb;
  stored jsonb;
  title text;
  amount numeric;
  currency text;
  deposit numeric;
  valid_until date;
begin
  if (select private.is_trusted()) then
    return new;
  end if;
  -- A retry of a message already stored (same client-generated id, sender and conversation) is stored
  -- once: the repeated insert succeeds and adds nothing.
  if exists (select 1 from public.messages m
              where m.id = new.id and m.sender_id = new.sender_id and m.conversation_id = new.conversation_id) then
    return null;
  end if;
  -- The server's clock, not the client's: times order the thread and count towards the rate limit.
  new.created_at := now();
  new.read_at := null;
  if new.message_type in ('meeting', 'system') then
    return new;
  end if;

  perform pg_advisory_xact_lock(hashtext('modula.messages'), hashtext(new.sender_id::text));
  if (select count(*) from public.messages m where m.sender_id = new.sender_id and m.created_at > now() - interval '1 minute') >= 30 then
    raise exception 'You are sending messages too fast. Please wait a minute and try again.' using errcode = 'PT429';
  end if;

  if new.message_type = 'text' then
    return new;
  end if;
  select c.* into conversation from public.conversations c where c.id = new.conversation_id;
  body := new.content::jsonb;

  if new.message_type = 'attachment' then
    if body ->> 'type' is distinct from 'attachment' or jsonb_typeof(body -> 'fileName') is distinct from 'string'
       or jsonb_typeof(body -> 'path') is distinct from 'string' or btrim(body ->> 'fileName') = '' then
      raise exception 'An attachment message is {"type":"attachment","fileName":...,"path":...}' using errcode = '22023';
    end if;
    stored := private.attachment_object(new.conversation_id, body ->> 'path', new.sender_id);
    if stored is null then
      raise exception 'Upload the file to this conversation''s folder before sending it' using errcode = '22023';
    end if;
    -- Size and type as storage recorded them (sniffed from the bytes), not as the client says.
    new.content := jsonb_build_object(
      'type', 'attachment',
      'fileName', left(btrim(body ->> 'fileName'), 255),
      'path', body ->> 'path',
      'size', (stored ->> 'size')::bigint,
      'mimeType', stored ->> 'mimetype'
    )::text;
    return new;
  end if;

  -- quotation
  if new.sender_id <> conversation.vendor_id then
    raise exception 'Only the vendor can send a quotation' using errcode = '42501';
  end if;
  title := btrim(coalesce(body ->> 'title', ''));
  if body ->> 'type' is distinct from 'quotation' or char_length(title) not between 1 and 200 then
    raise exception 'A quotation needs a title of up to 200 characters' using errcode = '22023';
  end if;
  begin
    amount := round((body ->> 'amount')::numeric, 2);
    currency := upper(coalesce(nullif(btrim(body ->> 'currency'), ''), 'EUR'));
    deposit := coalesce((body ->> 'depositPercent')::numeric, 10);
    valid_until := (body ->> 'validUntil')::date;
  exception when others then
    raise exception 'A quotation''s amount, deposit and validity date must be a number, a number and a date' using errcode = '22023';
  end;
  if amount is null or amount <= 0 or amount >= 10000000000 then
    raise exception 'A quotation''s amount must be more than 0' using errcode = '22023';
  end if;
  if currency !~ '^[A-Z]{3}$' then
    raise exception 'A quotation''s currency is a three-letter code such as EUR' using errcode = '22023';
  end if;
  if deposit < 0 or deposit > 100 then
    raise exception 'A quotation''s deposit is between 0 and 100 percent' using errcode = '22023';
  end if;
  if valid_until < current_date then
    raise exception 'A quotation cannot be valid until a day in the past' using errcode = '22023';
  end if;
  new.content := jsonb_strip_nulls(jsonb_build_object(
    'type', 'quotation', 'title', title, 'amount', amount, 'currency', currency,
    'depositPercent', deposit, 'validUntil', valid_until
  ))::text;
  return new;
end
$$;

-- Runs after messages_check (triggers fire in name order), which has made sure the JSON parses.
create trigger messages_prepare before insert on public.messages
  for each row execute function private.prepare_message();

revoke all on function private.attachment_object(uuid, text, uuid) from public;
revoke all on function private.prepare_message() from public;

-- The number of messages waiting for the caller (the launcher's badge).
create or replace function public.unread_message_count() returns integer
language sql stable security definer
set search_path = ''
as $$
  select count(*)::integer
    from public.conversations c
    join public.messages m on m.conversation_id = c.id
   where (select auth.uid()) in (c.customer_id, c.vendor_id)
     and m.sender_id <> (select auth.uid())
     and m.read_at is null
$$;

-- ---------------------------------------------------------------------------------------------
-- Meetings: requested by a customer with two or three times, answered through procedures only.

alter table public.meetings
  add column conversation_id uuid,
  add column proposed_times timestamptz[] not null default '{}',
  add column proposed_by uuid,
  add column time_zone text check (time_zone is null or char_length(time_zone) <= 64),
  add column status_reason text check (status_reason is null or char_length(status_reason) <= 1000),
  -- Bumped on every change of time or status: the SEQUENCE of the meeting's calendar file.
  add column sequence integer not null default 0,
  add constraint meetings_conversation_id_fkey foreign key (conversation_id) references public.conversations (id) on delete set null,
  add constraint meetings_proposed_by_fkey foreign key (proposed_by) references public.profiles (id) on delete set null,
  add constraint meetings_at_most_three_times check (cardinality(proposed_times) <= 3);
create index meetings_conversation_idx on public.meetings (conversation_id);

drop policy if exists "meetings: customer requests" on public.meetings;
drop policy if exists "meetings: participants update" on public.meetings;
revoke insert, update on public.meetings from authenticated;
-- The procedures below are now the only writers through the API; the old row guard is replaced by them.
drop trigger if exists meetings_guard on public.meetings;
drop function if exists private.guard_meeting();
-- Both insert policies that called it are gone.
drop function if exists private.speaks_for_listing(uuid, uuid);

-- Every change to a meeting is sent to both sides by email (the backend's meeting-notices job reads
-- this queue). details is the meeting as it was at that change, so a later change cannot alter an
-- email that is still waiting.
create table private.meeting_notices (
  id bigint generated always as identity primary key,
  meeting_id uuid not null references public.meetings (id) on delete cascade,
  event text not null check (event in ('requested', 'confirmed', 'declined', 'proposed', 'cancelled')),
  actor_id uuid,
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  details jsonb not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index meeting_notices_unsent_idx on private.meeting_notices (id) where sent_at is null;
alter table private.meeting_notices enable row level security;

create or replace function private.meeting_times(times timestamptz[], min_count integer, max_count integer) returns timestamptz[]
language plpgsql stable
set search_path = ''
as $$
declare
  cleaned timestamptz[];
begin
  select array_agg(distinct t order by t) into cleaned from unnest(times) t where t is not null;
  if coalesce(cardinality(cleaned), 0) < min_count or cardinality(cleaned) > max_count then
    raise exception 'Propose % to % different times', min_count, max_count using errcode = '22023';
  end if;
  if cleaned[1] < now() + interval '1 hour' then
    raise exception 'Proposed times must be at least an hour from now' using errcode = '22023';
  end if;
  if cleaned[cardinality(cleaned)] > now() + interval '1 year' then
    raise exception 'Proposed times must be within the next year' using errcode = '22023';
  end if;
  return cleaned;
end
$$;

create or replace function private.meeting_time_zone(zone text) returns text
language plpgsql stable
set search_path = ''
as $$
begin
  if zone is null or btrim(zone) = '' then
    return null;
  end if;
  perform now() at time zone zone;
  return zone;
exception when others then
  raise exception 'Unknown time zone %', zone using errcode = '22023';
end
$$;

-- Posts what happened into the conversation and queues the email for both sides.
create or replace function private.meeting_changed(changed public.meetings, event text, previous_status public.meeting_status)
returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  details jsonb := jsonb_strip_nulls(jsonb_build_object(
    'meetingType', changed.meeting_type,
    'status', changed.status,
    'previousStatus', previous_status,
    'times', case when event in ('requested', 'proposed') then to_jsonb(changed.proposed_times) end,
    'scheduledAt', case when event in ('confirmed', 'cancelled') then changed.scheduled_at end,
    'durationMinutes', changed.duration_minutes,
    'reason', changed.status_reason,
    'note', case when event = 'requested' then changed.notes end,
    'timeZone', changed.time_zone,
    'sequence', changed.sequence
  ));
begin
  if changed.conversation_id is not null then
    insert into public.messages (conversation_id, sender_id, content, message_type)
    values (changed.conversation_id, me,
            (jsonb_build_object('type', 'meeting', 'event', event, 'meetingId', changed.id) || details)::text, 'meeting');
  end if;
  insert into private.meeting_notices (meeting_id, event, actor_id, recipient_id, details)
  values (changed.id, event, me, changed.customer_id, details), (changed.id, event, me, changed.vendor_id, details);
end
$$;

-- The meeting the caller takes part in, locked for a change; "not found" for everyone else.
create or replace function private.my_meeting_for_update(meeting uuid) returns public.meetings
language plpgsql security definer
set search_path = ''
as $$
declare
  found public.meetings;
begin
  select m.* into found from public.meetings m where m.id = meeting for update;
  if found.id is null or (select auth.uid()) is null or (select auth.uid()) not in (found.customer_id, found.vendor_id) then
    raise exception 'Meeting not found' using errcode = 'PT404';
  end if;
  return found;
end
$$;

-- Who answers the open proposal: the vendor, unless the vendor made it.
create or replace function private.meeting_awaits(meeting public.meetings) returns uuid
language sql immutable
set search_path = ''
as $$
  select case when meeting.proposed_by = meeting.vendor_id then meeting.customer_id else meeting.vendor_id end
$$;

-- Schedule Meeting: an on-site visit or a video call about a listing, with 2 or 3 proposed times.
create or replace function public.request_meeting(
  listing_id uuid, meeting_type public.meeting_type, proposed_times timestamptz[], time_zone text default null, note text default null
) returns public.meetings
language plpgsql security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  times timestamptz[];
  conversation public.conversations;
  created public.meetings;
begin
  if me is null then
    raise exception 'Unauthorized access' using errcode = '42501';
  end if;
  if request_meeting.meeting_type not in ('on_site', 'video') then
    raise exception 'A tour is an on-site visit or a video call' using errcode = '22023';
  end if;
  if char_length(btrim(coalesce(note, ''))) > 2000 then
    raise exception 'The note can be at most 2000 characters' using errcode = '22023';
  end if;
  times := private.meeting_times(request_meeting.proposed_times, 2, 3);
  if not exists (select 1 from public.listings l where l.id = request_meeting.listing_id and l.status = 'published') then
    raise exception 'This listing is not available' using errcode = 'PT404';
  end if;
  conversation := private.start_conversation(request_meeting.listing_id);
  if conversation.customer_id <> me then
    raise exception 'Only customer accounts can schedule meetings' using errcode = '42501';
  end if;
  if exists (select 1 from public.meetings m
              where m.conversation_id = conversation.id
                and (m.status = 'requested' or (m.status = 'confirmed' and m.scheduled_at > now()))) then
    raise exception 'You already have a meeting planned about this listing. Change it on your meetings page.' using errcode = 'PT409';
  end if;
  insert into public.meetings (customer_id, vendor_id, listing_id, conversation_id, scheduled_at, meeting_type, status, notes,
                               proposed_times, proposed_by, time_zone)
  values (me, conversation.vendor_id, conversation.listing_id, conversation.id, times[1], request_meeting.meeting_type, 'requested',
          nullif(btrim(note), ''), times, me, private.meeting_time_zone(time_zone))
  returning * into created;
  perform private.meeting_changed(created, 'requested', null);
  return created;
end
$$;

-- The side that was asked picks one of the proposed times.
create or replace function public.confirm_meeting(meeting_id uuid, scheduled_at timestamptz) returns public.meetings
language plpgsql security definer
set search_path = ''
as $$
declare
  meeting public.meetings := private.my_meeting_for_update(confirm_meeting.meeting_id);
begin
  if meeting.status <> 'requested' then
    raise exception 'This meeting is not waiting for an answer' using errcode = 'PT409';
  end if;
  if private.meeting_awaits(meeting) <> (select auth.uid()) then
    raise exception 'The other side answers this proposal' using errcode = '42501';
  end if;
  if not (confirm_meeting.scheduled_at = any (meeting.proposed_times)) then
    raise exception 'Choose one of the proposed times' using errcode = '22023';
  end if;
  if confirm_meeting.scheduled_at < now() then
    raise exception 'This time has passed; propose another one' using errcode = '22023';
  end if;
  update public.meetings m
     set status = 'confirmed', scheduled_at = confirm_meeting.scheduled_at, status_reason = null, sequence = m.sequence + 1
   where m.id = meeting.id
  returning * into meeting;
  perform private.meeting_changed(meeting, 'confirmed', 'requested');
  return meeting;
end
$$;

-- The vendor turns a request down, saying why.
create or replace function public.decline_meeting(meeting_id uuid, reason text) returns public.meetings
language plpgsql security definer
set search_path = ''
as $$
declare
  meeting public.meetings := private.my_meeting_for_update(decline_meeting.meeting_id);
begin
  if meeting.vendor_id <> (select auth.uid()) then
    raise exception 'Only the vendor can decline a meeting request; you can cancel it' using errcode = '42501';
  end if;
  if meeting.status <> 'requested' or private.meeting_awaits(meeting) <> meeting.vendor_id then
    raise exception 'This meeting is not waiting for your answer' using errcode = 'PT409';
  end if;
  if char_length(btrim(coalesce(reason, ''))) not between 1 and 1000 then
    raise exception 'Give a reason (up to 1000 characters)' using errcode = '22023';
  end if;
  update public.meetings m
     set status = 'declined', status_reason = btrim(reason), sequence = m.sequence + 1
   where m.id = meeting.id
  returning * into meeting;
  perform private.meeting_changed(meeting, 'declined', 'requested');
  return meeting;
end
$$;

-- Another time: the vendor proposes one (or up to three), the customer reschedules with two or three.
create or replace function public.propose_meeting_times(meeting_id uuid, proposed_times timestamptz[], time_zone text default null)
returns public.meetings
language plpgsql security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  meeting public.meetings := private.my_meeting_for_update(propose_meeting_times.meeting_id);
  previous public.meeting_status := meeting.status;
  times timestamptz[];
begin
  if not (meeting.status = 'requested' or (meeting.status = 'confirmed' and meeting.scheduled_at > now())) then
    raise exception 'This meeting can no longer be moved' using errcode = 'PT409';
  end if;
  times := private.meeting_times(propose_meeting_times.proposed_times, case when me = meeting.customer_id then 2 else 1 end, 3);
  update public.meetings m
     set status = 'requested', proposed_times = times, proposed_by = me, scheduled_at = times[1], status_reason = null,
         time_zone = case when me = m.customer_id then coalesce(private.meeting_time_zone(propose_meeting_times.time_zone), m.time_zone) else m.time_zone end,
         sequence = m.sequence + 1
   where m.id = meeting.id
  returning * into meeting;
  perform private.meeting_changed(meeting, 'proposed', previous);
  return meeting;
end
$$;

-- Either side calls a requested or confirmed meeting off.
create or replace function public.cancel_meeting(meeting_id uuid, reason text default null) returns public.meetings
language plpgsql security definer
set search_path = ''
as $$
declare
  meeting public.meetings := private.my_meeting_for_update(cancel_meeting.meeting_id);
  previous public.meeting_status := meeting.status;
begin
  if meeting.status not in ('requested', 'confirmed') then
    raise exception 'This meeting cannot be cancelled any more' using errcode = 'PT409';
  end if;
  if char_length(btrim(coalesce(reason, ''))) > 1000 then
    raise exception 'The reason can be at most 1000 characters' using errcode = '22023';
  end if;
  update public.meetings m
     set status = 'cancelled', status_reason = nullif(btrim(reason), ''), sequence = m.sequence + 1
   where m.id = meeting.id
  returning * into meeting;
  perform private.meeting_changed(meeting, 'cancelled', previous);
  return meeting;
end
$$;

-- The caller's meetings with what the pages show of the other side and the listing.
create or replace function public.my_meetings()
returns table (
  id uuid, customer_id uuid, vendor_id uuid, listing_id uuid, conversation_id uuid, scheduled_at timestamptz,
  duration_minutes smallint, meeting_type public.meeting_type, status public.meeting_status, notes text,
  proposed_times timestamptz[], proposed_by uuid, time_zone text, status_reason text, created_at timestamptz,
  updated_at timestamptz, my_role text, awaiting_me boolean, counterpart_id uuid, counterpart_name text,
  counterpart_company text, counterpart_avatar text, listing_title text, listing_type text, listing_image text
)
language sql stable security definer
set search_path = ''
as $$
  select m.id, m.customer_id, m.vendor_id, m.listing_id, m.conversation_id, m.scheduled_at, m.duration_minutes,
         m.meeting_type, m.status, m.notes, m.proposed_times, m.proposed_by, m.time_zone, m.status_reason,
         m.created_at, m.updated_at,
         case when m.customer_id = (select auth.uid()) then 'customer' else 'vendor' end,
         m.status = 'requested' and private.meeting_awaits(m) = (select auth.uid()),
         p.id, p.name, p.company_name, p.profile_image,
         l.title, l.listing_type::text, l.images[1]
    from public.meetings m
    left join public.profiles p
      on p.id = case when m.customer_id = (select auth.uid()) then m.vendor_id else m.customer_id end
    left join public.listings l on l.id = m.listing_id
   where (select auth.uid()) in (m.customer_id, m.vendor_id)
   order by m.scheduled_at
$$;

revoke all on function private.meeting_times(timestamptz[], integer, integer) from public;
revoke all on function private.meeting_time_zone(text) from public;
revoke all on function private.meeting_changed(public.meetings, text, public.meeting_status) from public;
revoke all on function private.my_meeting_for_update(uuid) from public;
revoke all on function private.meeting_awaits(public.meetings) from public;

-- ---------------------------------------------------------------------------------------------
-- Quotations: the customer accepts (an order) or declines; either way a system message records it.

create or replace function private.my_quotation_for_update(message uuid) returns public.messages
language plpgsql security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  quotation public.messages;
  conversation public.conversations;
begin
  if me is null then
    raise exception 'Unauthorized access' using errcode = '42501';
  end if;
  select m.* into quotation from public.messages m where m.id = message for update;
  select c.* into conversation from public.conversations c where c.id = quotation.conversation_id;
  if quotation.id is null or me not in (conversation.customer_id, conversation.vendor_id) then
    raise exception 'Quotation not found' using errcode = 'PT404';
  end if;
  if quotation.message_type <> 'quotation' then
    raise exception 'This message is not a quotation' using errcode = '22023';
  end if;
  if me <> conversation.customer_id then
    raise exception 'Only the customer can answer a quotation' using errcode = '42501';
  end if;
  if exists (select 1 from public.orders o where o.quotation_message_id = quotation.id) then
    raise exception 'This quotation has already been accepted' using errcode = 'PT409';
  end if;
  if exists (select 1 from public.messages s
              where s.conversation_id = quotation.conversation_id and s.message_type = 'system'
                and s.content::jsonb ->> 'event' = 'quotation_declined' and s.content::jsonb ->> 'quotationId' = quotation.id::text) then
    raise exception 'This quotation has been declined' using errcode = 'PT409';
  end if;
  return quotation;
end
$$;

-- Accepting a quotation creates the order (orders issue) and posts a system message.
create or replace function public.accept_quotation(message_id uuid) returns public.orders
language plpgsql security definer
set search_path = ''
as $$
declare
  quotation public.messages := private.my_quotation_for_update(accept_quotation.message_id);
  conversation public.conversations;
  body jsonb := quotation.content::jsonb;
  company uuid;
  valid_until date;
  created public.orders;
begin
  select c.* into conversation from public.conversations c where c.id = quotation.conversation_id;
  begin
    valid_until := (body ->> 'validUntil')::date;
  exception when others then
    valid_until := null;
  end;
  if valid_until < current_date then
    raise exception 'This quotation has expired' using errcode = 'PT409';
  end if;
  company := coalesce(
    (select p.company_id from public.profiles p where p.id = quotation.sender_id),
    (select l.vendor_id from public.listings l where l.id = conversation.listing_id)
  );
  if company is null then
    raise exception 'The vendor of this quotation no longer belongs to a company' using errcode = 'PT409';
  end if;
  insert into public.orders (customer_id, company_id, vendor_id, listing_id, conversation_id, quotation_message_id,
                             title, amount, currency, deposit_percent)
  values (
    conversation.customer_id, company, quotation.sender_id, conversation.listing_id, conversation.id, quotation.id,
    left(btrim(body ->> 'title'), 200),
    round((body ->> 'amount')::numeric, 2),
    -- Spec section 3: quotations written before currencies existed are in USD.
    upper(coalesce(nullif(btrim(body ->> 'currency'), ''), 'USD')),
    coalesce((body ->> 'depositPercent')::numeric, 10)
  )
  returning * into created;
  insert into public.messages (conversation_id, sender_id, content, message_type)
  values (conversation.id, conversation.customer_id, jsonb_build_object(
    'type', 'system', 'event', 'quotation_accepted', 'quotationId', quotation.id, 'orderId', created.id,
    'reference', created.reference, 'title', created.title, 'amount', created.amount, 'currency', created.currency
  )::text, 'system');
  return created;
end
$$;

create or replace function public.decline_quotation(message_id uuid, reason text default null) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  quotation public.messages := private.my_quotation_for_update(decline_quotation.message_id);
begin
  if char_length(btrim(coalesce(reason, ''))) > 1000 then
    raise exception 'The reason can be at most 1000 characters' using errcode = '22023';
  end if;
  insert into public.messages (conversation_id, sender_id, content, message_type)
  values (quotation.conversation_id, (select auth.uid()), jsonb_strip_nulls(jsonb_build_object(
    'type', 'system', 'event', 'quotation_declined', 'quotationId', quotation.id, 'reason', nullif(btrim(reason), '')
  ))::text, 'system');
end
$$;

revoke all on function private.my_quotation_for_update(uuid) from public;

-- ---------------------------------------------------------------------------------------------
-- What a participant sees of the other side: name, company and avatar, only while a conversation
-- or meeting between them exists (issue 13, item 11). Profiles themselves stay private.

create or replace function public.counterpart_profiles()
returns table (id uuid, name text, company_name text, profile_image text)
language sql stable security definer
set search_path = ''
as $$
  select p.id, p.name, p.company_name, p.profile_image
    from public.profiles p
   where p.id in (
     select c.vendor_id from public.conversations c where c.customer_id = (select auth.uid())
     union select c.customer_id from public.conversations c where c.vendor_id = (select auth.uid())
     union select m.vendor_id from public.meetings m where m.customer_id = (select auth.uid())
     union select m.customer_id from public.meetings m where m.vendor_id = (select auth.uid())
   )
$$;

-- The inbox: the caller's conversations, newest first, with the other side, the listing, the last
-- message and the number of unread messages; `search` matches the other side's name or company, or
-- the listing's title.
create or replace function public.my_conversations(search text default null, max_rows integer default 200)
returns table (
  id uuid, customer_id uuid, vendor_id uuid, listing_id uuid, last_message_at timestamptz, created_at timestamptz,
  my_role text, counterpart_id uuid, counterpart_name text, counterpart_company text, counterpart_avatar text,
  listing_title text, listing_type text, listing_image text,
  last_message_content text, last_message_type public.message_type, last_message_sender_id uuid, unread_count integer
)
language sql stable security definer
set search_path = ''
as $$
  with mine as (
    select c.*,
           case when c.customer_id = (select auth.uid()) then c.vendor_id else c.customer_id end as other
      from public.conversations c
     where (select auth.uid()) in (c.customer_id, c.vendor_id)
  ), pattern as (
    select '%' || replace(replace(replace(btrim(search), '\', '\\'), '%', '\%'), '_', '\_') || '%' as like_pattern
     where btrim(coalesce(search, '')) <> ''
  )
  select m.id, m.customer_id, m.vendor_id, m.listing_id, m.last_message_at, m.created_at,
         case when m.customer_id = (select auth.uid()) then 'customer' else 'vendor' end,
         p.id, p.name, p.company_name, p.profile_image,
         l.title, l.listing_type::text, l.images[1],
         last.content, last.message_type, last.sender_id,
         (select count(*)::integer from public.messages u
           where u.conversation_id = m.id and u.sender_id <> (select auth.uid()) and u.read_at is null)
    from mine m
    left join public.profiles p on p.id = m.other
    left join public.listings l on l.id = m.listing_id
    left join lateral (
      select x.content, x.message_type, x.sender_id from public.messages x
       where x.conversation_id = m.id order by x.created_at desc, x.id desc limit 1
    ) last on true
   where not exists (select 1 from pattern)
      or p.name ilike (select like_pattern from pattern)
      or p.company_name ilike (select like_pattern from pattern)
      or l.title ilike (select like_pattern from pattern)
   order by coalesce(m.last_message_at, m.created_at) desc, m.id
   limit least(greatest(coalesce(max_rows, 200), 1), 500)
$$;

revoke all on function public.open_conversation(uuid) from public, anon;
revoke all on function public.unread_message_count() from public, anon;
revoke all on function public.request_meeting(uuid, public.meeting_type, timestamptz[], text, text) from public, anon;
revoke all on function public.confirm_meeting(uuid, timestamptz) from public, anon;
revoke all on function public.decline_meeting(uuid, text) from public, anon;
revoke all on function public.propose_meeting_times(uuid, timestamptz[], text) from public, anon;
revoke all on function public.cancel_meeting(uuid, text) from public, anon;
revoke all on function public.my_meetings() from public, anon;
revoke all on function public.accept_quotation(uuid) from public, anon;
revoke all on function public.decline_quotation(uuid, text) from public, anon;
revoke all on function public.counterpart_profiles() from public, anon;
revoke all on function public.my_conversations(text, integer) from public, anon;
grant execute on function public.open_conversation(uuid) to authenticated, service_role;
grant execute on function public.unread_message_count() to authenticated, service_role;
grant execute on function public.request_meeting(uuid, public.meeting_type, timestamptz[], text, text) to authenticated, service_role;
grant execute on function public.confirm_meeting(uuid, timestamptz) to authenticated, service_role;
grant execute on function public.decline_meeting(uuid, text) to authenticated, service_role;
grant execute on function public.propose_meeting_times(uuid, timestamptz[], text) to authenticated, service_role;
grant execute on function public.cancel_meeting(uuid, text) to authenticated, service_role;
grant execute on function public.my_meetings() to authenticated, service_role;
grant execute on function public.accept_quotation(uuid) to authenticated, service_role;
grant execute on function public.decline_quotation(uuid, text) to authenticated, service_role;
grant execute on function public.counterpart_profiles() to authenticated, service_role;
grant execute on function public.my_conversations(text, integer) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Unread digests: the backend's message-digest job emails a recipient once per conversation and
-- hour about messages unread for 10 minutes; this is when it last did.

create table private.message_digests (
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  sent_at timestamptz not null,
  primary key (conversation_id, recipient_id)
);
alter table private.message_digests enable row level security;

-- ---------------------------------------------------------------------------------------------
-- Realtime: the meetings page and the vendor dashboard follow meeting changes live.

alter table public.meetings replica identity full;
alter publication supabase_realtime add table public.meetings;

-- ---------------------------------------------------------------------------------------------
-- Attachments: PDF, JPEG/PNG/WebP images and office documents up to 10 MB. Storage compares each
-- upload's bytes with its declared type, so a renamed file is refused whatever its name says.

update storage.buckets
   set file_size_limit = 10485760,
       allowed_mime_types = array[
         'application/pdf', 'image/jpeg', 'image/png', 'image/webp',
         'application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint',
         'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
         'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
         'application/vnd.openxmlformats-officedocument.presentationml.presentation',
         'application/vnd.oasis.opendocument.text', 'application/vnd.oasis.opendocument.spreadsheet',
         'application/vnd.oasis.opendocument.presentation'
       ]
 where id = 'message-attachments';
