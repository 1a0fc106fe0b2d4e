// order-deposit-checkout: the customer of an order pays its deposit (issue 15).
// POST {order_id} -> {url}: a checkout in payment mode with the active provider (Stripe, or the local
// test provider's page) for the order's deposit, in the order's currency. Nothing is recorded here: the
// provider's signed checkout.session.completed event does it, through payments-webhook and
// public.pay_order_deposit.
import { HttpError, json, serve } from '../_shared/host.ts';
import { check, serviceClient } from '../_shared/clients.ts';
import { paymentProvider } from '../_shared/payments/index.ts';
import { readCheckoutRequest } from '../_shared/payments/checkout-request.ts';

export default serve(async (request, host) => {
  const { user, id: orderId, site } = await readCheckoutRequest(request, host, 'order_id');

  const admin = serviceClient(host.env);
  const order = check(
    await admin.from('orders').select('id, reference, title, customer_id, status, deposit_amount, currency').eq('id', orderId).maybeSingle(),
    'read the order',
  ) as { id: string; reference: string; title: string; customer_id: string; status: string; deposit_amount: number | string; currency: string } | null;
  // Only the order's customer pays its deposit; for anyone else (the vendor included) it does not exist.
  if (!order || order.customer_id !== user.id) throw new HttpError(404, { error: 'not_found', message: 'No such order.' });
  if (order.status !== 'awaiting_deposit') throw new HttpError(409, { error: 'not_awaiting_deposit', message: 'This order is not awaiting its deposit.' });
  // Amounts go to the provider and back in cents (pay_order_deposit compares them so); a currency without
  // two decimals (JPY, KWD) would be charged a hundredth or ten times the deposit.
  if (new Intl.NumberFormat('en', { style: 'currency', currency: order.currency }).resolvedOptions().maximumFractionDigits !== 2) {
    throw new HttpError(409, {
      error: 'unsupported_currency',
      message: `Deposits in ${order.currency} cannot be paid online yet; the vendor records them as received.`,
    });
  }
  const amountCents = Math.round(Number(order.deposit_amount) * 100);
  if (amountCents <= 0) throw new HttpError(409, { error: 'no_deposit', message: 'This order has no deposit to pay.' });

  const session = await paymentProvider(host.env, admin).createPaymentCheckout({
    user,
    orderId: order.id,
    amountCents,
    currency: order.currency,
    description: `Deposit for ${order.reference}: ${order.title}`.slice(0, 200),
    successUrl: `${site}/customer-dashboard/orders?deposit=paid`,
    cancelUrl: `${site}/customer-dashboard/orders?deposit=cancelled`,
  });
  return json({ url: session.url });
});
