// payments-webhook: the one endpoint both payment providers send their events to (Stripe's dashboard
// endpoint, or the local test provider). POST with the raw event and its Stripe-Signature header; the
// signature is verified with the official stripe package against the active provider's secret, then
// the event is applied with public.apply_billing_event, which records its id first: a replayed or
// re-delivered event changes nothing. One-time payments (an advertising top-up, an order's deposit) are
// applied by their own functions, which apply each payment once. No JWT (config.toml): the signature is the authentication.
import { HttpError, json, serve } from '../_shared/host.ts';
import { serviceClient } from '../_shared/clients.ts';
import { providerName, vatRate, webhookSecret } from '../_shared/payments/index.ts';
import { toBillingEvent } from '../_shared/payments/events.ts';
import { verifyEvent } from '../_shared/payments/signing.ts';
import { adTopupPayment } from '../_shared/payments/ad-topups.ts';
import { orderDepositPayment } from '../_shared/payments/order-deposits.ts';

const MAX_BODY = 512 * 1024;

export default serve(async (request, host) => {
  if (request.method !== 'POST') {
    throw new HttpError(405, { error: 'method_not_allowed', message: 'Use POST.' }, { Allow: 'POST' });
  }
  const signature = request.headers.get('stripe-signature');
  if (!signature) throw new HttpError(400, { error: 'missing_signature', message: 'The Stripe-Signature header is missing.' });
  const payload = await request.text();
  if (payload.length > MAX_BODY) throw new HttpError(413, { error: 'too_large', message: 'The event is too large.' });

  let event: Awaited<ReturnType<typeof verifyEvent>>;
  try {
    event = await verifyEvent(payload, signature, await webhookSecret(host.env));
  } catch {
    throw new HttpError(400, { error: 'invalid_signature', message: 'The event signature does not match.' });
  }

  // An advertising budget top-up (issue 16): credited once, for the amount that was asked.
  const topup = adTopupPayment(event);
  if (topup) {
    if (!topup.paid) return json({ received: true, outcome: 'unpaid' });
    const credited = await serviceClient(host.env).rpc('credit_ad_topup', {
      topup_id: topup.topupId, provider: providerName(host.env), provider_ref: topup.sessionRef, amount_cents: topup.amountCents,
    });
    if (credited.error) throw new Error(`could not credit top-up ${topup.topupId}: ${credited.error.message}`);
    return json({ received: true, outcome: credited.data ? 'credited' : 'already credited' });
  }

  // An order's deposit (issue 15): recorded once, for the deposit's amount and currency; the order goes
  // to deposit paid, both sides are emailed.
  const deposit = orderDepositPayment(event);
  if (deposit) {
    if (!deposit.paid) return json({ received: true, outcome: 'unpaid' });
    const recorded = await serviceClient(host.env).rpc('pay_order_deposit', {
      order_id: deposit.orderId, provider: providerName(host.env), provider_ref: deposit.sessionRef || event.id,
      amount_cents: deposit.amountCents, currency: deposit.currency,
    });
    if (recorded.error) throw new Error(`could not record the deposit of order ${deposit.orderId}: ${recorded.error.message}`);
    return json({ received: true, outcome: recorded.data });
  }

  const billing = toBillingEvent(event, vatRate(host.env));
  const { data, error } = await serviceClient(host.env).rpc('apply_billing_event', {
    provider: providerName(host.env),
    event_id: event.id,
    event_type: event.type,
    event: billing,
  });
  // A failure answers 500, so the provider delivers the event again later.
  if (error) throw new Error(`could not apply ${event.type} ${event.id}: ${error.message}`);
  return json({ received: true, outcome: data });
});
