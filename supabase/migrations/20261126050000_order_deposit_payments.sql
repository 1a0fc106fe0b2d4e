-- Order deposits paid through the payment provider interface (issue 15). The customer starts a
-- payment-mode checkout for the order's deposit (function order-deposit-checkout); the provider's signed
-- checkout.session.completed event (metadata.order_id) reaches payments-webhook, which records it with
-- public.pay_order_deposit: the order goes from awaiting deposit to deposit paid once, with a history
-- row, an email to both sides (private.order_notices) and the deposit_paid analytics event.

-- Called by the payment webhook (service role) for a verified payment event. Returns what happened:
--   paid              the order moved to deposit paid
--   already paid      this payment (or another one) was recorded before: a replayed event changes nothing
--   not awaiting      the order had moved on (cancelled, or marked paid by the vendor) before the payment
--                     arrived: the payment reference is kept so it can be refunded, the status is not touched
-- amount_cents and currency, when the event carries them, must be the order's deposit.
create or replace function public.pay_order_deposit(order_id uuid, provider text, provider_ref text, amount_cents integer default null, currency text default null)
returns text
language plpgsql security definer
set search_path = ''
as $$
declare
  target public.orders;
  vendor_contact uuid;
begin
  if nullif(btrim(coalesce(pay_order_deposit.provider_ref, '')), '') is null or char_length(pay_order_deposit.provider_ref) > 200 then
    raise exception 'A payment reference is required' using errcode = '22023';
  end if;
  select * into target from public.orders o where o.id = pay_order_deposit.order_id for update;
  if not found then
    raise exception 'Order not found' using errcode = 'PT404';
  end if;
  if target.deposit_payment_ref is not null then
    return 'already paid';
  end if;
  if pay_order_deposit.amount_cents is not null and pay_order_deposit.amount_cents <> round(target.deposit_amount * 100) then
    raise exception 'Paid % cents for a deposit of % %', pay_order_deposit.amount_cents, target.deposit_amount, target.currency using errcode = '22023';
  end if;
  if pay_order_deposit.currency is not null and upper(pay_order_deposit.currency) <> target.currency then
    raise exception 'Paid in % for a deposit in %', upper(pay_order_deposit.currency), target.currency using errcode = '22023';
  end if;
  if target.status <> 'awaiting_deposit' then
    update public.orders o
       set deposit_payment_ref = left(pay_order_deposit.provider || ':' || pay_order_deposit.provider_ref, 240)
     where o.id = target.id;
    return 'not awaiting';
  end if;

  update public.orders o
     set status = 'deposit_paid',
         deposit_paid_at = now(),
         deposit_payment_ref = left(pay_order_deposit.provider || ':' || pay_order_deposit.provider_ref, 240)
   where o.id = target.id
   returning * into target;
  -- The payment provider made the change: no actor.
  insert into public.order_events (order_id, status, actor_id) values (target.id, 'deposit_paid', null);
  vendor_contact := coalesce(target.vendor_id, (select c.owner_id from public.companies c where c.id = target.company_id));
  insert into private.order_notices (order_id, recipient_id, status, previous_status, actor_id)
  select target.id, r, 'deposit_paid', 'awaiting_deposit', null
    from unnest(array[target.customer_id, vendor_contact]) r
   where r is not null;
  insert into public.analytics_events (name, params, user_id, session_id)
  values ('deposit_paid',
          jsonb_build_object('order_id', target.id, 'company_id', target.company_id, 'listing_id', target.listing_id,
                             'value', target.deposit_amount, 'currency', target.currency),
          target.customer_id, 'server');
  return 'paid';
end
$$;
revoke all on function public.pay_order_deposit(uuid, text, text, integer, text) from public, anon, authenticated;
grant execute on function public.pay_order_deposit(uuid, text, text, integer, text) to service_role;

-- The local test provider's checkouts take a third purpose: an order's deposit, in the order's currency.
alter table public.test_payment_checkouts
  add column order_id uuid references public.orders (id) on delete cascade,
  add column currency char(3) not null default 'EUR' check (currency ~ '^[A-Z]{3}$'),
  drop constraint test_payment_checkouts_one_purpose,
  add constraint test_payment_checkouts_one_purpose check (num_nonnulls(plan, ad_topup_id, order_id) = 1);
