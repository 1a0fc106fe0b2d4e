-- Orders: what a customer buys from a company once they accept a vendor's quotation in the messenger.
-- The order keeps its own copy of what was quoted (title, items, amount, currency, deposit), so a later
-- change to the listing or the conversation never changes what was agreed. Every status change is a
-- row in order_events (the history both sides see).
--
-- Nobody writes these tables through the API: the quotation is accepted by an RPC of the messenger, a
-- vendor moves the order on through an RPC of the vendor area, and a deposit is recorded from a verified
-- payment-provider event (service role). So there are read policies and read grants only.

create type public.order_status as enum (
  'awaiting_deposit', 'deposit_paid', 'in_production', 'shipped', 'delivered', 'completed', 'cancelled'
);

create sequence public.order_number_seq;

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  -- What people quote on the phone and in emails: MOD-000123.
  reference text not null unique default ('MOD-' || lpad(nextval('public.order_number_seq')::text, 6, '0')),
  customer_id uuid not null,
  company_id uuid not null,
  -- The vendor (a company member) who sent the quotation.
  vendor_id uuid,
  listing_id uuid,
  conversation_id uuid,
  -- The quotation message it came from: accepted once, so one order per quotation.
  quotation_message_id uuid unique,
  title text not null check (char_length(btrim(title)) between 1 and 200),
  -- The quoted lines: [{ "description": text, "quantity": number, "amount": number }]; may be empty
  -- when the quotation was a single amount.
  items jsonb not null default '[]'::jsonb check (jsonb_typeof(items) = 'array'),
  amount numeric(12, 2) not null check (amount > 0),
  currency char(3) not null default 'EUR' check (currency ~ '^[A-Z]{3}$'),
  -- Share of the amount paid up front, set by the vendor on the quotation (default 10 %).
  deposit_percent numeric(5, 2) not null default 10 check (deposit_percent >= 0 and deposit_percent <= 100),
  -- Kept equal to round(amount * deposit_percent / 100, 2) by a trigger (a generated column would keep
  -- the table out of the realtime publication's replica identity on PostgreSQL 18).
  deposit_amount numeric(12, 2) not null default 0,
  status public.order_status not null default 'awaiting_deposit',
  deposit_paid_at timestamptz,
  -- The payment provider's reference of the deposit payment, when there is one.
  deposit_payment_ref text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint orders_customer_id_fkey foreign key (customer_id) references public.profiles (id) on delete restrict,
  constraint orders_company_id_fkey foreign key (company_id) references public.companies (id) on delete restrict,
  constraint orders_vendor_id_fkey foreign key (vendor_id) references public.profiles (id) on delete set null,
  constraint orders_listing_id_fkey foreign key (listing_id) references public.listings (id) on delete set null,
  constraint orders_conversation_id_fkey foreign key (conversation_id) references public.conversations (id) on delete set null,
  constraint orders_quotation_message_id_fkey foreign key (quotation_message_id) references public.messages (id) on delete set null
);
create index orders_customer_idx on public.orders (customer_id, created_at desc);
create index orders_company_idx on public.orders (company_id, status, created_at desc);

create trigger orders_touch before update on public.orders
  for each row execute function private.touch_updated_at();

create or replace function private.order_deposit() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.deposit_amount := round(new.amount * new.deposit_percent / 100, 2);
  return new;
end
$$;

create trigger orders_deposit before insert or update of amount, deposit_percent, deposit_amount on public.orders
  for each row execute function private.order_deposit();

create table public.order_events (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  status public.order_status not null,
  -- Who made the change; null for the payment provider or the system.
  actor_id uuid references public.profiles (id) on delete set null,
  note text check (note is null or char_length(note) <= 2000),
  created_at timestamptz not null default now()
);
create index order_events_order_idx on public.order_events (order_id, created_at);

-- The first history row is written with the order, whoever creates it.
create or replace function private.record_order_created() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.order_events (order_id, status, actor_id) values (new.id, new.status, (select auth.uid()));
  return null;
end
$$;

create trigger orders_created after insert on public.orders
  for each row execute function private.record_order_created();

-- Whether the caller is the order's customer or a member of its company.
create or replace function private.is_order_party(target uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.orders o
     where o.id = target
       and (o.customer_id = (select auth.uid())
            or exists (select 1 from public.company_members m
                        where m.company_id = o.company_id and m.user_id = (select auth.uid())))
  )
$$;

revoke all on function private.record_order_created() from public;
revoke all on function private.order_deposit() from public;
revoke all on function private.is_order_party(uuid) from public;
grant execute on function private.is_order_party(uuid) to authenticated, service_role;

alter table public.orders enable row level security;
alter table public.order_events enable row level security;

create policy "orders: customer, company members and administrators read" on public.orders for select to authenticated
  using (
    customer_id = (select auth.uid())
    or exists (select 1 from public.company_members m where m.company_id = orders.company_id and m.user_id = (select auth.uid()))
    or (select private.is_admin())
  );
create policy "order_events: parties and administrators read" on public.order_events for select to authenticated
  using ((select private.is_order_party(order_id)) or (select private.is_admin()));

-- Hosted projects may add default privileges; start from none and grant exactly what is needed.
revoke all on public.orders, public.order_events from anon, authenticated;
revoke all on sequence public.order_number_seq from anon, authenticated;
grant select on public.orders, public.order_events to authenticated;
grant all on public.orders, public.order_events to service_role;
grant usage on sequence public.order_number_seq to service_role;

-- Both sides watch their orders change (status, deposit) without reloading.
alter table public.orders replica identity full;
alter publication supabase_realtime add table public.orders;
