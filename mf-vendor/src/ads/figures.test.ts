import { describe, expect, test } from '@jest/globals';
import { adSummary, campaignFigures, campaignStatus, campaignsCsv, CSV_COLUMNS, dailySeries, monthStart, type CampaignRow, type ReportRow } from './figures';

const NOW = new Date('2026-11-26T12:00:00Z');
const base: CampaignRow = {
  id: 'c1',
  name: 'Spring cabins',
  kind: 'ppc',
  listing_id: 'l1',
  budget: '3.00',
  click_rate: '1.00',
  clicks: 3,
  spent: '3.00',
  active: false,
  paused: false,
  ended_at: null,
  starts_at: '2026-11-20T00:00:00Z',
  ends_at: '2026-12-20T00:00:00Z',
  priority: 1,
  featured: false,
  sponsored_until: null,
  budget_reached_at: '2026-11-26T10:00:00Z',
  created_at: '2026-11-20T00:00:00Z',
};
// What ad_campaign_report returns: per campaign and day, spend from the ledger.
const report: ReportRow[] = [
  { campaign_id: 'c1', day: '2026-11-25', impressions: '40', clicks: '2', invalid_clicks: '1', spent: '2.00', leads: '1' },
  { campaign_id: 'c1', day: '2026-11-26', impressions: '20', clicks: '1', invalid_clicks: '0', spent: '1.00', leads: '0' },
  { campaign_id: 'c2', day: '2026-11-26', impressions: '5', clicks: '1', invalid_clicks: '0', spent: '0.30', leads: '0' },
];

describe('advertising dashboard figures', () => {
  test('impressions, clicks, CTR, spent, remaining, leads and cost per lead from the ledger report', () => {
    expect(campaignFigures(base, report)).toEqual({
      impressions: 60,
      clicks: 3,
      invalidClicks: 1,
      ctr: 0.05,
      spent: 3,
      remaining: 0,
      leads: 1,
      costPerLead: 3,
    });
  });

  test('no impressions or leads give no CTR or cost per lead instead of a division by zero', () => {
    const figures = campaignFigures({ ...base, id: 'none', spent: '0.00', budget: '10.00' }, report);
    expect(figures).toMatchObject({ ctr: null, costPerLead: null, remaining: 10, spent: 0 });
  });

  test('money is summed in cents', () => {
    const many: ReportRow[] = Array.from({ length: 10 }, () => ({ campaign_id: 'c1', day: '2026-11-26', impressions: 0, clicks: 1, invalid_clicks: 0, spent: '0.10', leads: 0 }));
    expect(dailySeries(many, 1, '2026-11-26')).toEqual([{ day: '2026-11-26', clicks: 10, spent: 1 }]);
  });

  test('status: awaiting payment, scheduled, active, paused, budget reached, ended', () => {
    expect(campaignStatus(base, NOW)).toBe('budget_reached');
    expect(campaignStatus({ ...base, budget: '0', spent: '0' }, NOW)).toBe('awaiting_payment');
    expect(campaignStatus({ ...base, budget: '10.00' }, NOW)).toBe('active');
    expect(campaignStatus({ ...base, budget: '10.00', paused: true }, NOW)).toBe('paused');
    expect(campaignStatus({ ...base, budget: '10.00', starts_at: '2026-12-01T00:00:00Z' }, NOW)).toBe('scheduled');
    expect(campaignStatus({ ...base, ended_at: '2026-11-25T00:00:00Z' }, NOW)).toBe('ended');
    expect(campaignStatus({ ...base, ends_at: '2026-11-26T00:00:00Z' }, NOW)).toBe('ended');
  });

  test('the chart series has every day, zero where nothing happened', () => {
    expect(dailySeries(report, 3, '2026-11-26', 'c1')).toEqual([
      { day: '2026-11-24', clicks: 0, spent: 0 },
      { day: '2026-11-25', clicks: 2, spent: 2 },
      { day: '2026-11-26', clicks: 1, spent: 1 },
    ]);
    expect(dailySeries(report, 1, '2026-11-26')).toEqual([{ day: '2026-11-26', clicks: 2, spent: 1.3 }]);
  });

  test('the CSV has a header in the reader\'s language, one row per campaign, and defuses formulas', () => {
    const csv = campaignsCsv([base, { ...base, id: 'c2', name: '=HYPERLINK("x")', spent: '0.30', budget: '5.00', clicks: 1 }], report, CSV_COLUMNS.map((c) => c.toUpperCase()), (s) => `<${s}>`, NOW);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('NAME,KIND,STATUS,START,END,IMPRESSIONS,CLICKS,CTR,CLICKRATE,BUDGET,SPENT,REMAINING,LEADS,COSTPERLEAD');
    expect(lines[1]).toBe('Spring cabins,ppc,<budget_reached>,2026-11-20,2026-12-20,60,3,5.00,1.00,3.00,3.00,0.00,1,3.00');
    expect(lines[2]).toBe(`"'=HYPERLINK(""x"")",ppc,<active>,2026-11-20,2026-12-20,5,1,20.00,1.00,5.00,0.30,4.70,0,`);
  });
});

describe('the vendor dashboard\'s advertising summary', () => {
  test('counts the campaigns active now and sums this month\'s ledger spend, charged clicks and leads', () => {
    const running: CampaignRow = { ...base, id: 'c2', budget: '10.00', spent: '0.30', budget_reached_at: null };
    const paused: CampaignRow = { ...running, id: 'c3', paused: true };
    const lastMonth: ReportRow = { campaign_id: 'c1', day: '2026-10-31', impressions: '90', clicks: '9', invalid_clicks: '0', spent: '9.00', leads: '4' };
    expect(monthStart(NOW)).toBe('2026-11-01');
    expect(adSummary([base, running, paused], [lastMonth, ...report], NOW)).toEqual({ activeCampaigns: 1, spent: 3.3, clicks: 4, leads: 1 });
    expect(adSummary([], [], NOW)).toEqual({ activeCampaigns: 0, spent: 0, clicks: 0, leads: 0 });
  });
});
