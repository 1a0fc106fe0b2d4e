// payments-test: the local test provider's server side (only while Stripe is not configured).
//   session {id}                      -> the checkout the page shows (its owner only)
//   pay {id, number, expiry, cvc}     -> charges a test card: 4242 4242 4242 4242 succeeds,
//                                        4000 0000 0000 0002 is declined (402 card_declined), then
//                                        sends the signed events to payments-webhook
//   renew {subscription}              -> service role: what Stripe does at a period end (billing job, tests)
import { HttpError, json, readJsonObject, serve } from '../_shared/host.ts';
import { check, serviceClient } from '../_shared/clients.ts';
import { providerName, vatRate } from '../_shared/payments/index.ts';
import { testProvider } from '../_shared/payments/test-provider.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');

export default serve(async (request, host) => {
  if (providerName(host.env) !== 'test') throw new HttpError(404, { error: 'not_found', message: 'Payments go through Stripe on this server.' });
  const body = await readJsonObject(request);
  const admin = serviceClient(host.env);
  const provider = testProvider({ admin, env: host.env, vatRate: vatRate(host.env) });
  const role = host.claims?.role;

  if (body.action === 'renew') {
    if (role !== 'service_role') throw new HttpError(403, { error: 'forbidden', message: 'Only the billing job renews subscriptions.' });
    const ref = text(body.subscription, 100);
    if (!/^sub_test_[0-9a-f]{32}$/.test(ref)) throw new HttpError(400, { error: 'invalid_request', message: 'Send {"action": "renew", "subscription": "sub_test_..."}.' });
    return json({ outcome: await provider.renew(ref) });
  }

  const userId = role === 'authenticated' && typeof host.claims?.sub === 'string' ? host.claims.sub : null;
  if (!userId) throw new HttpError(401, { error: 'unauthorized', message: 'Sign in to pay.' });
  const id = typeof body.id === 'string' && UUID.test(body.id) ? body.id : null;
  if (!id) throw new HttpError(400, { error: 'invalid_request', message: 'Send the checkout id.' });

  const checkout = check(
    await admin.from('test_payment_checkouts').select('id, plan, billing_interval, ad_topup_id, order_id, currency, amount_total_cents, status, expires_at, success_path, cancel_path, order:orders(reference, title)')
      .eq('id', id).eq('user_id', userId).maybeSingle(),
    'read the checkout',
  ) as { status: string; expires_at: string } | null;
  if (!checkout) throw new HttpError(404, { error: 'not_found', message: 'No such checkout.' });
  const open = checkout.status === 'open' && Date.parse(checkout.expires_at) > Date.now();

  if (body.action === 'session') return json({ ...checkout, status: open || checkout.status !== 'open' ? checkout.status : 'expired', vat_rate: vatRate(host.env) });

  if (body.action === 'pay') {
    if (!open) throw new HttpError(409, { error: 'checkout_closed', message: 'This checkout is no longer open.' });
    let outcome;
    try {
      outcome = await provider.completeCheckout(id, userId, { number: text(body.number, 40), expiry: text(body.expiry, 10), cvc: text(body.cvc, 8) });
    } catch (error) {
      if (error instanceof Error && error.message === 'checkout_closed') throw new HttpError(409, { error: 'checkout_closed', message: 'This checkout is no longer open.' });
      throw error;
    }
    if (!outcome.ok) throw new HttpError(402, { error: outcome.code, message: outcome.message });
    return json({ ok: true });
  }
  throw new HttpError(400, { error: 'invalid_action', message: 'Unknown action.' });
});
