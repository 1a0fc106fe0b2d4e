// The payment provider interface (issue 15). Two adapters implement it: Stripe (stripe-provider.ts,
// when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set) and the local test provider
// (test-provider.ts, the default). Both report what happened through Stripe-shaped events signed with
// their webhook secret and sent to the one webhook function (payments-webhook), which verifies them with
// the official stripe package and applies them with public.apply_billing_event. Nothing else writes a
// subscription.

export type ProviderName = 'test' | 'stripe';
export type BillingInterval = 'month' | 'year';
export const PAID_PLANS = ['starter', 'entrepreneur', 'pro'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];

/** A row of public.plans, as far as billing needs it. */
export interface PlanRow {
  id: string;
  name: string;
  price_eur: number | string | null;
  sort_order: number;
}

/** The subscription row the provider reference points at. */
export interface SubscriptionRow {
  id: string;
  user_id: string;
  plan: string;
  status: string;
  provider: ProviderName | null;
  external_ref: string | null;
  customer_ref: string | null;
  billing_interval: BillingInterval;
  renewal_date: string | null;
  cancel_at_period_end: boolean;
  pending_plan: string | null;
}

export interface CheckoutRequest {
  user: { id: string; email: string };
  plan: PlanRow;
  interval: BillingInterval;
  /** Absolute URLs on the site. */
  successUrl: string;
  cancelUrl: string;
  customerRef: string | null;
}

/** What a one-time payment pays for: a pending advertising budget top-up (issue 16) or an order's deposit. */
export type PaymentPurpose = { adTopupId: string; orderId?: never } | { orderId: string; adTopupId?: never };

/** A one-time payment (an advertising budget top-up, or an order's deposit). */
export type PaymentCheckoutRequest = PaymentPurpose & {
  user: { id: string; email: string };
  /** What is charged, VAT included (a budget is spent as paid; a deposit is part of the quoted price). */
  amountCents: number;
  /** ISO 4217, upper case; EUR unless the order was quoted in another currency. */
  currency: string;
  description: string;
  /** Absolute URLs on the site. */
  successUrl: string;
  cancelUrl: string;
};

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Starts a hosted checkout in subscription mode; the browser goes to `url`. */
  createCheckout(request: CheckoutRequest): Promise<{ url: string; sessionId: string }>;
  /**
   * Starts a hosted checkout in payment mode (one charge); the provider's signed
   * checkout.session.completed event (metadata.ad_topup_id or metadata.order_id) is applied by
   * payments-webhook.
   */
  createPaymentCheckout(request: PaymentCheckoutRequest): Promise<{ url: string; sessionId: string }>;
  /** An upgrade applies at once with proration; a downgrade takes effect at the period end. */
  changePlan(subscription: SubscriptionRow, plan: PlanRow, direction: 'upgrade' | 'downgrade'): Promise<void>;
  /** Cancel at the end of the paid period (true) or keep renewing (false). */
  setCancelAtPeriodEnd(subscription: SubscriptionRow, cancel: boolean): Promise<void>;
  /** The provider's own billing portal (card changes, cancellation), or null when it has none. */
  portalUrl(subscription: SubscriptionRow, returnUrl: string): Promise<string | null>;
}

/** The provider-neutral event public.apply_billing_event takes (see the migration's comment). */
export interface BillingEvent {
  type: 'subscription_changed' | 'payment_succeeded' | 'payment_failed' | 'subscription_ended' | 'ignored';
  user_id?: string | null;
  subscription_ref?: string | null;
  customer_ref?: string | null;
  plan?: string | null;
  interval?: BillingInterval | null;
  status?: string | null;
  period_start?: string | null;
  period_end?: string | null;
  cancel_at_period_end?: boolean | null;
  invoice_ref?: string | null;
  amount_total_cents?: number | null;
  vat_rate?: number | null;
  vat_cents?: number | null;
  description?: string | null;
}
