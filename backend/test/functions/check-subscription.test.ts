import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { createUser, httpError, type SignedInUser } from './helpers.ts';

type Answer = { subscribed: boolean; subscription_tier: string; subscription_end: string | null };

for (const database of await testDatabases()) {
  describe(`check-subscription on ${database}`, () => {
    let t: TestServer;
    let customer: SignedInUser;
    before(async () => {
      t = await startTestServer({ database });
      customer = await createUser(t);
    });
    after(() => t.close());

    const check = (client: SignedInUser['client'] | ReturnType<TestServer['admin']>, userId: unknown) =>
      client.functions.invoke<Answer>('check-subscription', { body: { userId } });
    const subscribe = async (userId: string, plan: string, status: string, renewal: Date | null) => {
      const { error } = await t.admin().from('subscriptions').insert({ user_id: userId, plan, status, renewal_date: renewal?.toISOString() ?? null });
      assert.equal(error, null, error?.message);
    };

    it('answers free without a subscription', async () => {
      const { data, error } = await check(customer.client, customer.id);
      assert.equal(error, null);
      assert.deepEqual(data, { subscribed: false, subscription_tier: 'free', subscription_end: null });
    });

    it('reads the latest Active subscription still in its period', async () => {
      const user = await createUser(t, { metadata: { user_type: 'vendor' } });
      const end = new Date(Date.now() + 20 * 24 * 3600 * 1000);
      await subscribe(user.id, 'pro', 'Cancelled', new Date(Date.now() + 40 * 24 * 3600 * 1000));
      await subscribe(user.id, 'starter', 'Active', end);
      const { data } = await check(user.client, user.id);
      assert.equal(data?.subscribed, true);
      assert.equal(data?.subscription_tier, 'starter');
      assert.equal(Date.parse(String(data?.subscription_end)), end.getTime());

      const lapsed = await createUser(t);
      await subscribe(lapsed.id, 'pro', 'Active', new Date(Date.now() - 1000));
      assert.equal((await check(lapsed.client, lapsed.id)).data?.subscription_tier, 'free');
    });

    it('applies the demo-account rules first: demo vendor entrepreneur, other demos starter, 30 days', async () => {
      const demoVendor = await createUser(t, { email: `demo.vendor+${Date.now()}@example.com`, metadata: { user_type: 'vendor' } });
      await subscribe(demoVendor.id, 'pro', 'Active', null);
      const vendor = (await check(demoVendor.client, demoVendor.id)).data;
      assert.equal(vendor?.subscription_tier, 'entrepreneur');
      assert.equal(vendor?.subscribed, true);
      const days = (Date.parse(String(vendor?.subscription_end)) - Date.now()) / (24 * 3600 * 1000);
      assert.ok(days > 29.9 && days <= 30, `${days} days`);
      const demoCustomer = await createUser(t, { email: `demo.customer+${Date.now()}@example.com` });
      assert.equal((await check(demoCustomer.client, demoCustomer.id)).data?.subscription_tier, 'starter');
    });

    it('refuses a non-owner, anonymous callers and bad input; the service role may ask for anyone', async () => {
      const other = await createUser(t);
      const denied = await httpError((await check(other.client, customer.id)).error);
      assert.equal(denied.status, 403);
      assert.equal(denied.body.error, 'forbidden');
      const anonymous = await httpError((await check(t.client(), customer.id)).error);
      assert.equal(anonymous.status, 401);
      const noToken = await fetch(`${t.url}/functions/v1/check-subscription`, { method: 'POST', body: JSON.stringify({ userId: customer.id }) });
      assert.equal(noToken.status, 401, 'verify_jwt refuses a request without a JWT');
      const bad = await httpError((await check(customer.client, 'not-a-uuid')).error);
      assert.equal(bad.status, 400);
      assert.deepEqual((await check(t.admin(), customer.id)).data, { subscribed: false, subscription_tier: 'free', subscription_end: null });
      const missing = await httpError((await check(t.admin(), '00000000-0000-4000-8000-000000000000')).error);
      assert.equal(missing.status, 404);
    });
  });
}
