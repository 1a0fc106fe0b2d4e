// Order deposits (issue 15) through the payment provider interface: the order's customer (and nobody
// else) starts a payment-mode checkout for the deposit while the order awaits it, pays on the local test
// provider's page, and the signed checkout.session.completed event moves the order to deposit paid once,
// through payments-webhook and public.pay_order_deposit (history, emails to both sides, analytics).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { createUser, httpError, type SignedInUser } from '../functions/helpers.ts';
import { inbox, waitFor } from '../mail/helpers.ts';
import { signPayload, testWebhookSecret } from '../../../supabase/functions/_shared/payments/signing.ts';

const GOOD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
const DECLINED = { number: '4000 0000 0000 0002', expiry: '12/40', cvc: '123' };

type OrderRow = { status: string; deposit_paid_at: string | null; deposit_payment_ref: string | null };

for (const database of await testDatabases()) {
  describe(`order deposits through the payment provider on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer({ database, env: { SEED: 'off' } });
    });
    after(() => t.close());

    /** A vendor with a company, a customer, and an order between them awaiting a 10 % deposit of 42,000. */
    async function orderBetween(options: { currency?: string } = {}) {
      const admin = t.admin();
      const vendor = await createUser(t, { metadata: { user_type: 'vendor', name: 'Vera Vendor' } });
      const customer = await createUser(t, { metadata: { user_type: 'customer', name: 'Carl Customer' } });
      const company = await admin.from('companies').insert({ name: `Deposit Homes ${vendor.id.slice(0, 6)}`, company_type: 'manufacturer', owner_id: vendor.id }).select('id').single();
      assert.equal(company.error, null, company.error?.message);
      const companyId = (company.data as { id: string }).id;
      await admin.from('company_members').upsert({ company_id: companyId, user_id: vendor.id, member_role: 'owner' });
      await admin.from('profiles').update({ company_id: companyId }).eq('id', vendor.id);
      const order = await admin.from('orders').insert({
        customer_id: customer.id, company_id: companyId, vendor_id: vendor.id, title: 'Garden studio, delivered', amount: 42000,
        currency: options.currency ?? 'EUR', deposit_percent: 10,
      }).select('id').single();
      assert.equal(order.error, null, order.error?.message);
      return { vendor, customer, orderId: (order.data as { id: string }).id };
    }

    const orderOf = async (id: string) =>
      (await t.admin().from('orders').select('status, deposit_paid_at, deposit_payment_ref').eq('id', id).single()).data as OrderRow;
    const startCheckout = (user: SignedInUser, orderId: string) => user.client.functions.invoke<{ url: string }>('order-deposit-checkout', { body: { order_id: orderId } });

    it('moves the order to deposit paid once the customer pays the test card, tells both sides, and only then', async () => {
      const { vendor, customer, orderId } = await orderBetween();
      const started = await startCheckout(customer, orderId);
      assert.equal(started.error, null, String(started.error));
      const url = new URL(started.data!.url);
      assert.match(url.pathname, /^\/checkout\/test\/[0-9a-f-]{36}$/);
      const checkoutId = url.pathname.split('/').pop()!;
      const session = await customer.client.functions.invoke<{ amount_total_cents: number; currency: string; plan: string | null; order_id: string; order: { reference: string }; success_path: string }>(
        'payments-test', { body: { action: 'session', id: checkoutId } });
      assert.equal(session.error, null, String(session.error));
      assert.deepEqual(
        [session.data?.amount_total_cents, session.data?.currency, session.data?.plan, session.data?.order_id, session.data?.success_path],
        [420000, 'EUR', null, orderId, '/customer-dashboard/orders?deposit=paid'],
      );
      assert.match(session.data!.order.reference, /^MOD-\d{6}$/);

      const declined = await customer.client.functions.invoke('payments-test', { body: { action: 'pay', id: checkoutId, ...DECLINED } });
      assert.equal((await httpError(declined.error)).status, 402);
      assert.equal((await orderOf(orderId)).status, 'awaiting_deposit');

      const paid = await customer.client.functions.invoke('payments-test', { body: { action: 'pay', id: checkoutId, ...GOOD } });
      assert.equal(paid.error, null, String(paid.error));
      const order = await orderOf(orderId);
      assert.equal(order.status, 'deposit_paid');
      assert.ok(order.deposit_paid_at);
      assert.equal(order.deposit_payment_ref, `test:${checkoutId}`);

      // The vendor sees it under row-level security, with the history row the provider wrote (no actor).
      const seen = await vendor.client.from('orders').select('status, order_events(status, actor_id)').eq('id', orderId).single();
      assert.equal(seen.error, null, seen.error?.message);
      const history = (seen.data as { status: string; order_events: { status: string; actor_id: string | null }[] });
      assert.equal(history.status, 'deposit_paid');
      assert.deepEqual(history.order_events.filter((e) => e.status === 'deposit_paid'), [{ status: 'deposit_paid', actor_id: null }]);

      const events = await t.admin().from('analytics_events').select('name, user_id, params').eq('name', 'deposit_paid').eq('user_id', customer.id);
      assert.equal(events.data?.length, 1);
      assert.equal((events.data![0]!.params as { order_id: string; value: number }).order_id, orderId);
      assert.equal(Number((events.data![0]!.params as { value: number }).value), 4200);

      // Both sides are emailed by the order-notice job.
      for (const who of [customer, vendor]) {
        await waitFor(async () => {
          const found = (await inbox(t.url, who.email)).filter((m) => /Deposit paid/.test(m.subject) || /Deposit paid/.test(m.text));
          return found.length > 0 ? found : undefined;
        }, 30_000, `the deposit email to ${who.email}`);
      }

      // A paid deposit cannot be paid again.
      const again = await startCheckout(customer, orderId);
      assert.deepEqual(await httpError(again.error), { status: 409, body: { error: 'not_awaiting_deposit', message: 'This order is not awaiting its deposit.' } });
    });

    it('refuses anyone but the order\'s customer, and an order that is not awaiting its deposit', async () => {
      const { vendor, customer, orderId } = await orderBetween();
      const stranger = await createUser(t, { metadata: { user_type: 'customer', name: 'Sam Stranger' } });
      for (const who of [vendor, stranger]) {
        const refused = await startCheckout(who, orderId);
        assert.deepEqual(await httpError(refused.error), { status: 404, body: { error: 'not_found', message: 'No such order.' } });
      }
      const anonymous = await t.client().functions.invoke('order-deposit-checkout', { body: { order_id: orderId } });
      assert.equal((await httpError(anonymous.error)).status, 401);
      const malformed = await startCheckout(customer, 'not-a-uuid');
      assert.equal((await httpError(malformed.error)).status, 400);

      const cancelled = await customer.client.rpc('update_order_status', { order_id: orderId, status: 'cancelled' });
      assert.equal(cancelled.error, null, cancelled.error?.message);
      const late = await startCheckout(customer, orderId);
      assert.deepEqual(await httpError(late.error), { status: 409, body: { error: 'not_awaiting_deposit', message: 'This order is not awaiting its deposit.' } });
      const { count } = await t.admin().from('test_payment_checkouts').select('id', { count: 'exact', head: true }).eq('order_id', orderId);
      assert.equal(count, 0);
    });

    it('refuses a deposit in a currency without two decimals, which would be charged wrongly in cents', async () => {
      const { customer, orderId } = await orderBetween({ currency: 'JPY' });
      const refused = await startCheckout(customer, orderId);
      assert.deepEqual(await httpError(refused.error), {
        status: 409,
        body: { error: 'unsupported_currency', message: 'Deposits in JPY cannot be paid online yet; the vendor records them as received.' },
      });
      assert.equal((await orderOf(orderId)).status, 'awaiting_deposit');
    });

    it('applies only signed events for the right amount and currency, and a replayed event changes nothing', async () => {
      const { customer, orderId } = await orderBetween();
      const secret = await testWebhookSecret(t.serviceRoleKey);
      const event = (id: string, amount: number, currency = 'eur') => JSON.stringify({
        id, object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000),
        data: { object: { id: `cs_${id}`, object: 'checkout.session', mode: 'payment', payment_status: 'paid', amount_total: amount, currency, metadata: { order_id: orderId } } },
      });
      const post = async (payload: string, signed: boolean) => fetch(`${t.url}/functions/v1/payments-webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signed ? await signPayload(payload, secret) : 't=1,v1=00' },
        body: payload,
      });
      assert.equal((await post(event('evt_unsigned', 420000), false)).status, 400);
      assert.equal((await post(event('evt_wrong_amount', 100), true)).status, 500);
      assert.equal((await post(event('evt_wrong_currency', 420000, 'usd'), true)).status, 500);
      assert.equal((await orderOf(orderId)).status, 'awaiting_deposit');

      const payload = event('evt_deposit', 420000);
      const first = await post(payload, true);
      assert.deepEqual(await first.json(), { received: true, outcome: 'paid' });
      // The same event delivered again (Stripe retries), and another event for the same order.
      const replay = await post(payload, true);
      assert.deepEqual(await replay.json(), { received: true, outcome: 'already paid' });
      const second = await post(event('evt_deposit_again', 420000), true);
      assert.deepEqual(await second.json(), { received: true, outcome: 'already paid' });

      assert.deepEqual({ ...(await orderOf(orderId)), deposit_paid_at: null }, { status: 'deposit_paid', deposit_paid_at: null, deposit_payment_ref: 'test:cs_evt_deposit' });
      const history = await t.admin().from('order_events').select('status').eq('order_id', orderId).eq('status', 'deposit_paid');
      assert.equal(history.data?.length, 1);
      const deposits = await t.admin().from('analytics_events').select('id').eq('name', 'deposit_paid').eq('user_id', customer.id);
      assert.equal(deposits.data?.length, 1);

      // Only the service role records a deposit.
      const forged = await customer.client.rpc('pay_order_deposit', { order_id: orderId, provider: 'test', provider_ref: 'forged' });
      assert.equal(forged.error?.code, '42501');
    });
  });
}
