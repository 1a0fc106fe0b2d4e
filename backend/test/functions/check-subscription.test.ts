import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { PASSWORD, createUser, httpError, type SignedInUser } from './helpers.ts';
import { followLink, latestLink } from '../auth/helpers.ts';

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

    it('applies the demo-account rules first to the seeded demo accounts: vendor entrepreneur, others starter, 30 days', async () => {
      const seededDemo = async (email: string, userType: 'customer' | 'vendor') => {
        const created = await t.admin().auth.admin.createUser({
          email, password: PASSWORD, email_confirm: true, user_metadata: { name: 'Demo Person', user_type: userType }, app_metadata: { demo: true },
        });
        assert.equal(created.error, null, created.error?.message);
        const client = t.client();
        assert.equal((await client.auth.signInWithPassword({ email, password: PASSWORD })).error, null);
        return { id: created.data.user!.id, client };
      };
      const demoVendor = await seededDemo(`seeded-vendor-${Date.now()}@example.com`, 'vendor');
      await subscribe(demoVendor.id, 'pro', 'Active', null);
      const vendor = (await check(demoVendor.client, demoVendor.id)).data;
      assert.equal(vendor?.subscription_tier, 'entrepreneur');
      assert.equal(vendor?.subscribed, true);
      const days = (Date.parse(String(vendor?.subscription_end)) - Date.now()) / (24 * 3600 * 1000);
      assert.ok(days > 29.9 && days <= 30, `${days} days`);
      const demoCustomer = await seededDemo(`seeded-customer-${Date.now()}@example.com`, 'customer');
      assert.equal((await check(demoCustomer.client, demoCustomer.id)).data?.subscription_tier, 'starter');
    });

    it('gives a self-registered address containing "demo." no paid tier (issue 13, item 9)', async () => {
      const email = `demo.vendor.${Date.now()}@example.com`;
      const { error } = await t.client().auth.signUp({ email, password: PASSWORD, options: { data: { name: 'Mallory', user_type: 'vendor', demo: true } } });
      assert.equal(error, null);
      await followLink((await latestLink(t, email)).link);
      const client = t.client();
      const signedIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
      assert.equal(signedIn.error, null);
      const id = signedIn.data.user!.id;
      assert.deepEqual((await check(client, id)).data, { subscribed: false, subscription_tier: 'free', subscription_end: null });
      // The flag cannot be claimed: app_metadata is the service role's alone.
      const claim = await client.auth.updateUser({ data: { demo: true } });
      assert.equal(claim.error, null);
      const raw = await fetch(`${t.url}/auth/v1/user`, {
        method: 'PUT',
        headers: { apikey: t.anonKey, authorization: `Bearer ${signedIn.data.session!.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ app_metadata: { demo: true } }),
      });
      assert.equal(raw.status, 403);
      assert.equal((await check(client, id)).data?.subscription_tier, 'free');
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
