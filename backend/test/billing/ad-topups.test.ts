// Advertising budget top-ups (issue 16) through the payment provider interface: a company member starts
// a payment-mode checkout for a pending top-up, pays on the local test provider's page, and the signed
// checkout.session.completed event credits the budget once, for the amount asked, through payments-webhook.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { createUser, type SignedInUser } from '../functions/helpers.ts';
import { signPayload, testWebhookSecret } from '../../../supabase/functions/_shared/payments/signing.ts';

const GOOD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
const DECLINED = { number: '4000 0000 0000 0002', expiry: '12/40', cvc: '123' };

for (const database of await testDatabases()) {
  describe(`advertising top-ups through the payment provider on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer({ database, env: { SEED: 'off' } });
    });
    after(() => t.close());

    /** A vendor with a company on the Entrepreneur plan and a published listing. */
    async function advertiser(): Promise<SignedInUser & { listingId: string }> {
      const user = await createUser(t, { metadata: { user_type: 'vendor', name: 'Ada Advertiser' } });
      const admin = t.admin();
      const company = await admin.from('companies').insert({ name: `Ad Homes ${user.id.slice(0, 6)}`, company_type: 'manufacturer', owner_id: user.id }).select('id').single();
      assert.equal(company.error, null, company.error?.message);
      const companyId = (company.data as { id: string }).id;
      await admin.from('company_members').upsert({ company_id: companyId, user_id: user.id, member_role: 'owner' });
      await admin.from('profiles').update({ company_id: companyId }).eq('id', user.id);
      await admin.from('subscriptions').insert({ user_id: user.id, plan: 'entrepreneur', status: 'Active', renewal_date: new Date(Date.now() + 30 * 864e5).toISOString() });
      const category = await admin.from('categories').select('id').eq('slug', 'homes').single();
      const listing = await admin.from('listings').insert({
        vendor_id: companyId, listing_type: 'property', space_type: 'modular_home', category_id: (category.data as { id: string }).id, title: 'Advertised home', price: 90000, status: 'published',
      }).select('id').single();
      assert.equal(listing.error, null, listing.error?.message);
      return { ...user, listingId: (listing.data as { id: string }).id };
    }

    async function campaign(user: SignedInUser & { listingId: string }, budget: number) {
      const { data, error } = await user.client.rpc('create_ad_campaign', {
        listing_id: user.listingId, kind: 'ppc', name: 'Spring', budget, click_rate: 1,
        starts_at: new Date().toISOString(), ends_at: new Date(Date.now() + 10 * 864e5).toISOString(),
      });
      assert.equal(error, null, error?.message);
      return data as { campaign_id: string; topup_id: string };
    }

    const budgetOf = async (id: string) => (await t.admin().from('ad_campaigns').select('budget, active').eq('id', id).single()).data as { budget: string | number; active: boolean };

    it('credits the budget once the test card is paid, and only then', async () => {
      const user = await advertiser();
      const { campaign_id: campaignId, topup_id: topupId } = await campaign(user, 25);
      const started = await user.client.functions.invoke<{ url: string }>('ad-topup-checkout', { body: { topup_id: topupId } });
      assert.equal(started.error, null, String(started.error));
      const url = new URL(started.data!.url);
      assert.match(url.pathname, /^\/checkout\/test\/[0-9a-f-]{36}$/);
      const checkoutId = url.pathname.split('/').pop()!;
      const session = await user.client.functions.invoke<{ amount_total_cents: number; plan: string | null; ad_topup_id: string }>('payments-test', { body: { action: 'session', id: checkoutId } });
      assert.deepEqual([session.data?.amount_total_cents, session.data?.plan, session.data?.ad_topup_id], [2500, null, topupId]);

      const declined = await user.client.functions.invoke('payments-test', { body: { action: 'pay', id: checkoutId, ...DECLINED } });
      assert.notEqual(declined.error, null);
      assert.equal(Number((await budgetOf(campaignId)).budget), 0);

      const paid = await user.client.functions.invoke('payments-test', { body: { action: 'pay', id: checkoutId, ...GOOD } });
      assert.equal(paid.error, null, String(paid.error));
      assert.deepEqual(await budgetOf(campaignId), { budget: 25, active: true });
      const topup = (await t.admin().from('ad_budget_topups').select('status, provider').eq('id', topupId).single()).data;
      assert.deepEqual(topup, { status: 'paid', provider: 'test' });
      // A paid top-up cannot be paid again.
      const again = await user.client.functions.invoke('ad-topup-checkout', { body: { topup_id: topupId } });
      assert.equal((again.error as { context?: Response } | null)?.context?.status, 409);
    });

    it('refuses another company\'s top-up and unsigned events; a re-delivered event credits nothing; a wrong amount is refused', async () => {
      const owner = await advertiser();
      const stranger = await advertiser();
      const { campaign_id: campaignId, topup_id: topupId } = await campaign(owner, 10);
      const foreign = await stranger.client.functions.invoke('ad-topup-checkout', { body: { topup_id: topupId } });
      assert.equal((foreign.error as { context?: Response } | null)?.context?.status, 404);

      const secret = await testWebhookSecret(t.serviceRoleKey);
      const event = (id: string, amount: number) => JSON.stringify({
        id, object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000),
        data: { object: { id: `cs_${id}`, object: 'checkout.session', mode: 'payment', payment_status: 'paid', amount_total: amount, metadata: { ad_topup_id: topupId } } },
      });
      const post = async (payload: string, signed: boolean) => fetch(`${t.url}/functions/v1/payments-webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(signed ? { 'Stripe-Signature': await signPayload(payload, secret) } : { 'Stripe-Signature': 't=1,v1=00' }) },
        body: payload,
      });
      assert.equal((await post(event('evt_unsigned', 1000), false)).status, 400);
      assert.equal((await post(event('evt_wrong_amount', 100), true)).status, 500);
      assert.equal(Number((await budgetOf(campaignId)).budget), 0);
      const first = await post(event('evt_right', 1000), true);
      assert.deepEqual(await first.json(), { received: true, outcome: 'credited' });
      const replay = await post(event('evt_right_again', 1000), true);
      assert.deepEqual(await replay.json(), { received: true, outcome: 'already credited' });
      assert.equal(Number((await budgetOf(campaignId)).budget), 10);
    });
  });
}
