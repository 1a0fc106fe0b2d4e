-- Reports and the contact inbox (issue 17).
--
--   public.reports              a signed-in user reports a listing or a conversation (optionally one message of it)
--                               with a reason; one open report per user and target, 10 an hour
--   admin_reports               the administrators' queue, with what was reported
--   admin_resolve_report        resolve or dismiss with a note (audited)
--   public.contact_replies      the answers administrators sent to contact messages, kept with them
--   admin_contact_messages      the contact inbox (new, answered, archived) with the replies
--   admin_reply_contact         answer by email (queued in private.admin_notices, sent through the mail
--                               outbox by the send_admin_notices job); the message becomes answered (audited)
--   admin_set_contact_status    archive or move back to the inbox (audited)
--
-- Each new contact message queues a notice for the operator address (CONTACT_NOTIFY_EMAIL, read by the job).

create type public.report_reason as enum ('spam', 'fraud', 'inappropriate', 'misleading', 'harassment', 'other');
create type public.report_status as enum ('open', 'resolved', 'dismissed');

create table public.reports (
  id uuid primary key default gen_random_uuid(),
  -- Filled from the caller's token, never from the client.
  reporter_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  listing_id uuid references public.listings (id) on delete cascade,
  conversation_id uuid references public.conversations (id) on delete cascade,
  message_id uuid references public.messages (id) on delete set null,
  reason public.report_reason not null,
  details text not null default '' check (char_length(details) <= 2000),
  -- What the reporter saw of a conversation when reporting it (administrators cannot read messages).
  evidence jsonb not null default '[]' check (jsonb_typeof(evidence) = 'array'),
  status public.report_status not null default 'open',
  resolution_note text check (resolution_note is null or char_length(resolution_note) <= 2000),
  resolved_by uuid references public.profiles (id) on delete set null,
  resolved_at timestamptz,
  created_at timestamptz not null default now(),
  constraint reports_one_target check (num_nonnulls(listing_id, conversation_id) = 1),
  constraint reports_message_in_conversation check (message_id is null or conversation_id is not null),
  constraint reports_other_needs_details check (reason <> 'other' or char_length(btrim(details)) >= 10)
);
create index reports_queue_idx on public.reports (status, created_at desc);
create index reports_reporter_idx on public.reports (reporter_id);
create index reports_listing_idx on public.reports (listing_id) where listing_id is not null;
create index reports_conversation_idx on public.reports (conversation_id) where conversation_id is not null;
-- One open report per reporter and target: reporting again while it is looked at adds nothing.
create unique index reports_one_open_idx on public.reports
  (reporter_id, coalesce(listing_id, conversation_id), coalesce(message_id, '00000000-0000-0000-0000-000000000000'::uuid))
  where status = 'open';

create or replace function private.prepare_report() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if (select private.is_trusted()) then
    return new;
  end if;
  new.reporter_id := (select auth.uid());
  new.status := 'open';
  new.resolution_note := null;
  new.resolved_by := null;
  new.resolved_at := null;
  new.created_at := now();
  new.details := btrim(coalesce(new.details, ''));
  new.evidence := '[]';
  if exists (
    select 1 from public.reports r
     where r.reporter_id = new.reporter_id and r.status = 'open'
       and coalesce(r.listing_id, r.conversation_id) = coalesce(new.listing_id, new.conversation_id)
       and r.message_id is not distinct from new.message_id
  ) then
    raise exception 'You have already reported this; we are looking into it.' using errcode = '23505';
  end if;
  if not private.within_rate_limit('report:' || private.caller_key(''), 10, 3600) then
    raise exception 'Too many reports. Please try again later.' using errcode = 'PT429';
  end if;
  if new.conversation_id is not null then
    new.evidence := coalesce((
      select jsonb_agg(jsonb_build_object('sender', p.name, 'senderRole', case when m.sender_id = c.customer_id then 'customer' else 'vendor' end,
                                          'type', m.message_type, 'content', left(m.content, 1000), 'at', m.created_at,
                                          'reported', m.id = new.message_id) order by m.created_at, m.id)
        from (select * from public.messages m0 where m0.conversation_id = new.conversation_id
               order by m0.created_at desc, m0.id desc limit 20) m
        join public.conversations c on c.id = m.conversation_id
        left join public.profiles p on p.id = m.sender_id), '[]'::jsonb);
  end if;
  return new;
end
$$;

create trigger reports_prepare before insert on public.reports
  for each row execute function private.prepare_report();

alter table public.reports enable row level security;
-- The target must be one the reporter can see: a listing the catalogue shows them, a conversation
-- they take part in (row-level security of those tables applies inside the check).
create policy "reports: signed-in users report what they see" on public.reports for insert to authenticated
  with check (
    reporter_id = (select auth.uid())
    and (listing_id is null or exists (select 1 from public.listings l where l.id = reports.listing_id and l.status = 'published'))
    and (conversation_id is null or exists (select 1 from public.conversations c where c.id = reports.conversation_id))
    and (message_id is null or exists (select 1 from public.messages m where m.id = reports.message_id and m.conversation_id = reports.conversation_id))
  );
create policy "reports: reporters and admins read" on public.reports for select to authenticated
  using (reporter_id = (select auth.uid()) or (select private.is_admin()));

revoke all on public.reports from anon, authenticated;
grant select on public.reports to authenticated;
grant insert (listing_id, conversation_id, message_id, reason, details) on public.reports to authenticated;
grant all on public.reports to service_role;

create or replace function public.admin_reports(report_status text default 'open', max_rows integer default 50, skip integer default 0)
returns table (id uuid, reason public.report_reason, details text, status public.report_status, created_at timestamptz,
               reporter_id uuid, reporter_email text, reporter_name text,
               listing_id uuid, listing_title text, listing_status public.listing_status, listing_moderation_reason text, vendor_name text,
               conversation_id uuid, message_id uuid, conversation_listing_title text, customer_name text, conversation_vendor_name text,
               evidence jsonb, resolution_note text, resolved_by_email text, resolved_at timestamptz, total bigint)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  if report_status is not null and report_status not in ('open', 'resolved', 'dismissed') then
    raise exception 'Unknown report status: %', report_status using errcode = '22023';
  end if;
  return query
    select r.id, r.reason, r.details, r.status, r.created_at,
           r.reporter_id, ru.email::text, rp.name,
           l.id, l.title, l.status, l.moderation_reason, lc.name,
           c.id, r.message_id, cl.title, cp.name, vp.name,
           r.evidence, r.resolution_note, bu.email::text, r.resolved_at, count(*) over ()
      from public.reports r
      left join auth.users ru on ru.id = r.reporter_id
      left join public.profiles rp on rp.id = r.reporter_id
      left join public.listings l on l.id = r.listing_id
      left join public.companies lc on lc.id = l.vendor_id
      left join public.conversations c on c.id = r.conversation_id
      left join public.listings cl on cl.id = c.listing_id
      left join public.profiles cp on cp.id = c.customer_id
      left join public.profiles vp on vp.id = c.vendor_id
      left join auth.users bu on bu.id = r.resolved_by
     where report_status is null or r.status::text = report_status
     order by case when r.status = 'open' then r.created_at end asc nulls last, r.resolved_at desc nulls last, r.id
     limit least(greatest(coalesce(max_rows, 50), 1), 200) offset greatest(coalesce(skip, 0), 0);
end
$$;

create or replace function public.admin_resolve_report(report_id uuid, outcome text, note text)
returns public.report_status
language plpgsql security definer
set search_path = ''
as $$
declare
  me uuid := private.require_admin();
  report public.reports;
  why text;
begin
  if outcome is null or outcome not in ('resolved', 'dismissed') then
    raise exception 'A report is resolved or dismissed' using errcode = '22023';
  end if;
  why := private.require_reason(note, case when outcome = 'resolved' then 'resolving the report' else 'dismissing the report' end);
  select * into report from public.reports r where r.id = admin_resolve_report.report_id for update;
  if not found then
    raise exception 'Report not found' using errcode = 'PT404';
  end if;
  if report.status <> 'open' then
    raise exception 'This report is already closed' using errcode = '22023';
  end if;
  update public.reports
     set status = outcome::public.report_status, resolution_note = why, resolved_by = me, resolved_at = now()
   where id = report.id;
  perform private.audit(case when outcome = 'resolved' then 'report.resolve' else 'report.dismiss' end, 'report', report.id::text, why,
                        jsonb_build_object('reason', report.reason, 'listing_id', report.listing_id,
                                           'conversation_id', report.conversation_id, 'reporter_id', report.reporter_id));
  return outcome::public.report_status;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The contact inbox.

alter table public.contact_messages
  add column language text check (language is null or language ~ '^[a-z]{2}$');

-- The sender's language for the reply: theirs if signed in, else the browser's.
create or replace function private.contact_message_language() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  headers jsonb;
begin
  if new.language is null and new.user_id is not null then
    new.language := (select p.preferred_language from public.profiles p where p.id = new.user_id);
  end if;
  if new.language is null then
    begin
      headers := nullif(current_setting('request.headers', true), '')::jsonb;
    exception when others then
      headers := null;
    end;
    new.language := lower(substring(coalesce(headers ->> 'accept-language', '') from '^\s*([A-Za-z]{2})(?![A-Za-z])'));
  end if;
  return new;
end
$$;

-- Runs after contact_messages_prepare (trigger names order the triggers), which fills user_id.
create trigger contact_messages_set_language before insert on public.contact_messages
  for each row execute function private.contact_message_language();

grant insert (language) on public.contact_messages to anon, authenticated;

create table public.contact_replies (
  id bigint generated always as identity primary key,
  message_id uuid not null references public.contact_messages (id) on delete cascade,
  author_id uuid references public.profiles (id) on delete set null,
  author_email text,
  body text not null check (char_length(btrim(body)) between 1 and 5000),
  created_at timestamptz not null default now()
);
create index contact_replies_message_idx on public.contact_replies (message_id, created_at);

alter table public.contact_replies enable row level security;
create policy "contact_replies: admins read" on public.contact_replies for select to authenticated
  using ((select private.is_admin()));
revoke all on public.contact_replies from anon, authenticated;
grant select on public.contact_replies to authenticated;
grant all on public.contact_replies to service_role;

-- Guests have no profile: a notice may name its recipient by address.
alter table private.admin_notices
  add column recipient_email text,
  add column language text;

create or replace function private.notify_contact_message() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  -- No recipient: the job sends it to the operator address of its configuration.
  insert into private.admin_notices (template, data)
  values ('contact-notification', jsonb_build_object('messageId', new.id, 'name', new.name, 'email', new.email,
                                                     'subject', new.subject, 'message', new.message));
  return new;
end
$$;

create trigger contact_messages_notify after insert on public.contact_messages
  for each row execute function private.notify_contact_message();

create or replace function public.admin_contact_messages(message_status text default 'new', query text default '', max_rows integer default 50, skip integer default 0)
returns table (id uuid, name text, email text, subject text, message text, status public.contact_status, language text,
               user_id uuid, created_at timestamptz, updated_at timestamptz, replies jsonb, total bigint)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return query
    select m.id, m.name, m.email, m.subject, m.message, m.status, m.language, m.user_id, m.created_at, m.updated_at,
           coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'body', r.body, 'authorEmail', r.author_email, 'createdAt', r.created_at)
                                      order by r.created_at, r.id)
                       from public.contact_replies r where r.message_id = m.id), '[]'::jsonb),
           count(*) over ()
      from public.contact_messages m
     where (message_status is null
            or m.status::text = message_status
            -- The inbox before issue 17 knew 'in_progress' and 'closed': open and archived.
            or (message_status = 'new' and m.status = 'in_progress')
            or (message_status = 'archived' and m.status = 'closed'))
       and (coalesce(btrim(query), '') = '' or m.email ilike '%' || btrim(query) || '%' or m.name ilike '%' || btrim(query) || '%'
            or m.subject ilike '%' || btrim(query) || '%')
     order by m.created_at desc, m.id
     limit least(greatest(coalesce(max_rows, 50), 1), 200) offset greatest(coalesce(skip, 0), 0);
end
$$;

create or replace function public.admin_reply_contact(message_id uuid, body text)
returns bigint
language plpgsql security definer
set search_path = ''
as $$
declare
  me uuid := private.require_admin();
  msg public.contact_messages;
  text_body text := btrim(coalesce(body, ''));
  reply_id bigint;
  me_email text := (select u.email::text from auth.users u where u.id = (select auth.uid()));
begin
  if char_length(text_body) < 2 then
    raise exception 'Please write a reply' using errcode = '22023';
  end if;
  if char_length(text_body) > 5000 then
    raise exception 'The reply is too long (at most 5000 characters)' using errcode = '22023';
  end if;
  select * into msg from public.contact_messages m where m.id = admin_reply_contact.message_id for update;
  if not found then
    raise exception 'Message not found' using errcode = 'PT404';
  end if;
  insert into public.contact_replies (message_id, author_id, author_email, body)
  values (msg.id, me, me_email, text_body)
  returning id into reply_id;
  update public.contact_messages set status = 'answered' where id = msg.id;
  insert into private.admin_notices (template, recipient_email, language, data)
  values ('contact-reply', msg.email, msg.language, jsonb_build_object(
    'messageId', msg.id, 'replyId', reply_id, 'name', msg.name, 'subject', msg.subject, 'original', msg.message, 'reply', text_body));
  perform private.audit('contact.reply', 'contact_message', msg.id::text, null,
                        jsonb_build_object('reply_id', reply_id, 'to', msg.email, 'subject', msg.subject, 'previous_status', msg.status));
  return reply_id;
end
$$;

create or replace function public.admin_set_contact_status(message_id uuid, new_status text)
returns public.contact_status
language plpgsql security definer
set search_path = ''
as $$
declare
  msg public.contact_messages;
begin
  perform private.require_admin();
  if new_status is null or new_status not in ('new', 'answered', 'archived') then
    raise exception 'A contact message is new, answered or archived' using errcode = '22023';
  end if;
  select * into msg from public.contact_messages m where m.id = admin_set_contact_status.message_id for update;
  if not found then
    raise exception 'Message not found' using errcode = 'PT404';
  end if;
  update public.contact_messages set status = new_status::public.contact_status where id = msg.id;
  perform private.audit(case when new_status = 'archived' then 'contact.archive' else 'contact.reopen' end, 'contact_message', msg.id::text, null,
                        jsonb_build_object('previous_status', msg.status, 'status', new_status, 'subject', msg.subject));
  return new_status::public.contact_status;
end
$$;

do $$
declare
  fn text;
begin
  foreach fn in array array[
    'public.admin_reports(text, integer, integer)',
    'public.admin_resolve_report(uuid, text, text)',
    'public.admin_contact_messages(text, text, integer, integer)',
    'public.admin_reply_contact(uuid, text)',
    'public.admin_set_contact_status(uuid, text)'
  ] loop
    execute format('revoke all on function %s from public, anon', fn);
    execute format('grant execute on function %s to authenticated, service_role', fn);
  end loop;
end
$$;

revoke all on function private.prepare_report() from public;
revoke all on function private.contact_message_language() from public;
revoke all on function private.notify_contact_message() from public;
