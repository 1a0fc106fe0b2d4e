-- order_created (issue 15 analytics): recorded by the database when an order is placed, whoever places
-- it (accept_quotation in the messenger, or the service role), so the event cannot be forged or lost.
create or replace function private.record_order_analytics() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.analytics_events (name, params, user_id, session_id)
  values ('order_created',
          jsonb_build_object('order_id', new.id, 'company_id', new.company_id, 'listing_id', new.listing_id,
                             'amount', new.amount, 'currency', new.currency, 'deposit_amount', new.deposit_amount),
          new.customer_id, 'server');
  return null;
end
$$;
revoke all on function private.record_order_analytics() from public;

create trigger orders_analytics after insert on public.orders
  for each row execute function private.record_order_analytics();

-- Invitations are emailed (job send_invitation_notices, template company-invitation): a renewed
-- invitation is sent again.
create table private.invitation_notices (
  id bigint generated always as identity primary key,
  invitation_id uuid not null references public.company_invitations (id) on delete cascade,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index invitation_notices_unsent_idx on private.invitation_notices (id) where sent_at is null;
alter table private.invitation_notices enable row level security;
revoke all on private.invitation_notices from public, anon, authenticated;

create or replace function private.notify_invitation() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into private.invitation_notices (invitation_id) values (new.id);
  return null;
end
$$;
revoke all on function private.notify_invitation() from public;

create trigger company_invitations_notify after insert or update of created_at on public.company_invitations
  for each row when (new.accepted_at is null) execute function private.notify_invitation();
