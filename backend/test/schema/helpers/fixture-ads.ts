import type { Database } from '../../../src/db/types.ts';

// Fixture ids are md5('fixture:<name>') as a UUID (uuidOf in fixture.ts); written here in SQL so this
// file does not import fixture.ts, which imports it.
const id = (name: string) => `md5('fixture:${name}')::uuid`;

/** Advertising rows (issue 16): one charged click of campaign A with its ledger row, an impression day, a lead and a paid top-up. */
export async function adsFixture(db: Database): Promise<void> {
  await db.exec(`
    with click as (
      insert into public.ad_clicks (campaign_id, user_id, visitor, outcome, charged)
      values (${id('campaignA')}, ${id('customerA')}, 'ip:203.0.113.7/v:fixture-visitor', 'charged', 0.50)
      returning id
    ), ledger as (
      insert into public.ad_ledger (campaign_id, click_id, amount) select ${id('campaignA')}, id, 0.50 from click
    )
    insert into public.ad_leads (campaign_id, click_id, kind, source_id, customer_id)
    select ${id('campaignA')}, id, 'conversation', ${id('convA')}, ${id('customerA')} from click;
    update public.ad_campaigns set clicks = 1, spent = 0.50 where id = ${id('campaignA')};
    insert into public.ad_impressions (campaign_id, day, impressions) values (${id('campaignA')}, '2026-11-20', 40);
    insert into public.ad_budget_topups (id, campaign_id, company_id, requested_by, amount, status, provider, provider_ref, paid_at)
    values (${id('topupA')}, ${id('campaignA')}, ${id('companyA')}, ${id('vendorA')}, 100, 'paid', 'test', 'fixture-topup', now());
  `);
}
