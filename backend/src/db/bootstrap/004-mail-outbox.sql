-- The mail outbox: every email is a row here first, written in the same transaction as the change
-- that causes it, then delivered by the mail worker of any backend process. Not part of a Supabase
-- project (which sends auth mail itself); only the backend reads it.

create table if not exists _modula.mail_outbox (
  id bigint generated always as identity primary key,
  recipient text not null,
  template text not null,
  language text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- While a worker sends a row it holds a lease; a crashed worker's lease expires and the row is retried.
  locked_until timestamptz,
  last_error text,
  message_id text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);

create index if not exists mail_outbox_due_idx on _modula.mail_outbox (next_attempt_at)
  where status in ('pending', 'sending');
create index if not exists mail_outbox_sent_idx on _modula.mail_outbox (sent_at) where status = 'sent';

-- Wakes the workers of every backend process as soon as the inserting transaction commits.
create or replace function _modula.notify_mail_outbox() returns trigger
language plpgsql
as $$
begin
  perform pg_notify('modula_mail_outbox', '');
  return null;
end
$$;

drop trigger if exists mail_outbox_notify on _modula.mail_outbox;
create trigger mail_outbox_notify after insert on _modula.mail_outbox
  for each statement execute function _modula.notify_mail_outbox();

revoke all on _modula.mail_outbox from public;
