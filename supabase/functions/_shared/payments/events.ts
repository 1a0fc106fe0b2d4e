// Stripe-shaped events -> the provider-neutral BillingEvent. The test provider sends events of the same
// shape, so one reader serves both adapters. Handles the field positions of current Stripe API versions
// (period on subscription items, subscription on invoice.parent) and of older ones.
import type { BillingEvent, BillingInterval } from './types.ts';
import { vatOfTotal } from './pricing.ts';

type Obj = Record<string, any>;

const iso = (seconds: unknown): string | null => (typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null);
const interval = (value: unknown): BillingInterval | null => (value === 'month' || value === 'year' ? value : null);
const ref = (value: unknown): string | null => (typeof value === 'string' ? value : value && typeof value === 'object' && typeof (value as Obj).id === 'string' ? (value as Obj).id : null);

function subscriptionEvent(type: BillingEvent['type'], sub: Obj): BillingEvent {
  const meta: Obj = sub.metadata ?? {};
  const item: Obj = sub.items?.data?.[0] ?? {};
  return {
    type,
    user_id: meta.user_id ?? null,
    subscription_ref: ref(sub.id),
    customer_ref: ref(sub.customer),
    plan: meta.plan ?? null,
    interval: interval(meta.interval) ?? interval(item.price?.recurring?.interval),
    status: typeof sub.status === 'string' ? sub.status : null,
    period_start: iso(item.current_period_start ?? sub.current_period_start),
    period_end: iso(item.current_period_end ?? sub.current_period_end),
    cancel_at_period_end: Boolean(sub.cancel_at_period_end),
  };
}

function invoiceEvent(type: BillingEvent['type'], invoice: Obj, vatRate: number): BillingEvent {
  const details: Obj = invoice.parent?.subscription_details ?? invoice.subscription_details ?? {};
  const meta: Obj = details.metadata ?? invoice.metadata ?? {};
  const lines: Obj[] = invoice.lines?.data ?? [];
  const starts = lines.map((l) => l.period?.start).filter((n): n is number => typeof n === 'number');
  const ends = lines.map((l) => l.period?.end).filter((n): n is number => typeof n === 'number');
  const total = typeof invoice.amount_paid === 'number' ? invoice.amount_paid : 0;
  const paid = type === 'payment_succeeded' && total > 0;
  return {
    type,
    user_id: meta.user_id ?? null,
    subscription_ref: ref(details.subscription) ?? ref(invoice.subscription),
    customer_ref: ref(invoice.customer),
    plan: meta.plan ?? null,
    interval: interval(meta.interval),
    period_start: iso(starts.length ? Math.min(...starts) : invoice.period_start),
    period_end: iso(ends.length ? Math.max(...ends) : invoice.period_end),
    invoice_ref: paid ? ref(invoice.id) : null,
    amount_total_cents: paid ? total : null,
    vat_rate: paid ? vatRate : null,
    vat_cents: paid ? vatOfTotal(total, vatRate) : null,
    description: typeof lines[0]?.description === 'string' ? String(lines[0].description).slice(0, 300) : null,
  };
}

/** What the event means for a subscription; `ignored` for every other event type. */
export function toBillingEvent(event: { type: string; data: { object: unknown } }, vatRate: number): BillingEvent {
  const object = (event.data?.object ?? {}) as Obj;
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
      return subscriptionEvent('subscription_changed', object);
    case 'customer.subscription.deleted':
      return subscriptionEvent('subscription_ended', object);
    case 'invoice.paid':
      return invoiceEvent('payment_succeeded', object, vatRate);
    case 'invoice.payment_failed':
      return invoiceEvent('payment_failed', object, vatRate);
    default:
      return { type: 'ignored' };
  }
}
