// The local test provider (the default, like the local mail inbox): a checkout page served by the app
// (mf-vendor's /checkout/test/:session), cards from Stripe's test-card list, and the same Stripe-shaped,
// signed events sent over HTTP to the same webhook function Stripe would call. Its own records (checkouts,
// the card on file, the provider-side subscription) are the service-role-only tables
// test_payment_checkouts and test_payment_subscriptions.
import type { SupabaseClient } from '@supabase/supabase-js';
import { check } from '../clients.ts';
import type { BillingInterval, CheckoutRequest, PaymentCheckoutRequest, PaymentProvider, PlanRow, SubscriptionRow } from './types.ts';
import { planAmount } from './pricing.ts';
import { signPayload, testWebhookSecret } from './signing.ts';

export interface TestProviderContext {
  admin: SupabaseClient;
  env: Readonly<Record<string, string | undefined>>;
  vatRate: number;
}

/** The outcome of a card, as Stripe's test cards behave. */
export type CardOutcome =
  | { ok: true; behaviour: 'succeeds' | 'fails_later'; last4: string }
  | { ok: false; code: 'card_declined' | 'incorrect_number' | 'invalid_expiry' | 'invalid_cvc' | 'live_card'; message: string };

const CARDS: Record<string, 'succeeds' | 'fails_later' | 'declined'> = {
  '4242424242424242': 'succeeds',
  '5555555555554444': 'succeeds',
  '4000000000000341': 'fails_later',
  '4000000000000002': 'declined',
  '4000000000009995': 'declined',
};

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Checks a card as a payment form would, then applies the test card's behaviour. */
export function checkCard(card: { number: string; expiry: string; cvc: string }, now = new Date()): CardOutcome {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) return { ok: false, code: 'incorrect_number', message: 'Your card number is incorrect.' };
  const expiry = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry.trim());
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? (expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2])) : 0;
  if (!expiry || month < 1 || month > 12 || new Date(Date.UTC(year, month, 1)) <= now) {
    return { ok: false, code: 'invalid_expiry', message: "Your card's expiration date is invalid or in the past." };
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return { ok: false, code: 'invalid_cvc', message: "Your card's security code is invalid." };
  const behaviour = CARDS[number];
  if (!behaviour) return { ok: false, code: 'live_card', message: 'This is the test payment provider: use the test card 4242 4242 4242 4242.' };
  if (behaviour === 'declined') return { ok: false, code: 'card_declined', message: 'Your card was declined.' };
  return { ok: true, behaviour, last4: number.slice(-4) };
}

const seconds = (date: Date | string) => Math.floor(new Date(date).getTime() / 1000);
const randomId = (prefix: string) => `${prefix}_${crypto.randomUUID().replace(/-/g, '')}`;

export interface TestSubscription {
  id: string;
  user_id: string;
  customer_ref: string;
  plan: string;
  billing_interval: BillingInterval;
  status: 'active' | 'past_due' | 'canceled';
  card_last4: string;
  card_behaviour: 'succeeds' | 'fails_later';
  current_period_start: string;
  current_period_end: string;
  cancel_at_period_end: boolean;
}

function addInterval(from: Date, interval: BillingInterval): Date {
  const next = new Date(from);
  if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

export function testProvider(context: TestProviderContext): PaymentProvider & {
  completeCheckout(checkoutId: string, userId: string, card: { number: string; expiry: string; cvc: string }): Promise<CardOutcome>;
  renew(subscriptionRef: string): Promise<string>;
} {
  const { admin, env, vatRate } = context;
  const site = (env.SITE_URL ?? '').replace(/\/+$/, '');

  async function plan(id: string): Promise<PlanRow> {
    return check(await admin.from('plans').select('id, name, price_eur, sort_order').eq('id', id).single(), 'read the plan') as PlanRow;
  }

  async function subscription(ref: string | null): Promise<TestSubscription> {
    if (!ref) throw new Error('the subscription was not made with the test provider');
    return check(await admin.from('test_payment_subscriptions').select('*').eq('id', ref).single(), 'read the test subscription') as TestSubscription;
  }

  const subscriptionObject = (sub: TestSubscription) => ({
    id: sub.id,
    object: 'subscription',
    customer: sub.customer_ref,
    status: sub.status,
    cancel_at_period_end: sub.cancel_at_period_end,
    metadata: { user_id: sub.user_id, plan: sub.plan, interval: sub.billing_interval },
    items: {
      object: 'list',
      data: [{
        id: `si_${sub.id.slice(9)}`,
        object: 'subscription_item',
        current_period_start: seconds(sub.current_period_start),
        current_period_end: seconds(sub.current_period_end),
        price: { object: 'price', currency: 'eur', recurring: { interval: sub.billing_interval } },
      }],
    },
  });

  const invoiceObject = (sub: TestSubscription, amount: number, paid: boolean, reason: string, start: Date, end: Date, description: string) => ({
    id: randomId('in_test'),
    object: 'invoice',
    customer: sub.customer_ref,
    currency: 'eur',
    billing_reason: reason,
    status: paid ? 'paid' : 'open',
    amount_due: amount,
    amount_paid: paid ? amount : 0,
    lines: { object: 'list', data: [{ object: 'line_item', description, amount, period: { start: seconds(start), end: seconds(end) } }] },
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: sub.id, metadata: { user_id: sub.user_id, plan: sub.plan, interval: sub.billing_interval } },
    },
  });

  /** Signs an event as Stripe does and posts it to the webhook function; fails unless it was accepted. */
  async function send(type: string, object: unknown): Promise<void> {
    const payload = JSON.stringify({
      id: randomId('evt_test'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: seconds(new Date()),
      livemode: false,
      type,
      data: { object },
    });
    const secret = await testWebhookSecret(env.SUPABASE_SERVICE_ROLE_KEY ?? '');
    const response = await fetch(`${env.SUPABASE_URL}/functions/v1/payments-webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': await signPayload(payload, secret) },
      body: payload,
    });
    if (!response.ok) throw new Error(`the webhook refused ${type}: ${response.status} ${await response.text()}`);
  }

  async function save(sub: TestSubscription, patch: Partial<TestSubscription>): Promise<TestSubscription> {
    return check(await admin.from('test_payment_subscriptions').update(patch).eq('id', sub.id).select('*').single(), 'update the test subscription') as TestSubscription;
  }

  const label = (p: PlanRow, interval: BillingInterval) => `Modula ${p.name} (${interval === 'year' ? 'yearly' : 'monthly'})`;

  return {
    name: 'test',

    async createCheckout(request: CheckoutRequest) {
      const amount = planAmount(request.plan, request.interval, vatRate).total;
      const path = (url: string) => { const u = new URL(url); return `${u.pathname}${u.search}`; };
      const row = check(
        await admin.from('test_payment_checkouts').insert({
          user_id: request.user.id,
          plan: request.plan.id,
          billing_interval: request.interval,
          amount_total_cents: amount,
          success_path: path(request.successUrl),
          cancel_path: path(request.cancelUrl),
        }).select('id').single(),
        'create the checkout',
      ) as { id: string };
      return { url: `${site}/checkout/test/${row.id}`, sessionId: row.id };
    },

    async createPaymentCheckout(request: PaymentCheckoutRequest) {
      const path = (url: string) => { const u = new URL(url); return `${u.pathname}${u.search}`; };
      const row = check(
        await admin.from('test_payment_checkouts').insert({
          user_id: request.user.id,
          ad_topup_id: request.adTopupId ?? null,
          order_id: request.orderId ?? null,
          currency: request.currency,
          amount_total_cents: request.amountCents,
          success_path: path(request.successUrl),
          cancel_path: path(request.cancelUrl),
        }).select('id').single(),
        'create the checkout',
      ) as { id: string };
      return { url: `${site}/checkout/test/${row.id}`, sessionId: row.id };
    },

    async completeCheckout(checkoutId, userId, card) {
      const outcome = checkCard(card);
      if (!outcome.ok) return outcome;
      const checkout = check(
        await admin.from('test_payment_checkouts').update({ status: 'complete' }).eq('id', checkoutId).eq('user_id', userId)
          .eq('status', 'open').gt('expires_at', new Date().toISOString()).select('*').maybeSingle(),
        'complete the checkout',
      ) as { plan: string; billing_interval: BillingInterval; amount_total_cents: number; currency: string; ad_topup_id: string | null; order_id: string | null } | null;
      if (!checkout) throw new Error('checkout_closed');
      if (checkout.ad_topup_id || checkout.order_id) {
        // A one-time payment (advertising budget, order deposit): one charge, one event; nothing recurs.
        const purpose = checkout.order_id ? { order_id: checkout.order_id } : { ad_topup_id: checkout.ad_topup_id };
        await send('checkout.session.completed', {
          id: checkoutId, object: 'checkout.session', mode: 'payment', client_reference_id: userId, payment_status: 'paid',
          amount_total: checkout.amount_total_cents, currency: checkout.currency.toLowerCase(), metadata: { user_id: userId, ...purpose },
        });
        return outcome;
      }
      const previous = check(
        await admin.from('test_payment_subscriptions').select('customer_ref').eq('user_id', userId).limit(1), 'read the customer',
      ) as { customer_ref: string }[];
      const start = new Date();
      const end = addInterval(start, checkout.billing_interval);
      const sub = check(
        await admin.from('test_payment_subscriptions').insert({
          user_id: userId,
          customer_ref: previous[0]?.customer_ref ?? randomId('cus_test'),
          plan: checkout.plan,
          billing_interval: checkout.billing_interval,
          card_last4: outcome.last4,
          card_behaviour: outcome.behaviour,
          current_period_start: start.toISOString(),
          current_period_end: end.toISOString(),
        }).select('*').single(),
        'create the test subscription',
      ) as TestSubscription;
      await admin.from('test_payment_checkouts').update({ subscription_ref: sub.id }).eq('id', checkoutId);
      // Any earlier test subscription of the user stops renewing (a new checkout replaces it).
      await admin.from('test_payment_subscriptions').update({ status: 'canceled' }).eq('user_id', userId).neq('id', sub.id);
      const p = await plan(sub.plan);
      await send('checkout.session.completed', {
        id: checkoutId, object: 'checkout.session', mode: 'subscription', client_reference_id: userId,
        customer: sub.customer_ref, subscription: sub.id, payment_status: 'paid', amount_total: checkout.amount_total_cents,
        metadata: { user_id: userId, plan: sub.plan, interval: sub.billing_interval },
      });
      await send('customer.subscription.created', subscriptionObject(sub));
      await send('invoice.paid', invoiceObject(sub, checkout.amount_total_cents, true, 'subscription_create', start, end, label(p, sub.billing_interval)));
      return outcome;
    },

    async changePlan(row: SubscriptionRow, target: PlanRow, direction) {
      const sub = await subscription(row.external_ref);
      // Proration from the plan the vendor has now (a pending downgrade is not paid for yet).
      const current = await plan(row.plan);
      const updated = await save(sub, { plan: target.id });
      await send('customer.subscription.updated', subscriptionObject(updated));
      if (direction === 'upgrade') {
        // Proration: the price difference for the rest of the period, charged at once.
        const now = new Date();
        const start = new Date(sub.current_period_start).getTime();
        const end = new Date(sub.current_period_end).getTime();
        const left = Math.max(0, Math.min(1, (end - now.getTime()) / Math.max(1, end - start)));
        const difference = planAmount(target, sub.billing_interval, vatRate).total - planAmount(current, sub.billing_interval, vatRate).total;
        const amount = Math.max(0, Math.round(difference * left));
        if (updated.card_behaviour === 'fails_later') {
          await send('invoice.payment_failed', invoiceObject(updated, amount, false, 'subscription_update', now, new Date(end), label(target, sub.billing_interval)));
        } else {
          await send('invoice.paid', invoiceObject(updated, amount, true, 'subscription_update', now, new Date(end), `${label(target, sub.billing_interval)}, prorated`));
        }
      }
    },

    async setCancelAtPeriodEnd(row, cancel) {
      const sub = await subscription(row.external_ref);
      await send('customer.subscription.updated', subscriptionObject(await save(sub, { cancel_at_period_end: cancel })));
    },

    async portalUrl() {
      return null;
    },

    /**
     * What Stripe does at a period end, run by the backend's billing job for due test subscriptions (and
     * by tests): a cancelled subscription ends; otherwise the card on file is charged for the next
     * period; a failed charge is retried on later runs and the subscription ends 7 days after the
     * period end. Returns what happened.
     */
    async renew(ref: string) {
      const sub = await subscription(ref);
      if (sub.status === 'canceled') return 'already ended';
      const now = new Date();
      const periodEnd = new Date(sub.current_period_end);
      if (periodEnd > now) return 'not due';
      if (sub.cancel_at_period_end) {
        await send('customer.subscription.deleted', subscriptionObject(await save(sub, { status: 'canceled' })));
        return 'ended';
      }
      const p = await plan(sub.plan);
      const amount = planAmount(p, sub.billing_interval, vatRate).total;
      const nextEnd = addInterval(periodEnd, sub.billing_interval);
      if (sub.card_behaviour === 'fails_later') {
        if (now.getTime() - periodEnd.getTime() >= 7 * 86_400_000) {
          await send('customer.subscription.deleted', subscriptionObject(await save(sub, { status: 'canceled' })));
          return 'ended after failed payments';
        }
        if (sub.status !== 'past_due') {
          const pastDue = await save(sub, { status: 'past_due' });
          await send('invoice.payment_failed', invoiceObject(pastDue, amount, false, 'subscription_cycle', periodEnd, nextEnd, label(p, sub.billing_interval)));
          await send('customer.subscription.updated', subscriptionObject(pastDue));
          return 'payment failed';
        }
        return 'past due';
      }
      const renewed = await save(sub, { status: 'active', current_period_start: periodEnd.toISOString(), current_period_end: nextEnd.toISOString() });
      await send('invoice.paid', invoiceObject(renewed, amount, true, 'subscription_cycle', periodEnd, nextEnd, label(p, sub.billing_interval)));
      await send('customer.subscription.updated', subscriptionObject(renewed));
      return 'renewed';
    },
  };
}
