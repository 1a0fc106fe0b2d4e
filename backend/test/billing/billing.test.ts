// Billing (issue 15): the payment webhook (signature, replay), the subscription lifecycle through the
// local test provider (checkout, declined card, upgrade, downgrade at the period end, cancel, renewal,
// failed payment and grace), listings unpublished and republished with the plan, private invoices.
// The test provider sends Stripe-shaped events signed as Stripe signs them, to the same webhook.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { createUser, httpError, type SignedInUser } from '../functions/helpers.ts';
import { waitForMail } from '../mail/helpers.ts';
import { signPayload, testWebhookSecret } from '../../../supabase/functions/_shared/payments/signing.ts';
import { checkCard } from '../../../supabase/functions/_shared/payments/test-provider.ts';
import { planAmount } from '../../../supabase/functions/_shared/payments/pricing.ts';
import { toBillingEvent } from '../../../supabase/functions/_shared/payments/events.ts';

const GOOD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
const DECLINED = { number: '4000 0000 0000 0002', expiry: '12/40', cvc: '123' };
const FAILS_LATER = { number: '4000 0000 0000 0341', expiry: '12/40', cvc: '123' };

type Sub = { plan: string; status: string; renewal_date: string | null; pending_plan: string | null; cancel_at_period_end: boolean; grace_until: string | null; external_ref: string };

for (const database of await testDatabases()) {
  describe(`billing on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer({ database, ...(process.env.BILLING_DEBUG ? { logDestination: process.stderr, env: { LOG_LEVEL: 'error' } } : {}) });
    });
    after(() => t.close());

    const vendor = () => createUser(t, { metadata: { user_type: 'vendor', name: 'Vera Vendor' } });
    const billing = (user: SignedInUser, body: Record<string, unknown>) => user.client.functions.invoke('billing', { body });
    const testPay = (user: SignedInUser, body: Record<string, unknown>) => user.client.functions.invoke('payments-test', { body });
    const subscription = async (userId: string): Promise<Sub> => {
      const { data, error } = await t.admin().from('subscriptions').select('*').eq('user_id', userId).order('updated_at', { ascending: false }).limit(1).single();
      assert.equal(error, null, error?.message);
      return data as Sub;
    };
    const tier = async (user: SignedInUser) =>
      (await user.client.functions.invoke<{ subscription_tier: string; subscribed: boolean }>('check-subscription', { body: { userId: user.id } })).data;
    const buy = async (user: SignedInUser, plan: string, card = GOOD, interval = 'month') => {
      const started = await billing(user, { action: 'checkout', plan, interval });
      assert.equal(started.error, null, String(started.error));
      const url = new URL((started.data as { url: string }).url);
      assert.match(url.pathname, /^\/checkout\/test\/[0-9a-f-]{36}$/);
      const id = url.pathname.split('/').pop()!;
      return { id, result: await testPay(user, { action: 'pay', id, ...card }) };
    };
    /** Moves the provider's period end into the past and runs its renewal, as the billing job does. */
    const renewNow = async (user: SignedInUser, daysAgo = 0) => {
      const sub = await subscription(user.id);
      const when = new Date(Date.now() - daysAgo * 86_400_000 - 1000).toISOString();
      await t.admin().from('test_payment_subscriptions').update({ current_period_end: when }).eq('id', sub.external_ref);
      const { data, error } = await t.admin().functions.invoke<{ outcome: string }>('payments-test', { body: { action: 'renew', subscription: sub.external_ref } });
      assert.equal(error, null, String(error));
      return data!.outcome;
    };
    const event = (id: string, type: string, object: unknown) => JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
    const postWebhook = async (payload: string, signature: string | null) =>
      fetch(`${t.url}/functions/v1/payments-webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(signature ? { 'Stripe-Signature': signature } : {}) },
        body: payload,
      });

    it('checks cards as Stripe\'s test cards behave', () => {
      assert.deepEqual(checkCard(GOOD), { ok: true, behaviour: 'succeeds', last4: '4242' });
      assert.equal((checkCard(DECLINED) as { code: string }).code, 'card_declined');
      assert.equal((checkCard({ ...GOOD, number: '4242 4242 4242 4241' }) as { code: string }).code, 'incorrect_number');
      assert.equal((checkCard({ ...GOOD, expiry: '01/20' }) as { code: string }).code, 'invalid_expiry');
      assert.equal((checkCard({ ...GOOD, cvc: '1' }) as { code: string }).code, 'invalid_cvc');
      assert.deepEqual(planAmount({ id: 'starter', name: 'Starter', price_eur: '50.00', sort_order: 1 }, 'year', 21), { net: 50000, vat: 10500, total: 60500 });
    });

    it('reads Stripe\'s event shapes (current API: period on items, subscription under invoice.parent; older: top level)', () => {
      const sub = {
        id: 'sub_1', object: 'subscription', customer: 'cus_1', status: 'active', cancel_at_period_end: true,
        metadata: { user_id: 'u1', plan: 'pro', interval: 'year' },
        items: { data: [{ current_period_start: 1_700_000_000, current_period_end: 1_731_536_000, price: { recurring: { interval: 'year' } } }] },
      };
      assert.deepEqual(toBillingEvent({ type: 'customer.subscription.updated', data: { object: sub } }, 21), {
        type: 'subscription_changed', user_id: 'u1', subscription_ref: 'sub_1', customer_ref: 'cus_1', plan: 'pro', interval: 'year',
        status: 'active', period_start: '2023-11-14T22:13:20.000Z', period_end: '2024-11-13T22:13:20.000Z', cancel_at_period_end: true,
      });
      const older = toBillingEvent({ type: 'invoice.paid', data: { object: {
        id: 'in_1', customer: { id: 'cus_1' }, subscription: 'sub_1', amount_paid: 12100, subscription_details: { metadata: { user_id: 'u1', plan: 'starter' } },
        lines: { data: [{ period: { start: 1_700_000_000, end: 1_702_592_000 } }] },
      } } }, 21);
      assert.deepEqual([older.subscription_ref, older.customer_ref, older.plan, older.amount_total_cents, older.vat_cents, older.invoice_ref], ['sub_1', 'cus_1', 'starter', 12100, 2100, 'in_1']);
      const failed = toBillingEvent({ type: 'invoice.payment_failed', data: { object: { id: 'in_2', amount_paid: 0, parent: { subscription_details: { subscription: 'sub_1', metadata: {} } } } } }, 21);
      assert.deepEqual([failed.type, failed.subscription_ref, failed.invoice_ref], ['payment_failed', 'sub_1', null]);
      assert.deepEqual(toBillingEvent({ type: 'charge.refunded', data: { object: {} } }, 21), { type: 'ignored' });
    });

    it('webhook: applies a validly signed event once, refuses a bad signature, ignores a replay', async () => {
      const user = await vendor();
      const secret = await testWebhookSecret(t.serviceRoleKey);
      const now = Math.floor(Date.now() / 1000);
      const payload = event('evt_test_manual_1', 'invoice.paid', {
        id: 'in_test_manual_1', object: 'invoice', customer: 'cus_test_manual', amount_paid: 6050,
        lines: { data: [{ description: 'Modula Starter (monthly)', period: { start: now, end: now + 30 * 86400 } }] },
        parent: { subscription_details: { subscription: 'sub_test_manual', metadata: { user_id: user.id, plan: 'starter', interval: 'month' } } },
      });
      assert.equal((await postWebhook(payload, null)).status, 400);
      const forged = await postWebhook(payload, await signPayload(payload, 'whsec_not_the_secret'));
      assert.equal(forged.status, 400);
      assert.equal(((await forged.json()) as { error: string }).error, 'invalid_signature');
      const tampered = await postWebhook(payload.replace('6050', '1'), await signPayload(payload, secret));
      assert.equal(tampered.status, 400);
      assert.equal((await tier(user))?.subscription_tier, 'free', 'nothing changed before a valid event');

      const signature = await signPayload(payload, secret);
      const first = await postWebhook(payload, signature);
      assert.equal(first.status, 200);
      assert.equal(((await first.json()) as { outcome: string }).outcome, 'applied');
      assert.equal((await tier(user))?.subscription_tier, 'starter');
      const replay = await postWebhook(payload, await signPayload(payload, secret));
      assert.equal(replay.status, 200);
      assert.equal(((await replay.json()) as { outcome: string }).outcome, 'duplicate');
      const { data: invoices } = await t.admin().from('invoices').select('number, amount_total_cents, vat_cents, amount_net_cents, vat_rate').eq('user_id', user.id);
      assert.equal(invoices?.length, 1, 'one invoice for one payment');
      assert.deepEqual({ ...invoices![0], number: undefined, vat_rate: Number(invoices![0]!.vat_rate) },
        { number: undefined, amount_total_cents: 6050, vat_cents: 1050, amount_net_cents: 5000, vat_rate: 21 });
      assert.match(invoices![0]!.number, /^MOD-\d{4}-\d{6}$/);
    });

    it('the browser cannot write a subscription or apply an event', async () => {
      const user = await vendor();
      const insert = await user.client.from('subscriptions').insert({ user_id: user.id, plan: 'pro', status: 'Active' });
      assert.equal(insert.error?.code, '42501');
      const rpc = await user.client.rpc('apply_billing_event', { provider: 'test', event_id: 'evt_x', event_type: 'invoice.paid', event: { type: 'payment_succeeded', user_id: user.id, subscription_ref: 'sub_x', plan: 'pro' } });
      assert.ok(rpc.error, 'refused');
      const invoice = await user.client.from('invoices').insert({ number: 'X', user_id: user.id, plan: 'pro', billing_interval: 'month', period_start: new Date().toISOString(), period_end: new Date().toISOString(), amount_net_cents: 0, vat_rate: 0, vat_cents: 0, amount_total_cents: 0, provider: 'test', provider_ref: 'x' });
      assert.equal(invoice.error?.code, '42501');
      assert.equal((await tier(user))?.subscription_tier, 'free');
      // Who may execute the billing procedures: the service role only.
      for (const fn of ['public.apply_billing_event(text, text, text, jsonb)', 'public.expire_subscriptions()']) {
        const { rows } = await t.server.context.db.query<Record<string, boolean>>(
          `select has_function_privilege('anon', $1, 'execute') as anon, has_function_privilege('authenticated', $1, 'execute') as authenticated,
                  has_function_privilege('service_role', $1, 'execute') as service_role`, [fn]);
        assert.deepEqual(rows[0], { anon: false, authenticated: false, service_role: true }, fn);
      }
    });

    it('checkout: the declined card is refused with a clear error, the test card buys the plan', async () => {
      const customer = await createUser(t);
      const refused = await billing(customer, { action: 'checkout', plan: 'starter' });
      assert.equal((await httpError(refused.error)).body.error, 'vendors_only');
      const user = await vendor();
      assert.equal((await httpError((await billing(user, { action: 'checkout', plan: 'gold' })).error)).body.error, 'invalid_plan');

      const declined = await buy(user, 'starter', DECLINED);
      const problem = await httpError(declined.result.error);
      assert.equal(problem.status, 402);
      assert.deepEqual(problem.body, { error: 'card_declined', message: 'Your card was declined.' });
      assert.equal((await tier(user))?.subscription_tier, 'free');

      const paid = await testPay(user, { action: 'pay', id: declined.id, ...GOOD });
      assert.equal(paid.error, null, String(paid.error));
      const answer = await tier(user);
      assert.equal(answer?.subscription_tier, 'starter');
      assert.equal(answer?.subscribed, true);
      const sub = await subscription(user.id);
      assert.equal(sub.status, 'Active');
      const days = (Date.parse(sub.renewal_date!) - Date.now()) / 86_400_000;
      assert.ok(days > 27 && days < 32, `${days} days`);
      // The checkout is closed now; a second payment of it is refused.
      assert.equal((await httpError((await testPay(user, { action: 'pay', id: declined.id, ...GOOD })).error)).body.error, 'checkout_closed');
      assert.equal((await httpError((await billing(user, { action: 'checkout', plan: 'pro' })).error)).body.error, 'already_subscribed');
      const { data: invoices } = await user.client.from('invoices').select('amount_total_cents, plan');
      assert.deepEqual(invoices, [{ amount_total_cents: 6050, plan: 'starter' }]);
    });

    it('lifecycle: upgrade at once, downgrade at the period end, cancel and resume, renewal', async () => {
      const user = await vendor();
      await buy(user, 'starter', GOOD, 'year');
      assert.equal((await subscription(user.id)).plan, 'starter');

      assert.equal((await billing(user, { action: 'change-plan', plan: 'pro' })).error, null);
      let sub = await subscription(user.id);
      assert.equal(sub.plan, 'pro', 'an upgrade applies at once');
      const { data: prorated } = await t.admin().from('invoices').select('amount_total_cents, description').eq('user_id', user.id).order('issued_at');
      assert.equal(prorated?.length, 2);
      assert.ok(prorated![1]!.amount_total_cents > 0 && prorated![1]!.amount_total_cents <= (5000 - 500) * 100 * 1.21, 'the difference, prorated');

      assert.equal((await billing(user, { action: 'change-plan', plan: 'entrepreneur' })).error, null);
      sub = await subscription(user.id);
      assert.deepEqual([sub.plan, sub.pending_plan], ['pro', 'entrepreneur'], 'a downgrade waits for the period end');
      assert.equal((await tier(user))?.subscription_tier, 'pro');

      assert.equal((await billing(user, { action: 'cancel' })).error, null);
      assert.equal((await subscription(user.id)).cancel_at_period_end, true);
      assert.equal((await billing(user, { action: 'resume' })).error, null);
      assert.equal((await subscription(user.id)).cancel_at_period_end, false);

      const paidUntil = Date.parse((await subscription(user.id)).renewal_date!);
      assert.equal(await renewNow(user), 'renewed');
      sub = await subscription(user.id);
      assert.deepEqual([sub.plan, sub.pending_plan, sub.status], ['entrepreneur', null, 'Active'], 'the renewal applies the downgrade');
      assert.ok(Date.parse(sub.renewal_date!) > paidUntil - 86_400_000, 'paid through the next period');
      assert.equal((await tier(user))?.subscription_tier, 'entrepreneur');
    });

    it('cancel at the period end: the plan runs out, then free', async () => {
      const user = await vendor();
      await buy(user, 'starter');
      await billing(user, { action: 'cancel' });
      assert.equal(await renewNow(user), 'ended');
      const sub = await subscription(user.id);
      assert.equal(sub.status, 'Cancelled');
      assert.equal((await tier(user))?.subscription_tier, 'free');
    });

    it('a failed renewal keeps the plan for a 7-day grace, then ends it', async () => {
      const user = await vendor();
      await buy(user, 'entrepreneur', FAILS_LATER);
      assert.equal(await renewNow(user), 'payment failed');
      let sub = await subscription(user.id);
      assert.ok(sub.grace_until, 'grace set');
      const grace = (Date.parse(sub.grace_until!) - Date.now()) / 86_400_000;
      assert.ok(grace > 6.9 && grace <= 7, `${grace} days of grace`);
      assert.equal((await tier(user))?.subscription_tier, 'entrepreneur', 'still on the plan during the grace');
      assert.equal(await renewNow(user, 8), 'ended after failed payments');
      sub = await subscription(user.id);
      assert.equal(sub.status, 'Cancelled');
      assert.equal((await tier(user))?.subscription_tier, 'free');
    });

    it('over the limit after a downgrade: the newest listings are unpublished (not deleted), told by email, republished on upgrade', async () => {
      const user = await vendor();
      const admin = t.admin();
      const { data: company, error } = await admin.from('companies').insert({ name: `Limit Homes ${Date.now()}`, company_type: 'manufacturer', owner_id: user.id }).select('id').single();
      assert.equal(error, null, error?.message);
      await admin.from('company_members').upsert({ company_id: company!.id, user_id: user.id, member_role: 'owner' });
      await buy(user, 'entrepreneur');
      const { data: category } = await admin.from('categories').select('id').eq('listing_type', 'upgrade').limit(1).single();
      const titles = ['Solar kit one', 'Solar kit two', 'Solar kit three', 'Solar kit four'];
      for (const [i, title] of titles.entries()) {
        const inserted = await admin.from('listings').insert({
          vendor_id: company!.id, listing_type: 'upgrade', category_id: category!.id, title, price: 1000 + i, status: 'published',
          published_at: new Date(Date.now() - (10 - i) * 60_000).toISOString(),
        });
        assert.equal(inserted.error, null, inserted.error?.message);
      }
      await billing(user, { action: 'change-plan', plan: 'starter' });
      assert.equal(await renewNow(user), 'renewed');
      const state = async () => (await admin.from('listings').select('title, status, plan_unpublished_at').eq('vendor_id', company!.id).order('title')).data!;
      const unpublished = await state();
      assert.equal(unpublished.length, 4, 'nothing deleted');
      assert.deepEqual(unpublished.filter((l) => l.status === 'published').map((l) => l.title), ['Solar kit one'], 'the oldest stays');
      assert.ok(unpublished.filter((l) => l.status === 'draft').every((l) => l.plan_unpublished_at));
      const mail = await waitForMail(t.url, user.email, 1, 20_000);
      assert.match(mail.subject, /unpublished/);
      assert.match(mail.text, /Solar kit four/);

      await billing(user, { action: 'change-plan', plan: 'pro' });
      const back = await state();
      assert.deepEqual(back.filter((l) => l.status === 'published').length, 4, 'the upgrade republishes them');
      assert.ok(back.every((l) => l.plan_unpublished_at === null));
    });

    it('the expiry job ends a plan past its renewal date and brings the company within the free plan', async () => {
      const user = await vendor();
      const admin = t.admin();
      const { data: company } = await admin.from('companies').insert({ name: `Lapsed Homes ${Date.now()}`, company_type: 'supplier', owner_id: user.id }).select('id').single();
      await admin.from('company_members').upsert({ company_id: company!.id, user_id: user.id, member_role: 'owner' });
      await buy(user, 'starter');
      const { data: category } = await admin.from('categories').select('id').eq('listing_type', 'upgrade').limit(1).single();
      const listing = await admin.from('listings').insert({ vendor_id: company!.id, listing_type: 'upgrade', category_id: category!.id, title: 'Heat pump', price: 9000, status: 'published' }).select('id').single();
      assert.equal(listing.error, null, listing.error?.message);
      // The provider stopped renewing (e.g. Stripe gave up): the paid period simply runs out.
      await admin.from('subscriptions').update({ renewal_date: new Date(Date.now() - 3_600_000).toISOString() }).eq('user_id', user.id);
      // Within a day of the period end a renewal payment may still arrive: nothing ends yet.
      await t.server.context.db.query('select public.expire_subscriptions()');
      assert.equal((await subscription(user.id)).status, 'Active');
      await admin.from('subscriptions').update({ renewal_date: new Date(Date.now() - 25 * 3_600_000).toISOString() }).eq('user_id', user.id);
      const { rows } = await t.server.context.db.query<{ ended: number }>('select public.expire_subscriptions() as ended');
      assert.ok(rows[0]!.ended >= 1);
      assert.equal((await subscription(user.id)).status, 'Cancelled');
      const { data: after } = await admin.from('listings').select('status, plan_unpublished_at').eq('id', listing.data!.id).single();
      assert.equal(after!.status, 'draft');
      assert.ok(after!.plan_unpublished_at);
    });

    it('invoices are private to the payer and the company; the PDF only for them', async () => {
      const owner = await vendor();
      await buy(owner, 'starter');
      const stranger = await vendor();
      const { data: mine } = await owner.client.from('invoices').select('id, number');
      assert.equal(mine?.length, 1);
      const id = mine![0]!.id as string;
      assert.deepEqual((await stranger.client.from('invoices').select('id').eq('id', id)).data, []);
      assert.deepEqual((await t.client().from('invoices').select('id')).error?.code, '42501');

      const denied = await stranger.client.functions.invoke('billing', { body: { action: 'invoice-pdf', id } });
      assert.equal((await httpError(denied.error)).status, 404);
      const session = (await owner.client.auth.getSession()).data.session!;
      const response = await fetch(`${t.url}/functions/v1/billing`, {
        method: 'POST',
        headers: { apikey: t.anonKey, Authorization: `Bearer ${session.access_token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ action: 'invoice-pdf', id }),
      });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'application/pdf');
      const bytes = Buffer.from(await response.arrayBuffer());
      assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
      assert.ok(bytes.length > 1000);
    });
  });
}

describe('billing with Stripe configured', () => {
  let t: TestServer;
  const WEBHOOK_SECRET = 'whsec_test_endpoint_secret_for_tests';
  before(async () => {
    t = await startTestServer({ database: 'pglite', env: { STRIPE_SECRET_KEY: 'sk_test_not_a_real_key', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  });
  after(() => t.close());

  it('verifies events with the Stripe endpoint secret, applies them as Stripe\'s, and switches the test provider off', async () => {
    const user = await createUser(t, { metadata: { user_type: 'vendor' } });
    const now = Math.floor(Date.now() / 1000);
    const payload = JSON.stringify({
      id: 'evt_1StripeLike', object: 'event', type: 'customer.subscription.created', created: now,
      data: { object: {
        id: 'sub_1StripeLike', object: 'subscription', customer: 'cus_1StripeLike', status: 'active', cancel_at_period_end: false,
        metadata: { user_id: user.id, plan: 'entrepreneur', interval: 'month' },
        items: { data: [{ current_period_start: now, current_period_end: now + 30 * 86400, price: { recurring: { interval: 'month' } } }] },
      } },
    });
    const send = async (secret: string) =>
      fetch(`${t.url}/functions/v1/payments-webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': await signPayload(payload, secret) }, body: payload });
    // The test provider's secret is not accepted while Stripe is the provider.
    assert.equal((await send(await testWebhookSecret(t.serviceRoleKey))).status, 400);
    const accepted = await send(WEBHOOK_SECRET);
    assert.equal(accepted.status, 200);
    const { data } = await t.admin().from('subscriptions').select('plan, provider, external_ref, customer_ref').eq('user_id', user.id).single();
    assert.deepEqual(data, { plan: 'entrepreneur', provider: 'stripe', external_ref: 'sub_1StripeLike', customer_ref: 'cus_1StripeLike' });
    const off = await user.client.functions.invoke('payments-test', { body: { action: 'session', id: '00000000-0000-4000-8000-000000000000' } });
    assert.equal((await httpError(off.error)).status, 404);
  });
});
