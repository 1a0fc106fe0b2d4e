import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import type { Database } from '../../src/db/types.ts';
import { createFixture, ids, users, uuidOf, type Actor } from './helpers/fixture.ts';
import { claimsOf } from './helpers/drivers.ts';
import { as, errorOf } from './helpers/sql.ts';

// Issue 16: the click call (charging, remainder, budget stop, parallel clicks), the fraud guards,
// lead attribution, campaigns that start only once paid, and who sees and changes campaigns.

let listingSerial = 0;

for (const database of await testDatabases()) {
  describe(`advertising on ${database}`, () => {
    let t: TestServer;
    let db: Database;
    before(async () => {
      t = await startTestServer({ database, env: { SEED: 'off' } });
      db = t.server.context.db;
      await createFixture(db);
    });
    after(() => t?.close());

    /** A fresh published listing of company A or B, so every test has its own campaign. */
    async function listing(company: 'A' | 'B' = 'A'): Promise<string> {
      const id = uuidOf(`ads:listing:${database}:${listingSerial++}`);
      await db.query(
        `insert into public.listings (id, vendor_id, listing_type, category_id, title, price, status)
         values ($1, $2, 'service', $3, 'Advertised service', 100, 'published')`,
        [id, company === 'A' ? ids.companyA : ids.companyB, ids.categoryDesign],
      );
      return id;
    }

    /** A campaign created by the vendor, its budget paid through the verified-payment function. */
    async function campaign(options: { budget: number; rate: number; company?: 'A' | 'B'; paid?: boolean; kind?: 'ppc' | 'sponsored' }) {
      const listingId = await listing(options.company);
      const vendor = options.company === 'B' ? 'vendorB' : 'vendorA';
      const [created] = await as<{ r: { campaign_id: string; topup_id: string } }>(db, vendor,
        `select public.create_ad_campaign($1, $2, 'Test campaign', $3, $4, now(), now() + interval '10 days', 1,
                case when $2 = 'sponsored' then now() + interval '5 days' end) as r`,
        [listingId, options.kind ?? 'ppc', options.budget, options.rate]);
      const { campaign_id: campaignId, topup_id: topupId } = created!.r;
      if (options.paid !== false) await db.query(`select public.credit_ad_topup($1, 'test', $2)`, [topupId, `ref-${topupId}`]);
      return { listingId, campaignId, topupId };
    }

    /** One click as the gateway would run it: the caller's claims and the resolved client address. */
    async function click(actor: Actor, listingId: string, visitor: string | null, ip: string): Promise<string> {
      const result = await db.asRole(claimsOf(actor), async (tx) => {
        await tx.query(`select set_config('request.client_ip', $1, true)`, [ip]);
        return tx.query<{ outcome: string }>('select public.record_ad_click($1, $2) as outcome', [listingId, visitor]);
      });
      return result.rows[0]!.outcome;
    }

    async function state(campaignId: string) {
      const { rows } = await db.query<{ clicks: number; spent: string; active: boolean; ledger: string; charged: number }>(
        `select c.clicks, c.spent::text, c.active,
                (select coalesce(sum(amount), 0)::numeric(10, 2)::text from public.ad_ledger g where g.campaign_id = c.id) as ledger,
                (select count(*)::int from public.ad_clicks k where k.campaign_id = c.id and k.outcome = 'charged') as charged
           from public.ad_campaigns c where c.id = $1`, [campaignId]);
      return rows[0]!;
    }

    describe('charging', () => {
      it('charges the click rate per click, the remainder last, then stops at the budget', async () => {
        const { listingId, campaignId } = await campaign({ budget: 3.5, rate: 1 });
        const outcomes = [];
        for (let n = 0; n < 5; n++) outcomes.push(await click('anon', listingId, `visitor-charge-${n}`, '198.51.100.1'));
        // A card still on someone's screen, clicked after the budget ran out: recorded, not charged.
        assert.deepEqual(outcomes, ['charged', 'charged', 'charged', 'charged', 'budget_reached']);
        assert.deepEqual(await state(campaignId), { clicks: 4, spent: '3.50', active: false, ledger: '3.50', charged: 4 });
        const { rows } = await db.query<{ amount: string }>('select amount::text from public.ad_ledger where campaign_id = $1 order by id', [campaignId]);
        assert.deepEqual(rows.map((r) => r.amount), ['1.00', '1.00', '1.00', '0.50']);
        const events = await db.query(`select 1 from public.analytics_events where name = 'ad_budget_reached' and params->>'campaign_id' = $1`, [campaignId]);
        assert.equal(events.rows.length, 1);
      });

      it('never overspends under parallel clicks: the sum of the ledger is the budget', async () => {
        const { listingId, campaignId } = await campaign({ budget: 10, rate: 0.3 });
        const outcomes = await Promise.all(Array.from({ length: 60 }, (_, n) => click('anon', listingId, `visitor-parallel-${n}`, `198.51.101.${n}`)));
        assert.equal(outcomes.filter((o) => o === 'charged').length, 34, '33 clicks of 0.30 and one of the remaining 0.10');
        assert.ok(outcomes.every((o) => ['charged', 'budget_reached'].includes(o)), outcomes.join());
        assert.deepEqual(await state(campaignId), { clicks: 34, spent: '10.00', active: false, ledger: '10.00', charged: 34 });
      });

      it('starts only once the budget is paid, and a paid top-up raises the budget of a stopped campaign', async () => {
        const { listingId, campaignId, topupId } = await campaign({ budget: 2, rate: 1, paid: false });
        const sponsored = async () => (await db.query<{ sponsored: boolean }>('select sponsored from public.listings where id = $1', [listingId])).rows[0]!.sponsored;
        assert.equal(await sponsored(), false);
        assert.equal(await click('anon', listingId, 'visitor-unpaid-1', '198.51.102.1'), 'no_campaign');
        await db.query(`select public.credit_ad_topup($1, 'test', 'ref-unpaid')`, [topupId]);
        // A repeated payment event credits nothing.
        assert.equal((await db.query<{ ok: boolean }>(`select public.credit_ad_topup($1, 'test', 'ref-unpaid') as ok`, [topupId])).rows[0]!.ok, false);
        assert.equal(await sponsored(), true);
        assert.equal(await click('anon', listingId, 'visitor-unpaid-2', '198.51.102.1'), 'charged');
        assert.equal(await click('anon', listingId, 'visitor-unpaid-3', '198.51.102.1'), 'charged');
        assert.equal(await sponsored(), false, 'the budget is spent');
        const [raised] = await as<{ id: string }>(db, 'vendorA', 'select public.raise_ad_budget($1, 5) as id', [campaignId]);
        assert.equal(await click('anon', listingId, 'visitor-unpaid-4', '198.51.102.1'), 'budget_reached', 'a pending top-up is not budget');
        await db.query(`select public.credit_ad_topup($1, 'test', 'ref-raised')`, [raised!.id]);
        assert.equal(await click('anon', listingId, 'visitor-unpaid-4', '198.51.102.1'), 'charged');
        assert.deepEqual(await state(campaignId), { clicks: 3, spent: '3.00', active: true, ledger: '3.00', charged: 3 });
      });
    });

    describe('fraud guards', () => {
      it('does not charge a second click of the same visitor within 30 minutes', async () => {
        const { listingId, campaignId } = await campaign({ budget: 50, rate: 1 });
        assert.equal(await click('anon', listingId, 'visitor-repeat-1', '198.51.103.1'), 'charged');
        assert.equal(await click('anon', listingId, 'visitor-repeat-1', '198.51.103.1'), 'duplicate');
        // Another browser at the same address is another visitor; the same signed-in user anywhere is not.
        assert.equal(await click('anon', listingId, 'visitor-repeat-2', '198.51.103.1'), 'charged');
        assert.equal(await click('customerA', listingId, 'visitor-repeat-3', '198.51.103.2'), 'charged');
        assert.equal(await click('customerA', listingId, 'visitor-repeat-4', '198.51.103.3'), 'duplicate');
        // Thirty minutes later the visitor's click counts again.
        await db.query(`update public.ad_clicks set created_at = created_at - interval '31 minutes' where campaign_id = $1`, [campaignId]);
        assert.equal(await click('anon', listingId, 'visitor-repeat-1', '198.51.103.1'), 'charged');
        // Parallel repeats of one visitor count once.
        const burst = await Promise.all(Array.from({ length: 8 }, () => click('anon', listingId, 'visitor-burst-1', '198.51.103.9')));
        assert.deepEqual(burst.filter((o) => o === 'charged').length, 1, burst.join());
        assert.deepEqual(await state(campaignId), { clicks: 5, spent: '5.00', active: true, ledger: '5.00', charged: 5 });
      });

      it('does not charge clicks by members of the advertising company', async () => {
        const { listingId, campaignId } = await campaign({ budget: 50, rate: 1 });
        assert.equal(await click('vendorA', listingId, 'visitor-own-1', '198.51.104.1'), 'own_company');
        assert.equal(await click('vendorB', listingId, 'visitor-own-2', '198.51.104.1'), 'charged');
        assert.deepEqual(await state(campaignId), { clicks: 1, spent: '1.00', active: true, ledger: '1.00', charged: 1 });
      });

      it('records clicks past 30 per address and hour as invalid, however the visitor id changes', async () => {
        const { listingId, campaignId } = await campaign({ budget: 500, rate: 1 });
        const outcomes = [];
        for (let n = 0; n < 33; n++) outcomes.push(await click('anon', listingId, `visitor-flood-${n}`, '198.51.105.1'));
        assert.deepEqual(outcomes, [...Array(30).fill('charged'), 'rate_limited', 'rate_limited', 'rate_limited']);
        assert.equal(await click('anon', listingId, 'visitor-flood-x', '198.51.105.2'), 'charged', 'a neighbour has its own limit');
        assert.deepEqual(await state(campaignId), { clicks: 31, spent: '31.00', active: true, ledger: '31.00', charged: 31 });
        const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from public.ad_clicks where campaign_id = $1 and outcome = 'rate_limited'`, [campaignId]);
        assert.equal(rows[0]!.n, 3);
      });
    });

    describe('leads', () => {
      it('attributes a conversation and a meeting request within 7 days after a click to the campaign', async () => {
        const { listingId, campaignId } = await campaign({ budget: 20, rate: 1, company: 'B' });
        assert.equal(await click('customerA', listingId, 'visitor-lead-1', '198.51.106.1'), 'charged');
        const [conversation] = await as<{ id: string }>(db, 'customerA', 'select (public.open_conversation($1)).id as id', [listingId]);
        await db.query(`insert into public.meetings (customer_id, vendor_id, listing_id, scheduled_at) values ($1, $2, $3, now() + interval '3 days')`,
          [users.customerA.id, users.vendorB.id, listingId]);
        const { rows } = await db.query<{ kind: string; source_id: string }>('select kind, source_id from public.ad_leads where campaign_id = $1 order by id', [campaignId]);
        assert.deepEqual(rows.map((r) => r.kind), ['conversation', 'meeting']);
        assert.equal(rows[0]!.source_id, conversation!.id);
        const events = await db.query(`select 1 from public.analytics_events where name = 'ad_lead' and params->>'campaign_id' = $1`, [campaignId]);
        assert.equal(events.rows.length, 2);
      });

      it('attributes the lead of a guest who clicked, then signed in and claimed the clicks from the same address', async () => {
        const { listingId, campaignId } = await campaign({ budget: 20, rate: 1, company: 'B' });
        assert.equal(await click('anon', listingId, 'visitor-guest-1', '198.51.108.1'), 'charged');
        const claim = async (visitor: string, ip: string) => (await db.asRole(claimsOf('customerB'), async (tx) => {
          await tx.query(`select set_config('request.client_ip', $1, true)`, [ip]);
          return tx.query<{ n: number }>('select public.claim_ad_clicks($1) as n', [visitor]);
        })).rows[0]!.n;
        // Another address with the same visitor id, or another visitor id, claims nothing.
        assert.equal(await claim('visitor-guest-1', '198.51.108.2'), 0);
        assert.equal(await claim('visitor-guest-2', '198.51.108.1'), 0);
        assert.equal(await claim('visitor-guest-1', '198.51.108.1'), 1);
        assert.equal((await errorOf(db, 'anon', `select public.claim_ad_clicks('visitor-guest-1')`))?.code, '42501');
        const [conversation] = await as<{ id: string }>(db, 'customerB', 'select (public.open_conversation($1)).id as id', [listingId]);
        const { rows } = await db.query<{ source_id: string }>('select source_id from public.ad_leads where campaign_id = $1', [campaignId]);
        assert.deepEqual(rows.map((r) => r.source_id), [conversation!.id]);
      });

      it('attributes nothing after 7 days, to another company, or to a visitor who never clicked', async () => {
        const { listingId, campaignId } = await campaign({ budget: 20, rate: 1, company: 'B' });
        assert.equal(await click('customerB', listingId, 'visitor-lead-2', '198.51.106.2'), 'charged');
        await db.query(`update public.ad_clicks set created_at = created_at - interval '8 days' where campaign_id = $1`, [campaignId]);
        await as(db, 'customerB', 'select public.open_conversation($1)', [listingId]);
        // Customer B's conversation with company A (listing A) is no lead of company B's campaign either.
        await as(db, 'customerB', 'select public.open_conversation($1)', [ids.listingA]);
        const { rows } = await db.query('select 1 from public.ad_leads where campaign_id = $1', [campaignId]);
        assert.equal(rows.length, 0);
      });
    });

    describe('campaigns and access', () => {
      it('validates a new campaign and keeps featured and priority to the plans that include them', async () => {
        const listingId = await listing('A');
        const create = (actor: Actor, args: unknown[]) => errorOf(db, actor,
          `select public.create_ad_campaign($1, $2, 'Spring', $3, $4, now(), now() + interval '10 days', $5, $6, $7)`, args);
        const detail = async (actor: Actor, args: unknown[]) => {
          const error = await create(actor, args);
          return error ? `${error.code} ${(error as { detail?: string }).detail}` : null;
        };
        assert.equal(await detail('vendorA', [listingId, 'ppc', 20, 0.05, 1, null, false]), '22023 ad:click_rate');
        assert.equal(await detail('vendorA', [listingId, 'ppc', 0.5, 1, 1, null, false]), '22023 ad:budget');
        assert.equal(await detail('vendorA', [ids.listingB, 'ppc', 20, 1, 1, null, false]), '22023 ad:listing');
        assert.equal(await detail('vendorA', [ids.draftA, 'ppc', 20, 1, 1, null, false]), '22023 ad:listing');
        assert.equal(await detail('vendorA', [listingId, 'sponsored', 20, 1, 3, null, false]), '22023 ad:sponsored_until');
        // Entrepreneur (vendor A): priority yes, featured no. Pro (vendor B): both.
        assert.equal(await detail('vendorA', [listingId, 'sponsored', 20, 1, 3, new Date(Date.now() + 86_400_000).toISOString(), true]), 'PT402 ad:featured_plan');
        assert.equal(await detail('vendorA', [listingId, 'sponsored', 20, 1, 3, new Date(Date.now() + 86_400_000).toISOString(), false]), null);
        assert.equal(await detail('vendorB', [await listing('B'), 'sponsored', 20, 1, 9, new Date(Date.now() + 86_400_000).toISOString(), true]), null);
        assert.equal(await detail('customerA', [listingId, 'ppc', 20, 1, 1, null, false]), '42501 ad:not_member');
        assert.equal(await detail('anon', [listingId, 'ppc', 20, 1, 1, null, false]), '42501 undefined');
      });

      it('lets only the company\'s members see and change its campaigns, and administrators read all', async () => {
        const { campaignId } = await campaign({ budget: 10, rate: 1 });
        const seen = async (actor: Actor) => (await as<{ id: string }>(db, actor, 'select id from public.ad_campaigns where id = $1', [campaignId])).length;
        assert.deepEqual([await seen('vendorA'), await seen('admin'), await seen('vendorB'), await seen('customerA')], [1, 1, 0, 0]);
        const ledgerSeen = async (actor: Actor) => (await as(db, actor, 'select 1 from public.ad_budget_topups where campaign_id = $1', [campaignId])).length;
        assert.deepEqual([await ledgerSeen('vendorA'), await ledgerSeen('admin'), await ledgerSeen('vendorB')], [1, 1, 0]);
        for (const actor of ['vendorB', 'customerA', 'admin'] as const) {
          assert.equal((await errorOf(db, actor, `select public.set_ad_campaign_state($1, 'pause')`, [campaignId]))?.code, '42501', actor);
          assert.equal((await errorOf(db, actor, 'select public.raise_ad_budget($1, 100)', [campaignId]))?.code, '42501', actor);
        }
        assert.equal((await errorOf(db, 'vendorA', 'update public.ad_campaigns set spent = 0 where id = $1', [campaignId]))?.code, '42501');
        assert.equal((await errorOf(db, 'vendorA', `select public.credit_ad_topup($1, 'x', 'y')`, [campaignId]))?.code, '42501');
        await as(db, 'vendorA', `select public.set_ad_campaign_state($1, 'pause')`, [campaignId]);
        assert.equal((await db.query<{ paused: boolean }>('select paused from public.ad_campaigns where id = $1', [campaignId])).rows[0]!.paused, true);
        await as(db, 'vendorA', `select public.set_ad_campaign_state($1, 'end')`, [campaignId]);
        assert.equal((await errorOf(db, 'vendorA', `select public.set_ad_campaign_state($1, 'resume')`, [campaignId]))?.code, '22023');
      });

      it('reports impressions, clicks, spend and leads per day to the company and administrators only', async () => {
        const { listingId, campaignId } = await campaign({ budget: 10, rate: 2 });
        const impressions = async (actor: Actor, list: string[]) =>
          (await as<{ n: number }>(db, actor, 'select public.record_ad_impressions($1::uuid[], $2) as n', [list, 'visitor-imp-1']))[0]!.n;
        assert.equal(await impressions('anon', [listingId, listingId, ids.listingC]), 1, 'one per listing, none without a campaign');
        assert.equal(await impressions('customerA', [listingId]), 1);
        await click('anon', listingId, 'visitor-report-1', '198.51.107.1');
        await click('anon', listingId, 'visitor-report-1', '198.51.107.1');
        const report = async (actor: Actor) =>
          (await as<Record<string, unknown>>(db, actor, `select impressions::int, clicks::int, invalid_clicks::int, spent::text, leads::int
                                                          from public.ad_campaign_report() where campaign_id = $1`, [campaignId]));
        assert.deepEqual(await report('vendorA'), [{ impressions: 2, clicks: 1, invalid_clicks: 1, spent: '2.00', leads: 0 }]);
        assert.deepEqual(await report('vendorB'), []);
        const asAdmin = await as(db, 'admin', `select clicks::int from public.ad_campaign_report(current_date - 1, $1) where campaign_id = $2`, [ids.companyA, campaignId]);
        assert.deepEqual(asAdmin, [{ clicks: 1 }]);
      });
    });
  });
}
