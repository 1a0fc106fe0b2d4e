// The Stripe adapter: Checkout in subscription mode, plan changes on the subscription, the customer
// portal. Stripe sends the resulting events to payments-webhook (configure the endpoint
// <SUPABASE_URL>/functions/v1/payments-webhook in the Stripe dashboard, with the events listed in
// README "Payments").
import Stripe from 'stripe';
import type { CheckoutRequest, PaymentCheckoutRequest, PaymentProvider, PlanRow, SubscriptionRow } from './types.ts';
import { planAmount } from './pricing.ts';

export function stripeProvider(secretKey: string, vatRate: number): PaymentProvider {
  const stripe = new Stripe(secretKey, { httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 2 });

  const priceData = (plan: PlanRow, interval: 'month' | 'year') => ({
    currency: 'eur',
    // Stripe charges the total with VAT; the invoice record splits it again (events.ts).
    unit_amount: planAmount(plan, interval, vatRate).total,
    recurring: { interval },
  });

  async function subscription(row: SubscriptionRow): Promise<Stripe.Subscription> {
    if (row.provider !== 'stripe' || !row.external_ref) throw new Error('the subscription was not made with Stripe');
    return stripe.subscriptions.retrieve(row.external_ref);
  }

  return {
    name: 'stripe',

    async createCheckout(request: CheckoutRequest) {
      const metadata = { user_id: request.user.id, plan: request.plan.id, interval: request.interval };
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        client_reference_id: request.user.id,
        ...(request.customerRef ? { customer: request.customerRef } : { customer_email: request.user.email }),
        line_items: [{
          quantity: 1,
          price_data: { ...priceData(request.plan, request.interval), product_data: { name: `Modula ${request.plan.name}` } },
        }],
        subscription_data: { metadata },
        metadata,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { url: session.url, sessionId: session.id };
    },

    async createPaymentCheckout(request: PaymentCheckoutRequest) {
      const metadata: Record<string, string> = request.orderId !== undefined
        ? { user_id: request.user.id, order_id: request.orderId }
        : { user_id: request.user.id, ad_topup_id: request.adTopupId };
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        client_reference_id: request.user.id,
        customer_email: request.user.email || undefined,
        line_items: [{ quantity: 1, price_data: { currency: request.currency.toLowerCase(), unit_amount: request.amountCents, product_data: { name: request.description } } }],
        payment_intent_data: { metadata },
        metadata,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { url: session.url, sessionId: session.id };
    },

    async changePlan(row, plan, direction) {
      const sub = await subscription(row);
      const item = sub.items.data[0];
      if (!item) throw new Error('the Stripe subscription has no item');
      const product = typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
      await stripe.subscriptions.update(sub.id, {
        items: [{ id: item.id, price_data: { ...priceData(plan, row.billing_interval), product } }],
        // Upgrade: charged now for the rest of the period. Downgrade: no credit, the next renewal is at
        // the lower price (the database keeps the higher plan until then: pending_plan).
        proration_behavior: direction === 'upgrade' ? 'always_invoice' : 'none',
        metadata: { ...sub.metadata, plan: plan.id },
      });
    },

    async setCancelAtPeriodEnd(row, cancel) {
      const sub = await subscription(row);
      await stripe.subscriptions.update(sub.id, { cancel_at_period_end: cancel });
    },

    async portalUrl(row, returnUrl) {
      if (!row.customer_ref) return null;
      const session = await stripe.billingPortal.sessions.create({ customer: row.customer_ref, return_url: returnUrl });
      return session.url;
    },
  };
}
