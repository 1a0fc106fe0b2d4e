import { ids, uuidOf } from './fixture.ts';
import { by, DENIED, future, idOf, u, type TableSpec } from './matrix-kit.ts';

/**
 * Advertising (issue 16). Campaigns and placements are created and changed only through functions
 * (create_ad_campaign, raise_ad_budget, set_ad_campaign_state; credit_ad_topup for the service role),
 * tested role by role in advertising.test.ts; clicks and impressions only through record_ad_click and
 * record_ad_impressions. So every direct write below is refused to every API role. The company's
 * members and administrators read campaigns, the ledger, impressions, leads and top-ups; individual
 * clicks (who, from where) only administrators.
 */
const refused = by(DENIED);
const companyA = (keys: string[]) => ({ anon: DENIED, customerA: [], customerB: [], vendorA: keys, vendorB: [], admin: keys });

export const adsMatrix: TableSpec[] = [
  {
    table: 'ad_campaigns',
    key: ['id'],
    select: companyA([ids.campaignA]),
    insert: [{
      name: 'start a campaign without paying',
      row: (actor) => ({ id: uuidOf('campaign:new'), user_id: idOf(actor), company_id: ids.companyA, listing_id: ids.listingA, name: 'Autumn', budget: 50, click_rate: 0.25 }),
      expect: refused,
    }],
    update: [
      { name: 'rename campaign A', match: { id: ids.campaignA }, patch: { name: 'Spring cabins 2' }, expect: refused },
      { name: 'raise campaign A\'s budget without paying', match: { id: ids.campaignA }, patch: { budget: 10000 }, expect: refused },
      { name: 'reset campaign A\'s spending', match: { id: ids.campaignA }, patch: { spent: 0 }, expect: refused },
    ],
    delete: [{ name: 'delete campaign A and its ledger', match: { id: ids.campaignA }, expect: refused }],
  },

  {
    table: 'sponsored_listings',
    key: ['id'],
    select: companyA([ids.sponsoredA]),
    insert: [{
      name: 'sponsor listing A without paying',
      row: (actor) => ({ id: uuidOf('sponsored:new'), user_id: idOf(actor), listing_id: ids.listingA, sponsored_until: future(), priority: 3 }),
      expect: refused,
    }],
    update: [{ name: 'raise sponsorship A', match: { id: ids.sponsoredA }, patch: { priority: 5 }, expect: refused }],
    delete: [{ name: 'end sponsorship A', match: { id: ids.sponsoredA }, expect: refused }],
  },

  {
    table: 'ad_clicks',
    key: ['visitor'],
    select: { anon: DENIED, customerA: [], customerB: [], vendorA: [], vendorB: [], admin: ['ip:203.0.113.7/v:fixture-visitor'] },
    insert: [{
      name: 'record a charged click',
      row: () => ({ campaign_id: ids.campaignA, visitor: 'ip:1.2.3.4/v:forged', outcome: 'charged', charged: 0.5 }),
      expect: refused,
    }],
    update: [{ name: 'turn a click into a duplicate', match: { campaign_id: ids.campaignA }, patch: { outcome: 'duplicate', charged: 0 }, expect: refused }],
    delete: [{ name: 'erase campaign A\'s clicks', match: { campaign_id: ids.campaignA }, expect: refused }],
  },

  {
    table: 'ad_ledger',
    // (amount is a string over SQL and a number over HTTP, so it is no part of the key)
    key: ['campaign_id'],
    select: companyA([ids.campaignA]),
    // Refused for everyone, so nothing to clean up (the default cleanup by key would erase the fixture's row).
    insert: [{ name: 'write a charge', row: () => ({ campaign_id: ids.campaignA, click_id: 1, amount: 0.01 }), cleanup: 'select 1', expect: refused }],
    update: [{ name: 'lower a charge', match: { campaign_id: ids.campaignA }, patch: { amount: 0.01 }, expect: refused }],
    delete: [{ name: 'erase the ledger', match: { campaign_id: ids.campaignA }, expect: refused }],
  },

  {
    table: 'ad_impressions',
    key: ['campaign_id', 'impressions'],
    select: companyA([`${ids.campaignA}/40`]),
    insert: [{ name: 'add impressions', row: () => ({ campaign_id: ids.campaignA, day: '2026-11-21', impressions: 1000 }), expect: refused }],
    update: [{ name: 'inflate impressions', match: { campaign_id: ids.campaignA }, patch: { impressions: 100000 }, expect: refused }],
    delete: [{ name: 'erase impressions', match: { campaign_id: ids.campaignA }, expect: refused }],
  },

  {
    table: 'ad_leads',
    key: ['kind', 'source_id'],
    select: companyA([`conversation/${ids.convA}`]),
    insert: [{ name: 'claim a lead', row: () => ({ campaign_id: ids.campaignA, kind: 'meeting', source_id: ids.meetingA, customer_id: u.customerA }), expect: refused }],
    update: [{ name: 'move a lead', match: { campaign_id: ids.campaignA }, patch: { kind: 'meeting' }, expect: refused }],
    delete: [{ name: 'erase leads', match: { campaign_id: ids.campaignA }, expect: refused }],
  },

  {
    table: 'ad_budget_topups',
    key: ['id'],
    select: companyA([ids.topupA]),
    insert: [{
      name: 'record a paid top-up',
      row: () => ({ id: uuidOf('topup:new'), campaign_id: ids.campaignA, company_id: ids.companyA, amount: 500, status: 'paid' }),
      expect: refused,
    }],
    update: [{ name: 'mark a top-up paid', match: { id: ids.topupA }, patch: { status: 'paid', amount: 9999 }, expect: refused }],
    delete: [{ name: 'erase a top-up', match: { id: ids.topupA }, expect: refused }],
  },
];
