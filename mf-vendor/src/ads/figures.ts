// What the advertising dashboard shows, computed from the campaign rows and the server's per-day
// report (ad_campaign_report: impressions, charged and invalid clicks, ledger spend, leads).

export interface CampaignRow {
  id: string;
  name: string;
  kind: 'ppc' | 'sponsored';
  listing_id: string | null;
  budget: number | string;
  click_rate: number | string;
  clicks: number;
  spent: number | string;
  active: boolean;
  paused: boolean;
  ended_at: string | null;
  starts_at: string;
  ends_at: string;
  priority: number;
  featured: boolean;
  sponsored_until: string | null;
  budget_reached_at: string | null;
  created_at: string;
  listing?: { title: string } | null;
}

export interface ReportRow {
  campaign_id: string;
  day: string;
  impressions: number | string;
  clicks: number | string;
  invalid_clicks: number | string;
  spent: number | string;
  leads: number | string;
}

export interface TopupRow {
  id: string;
  campaign_id: string;
  amount: number | string;
  status: 'pending' | 'paid' | 'failed' | 'canceled';
  created_at: string;
}

export type CampaignStatus = 'awaiting_payment' | 'scheduled' | 'active' | 'paused' | 'ended' | 'budget_reached';

const num = (value: number | string | null | undefined) => Number(value ?? 0) || 0;
/** Money in cents, so sums of many small charges stay exact. */
const cents = (value: number | string | null | undefined) => Math.round(num(value) * 100);

export function campaignStatus(c: CampaignRow, now = new Date()): CampaignStatus {
  if (c.ended_at || new Date(c.ends_at) <= now || (c.kind === 'sponsored' && c.sponsored_until && new Date(c.sponsored_until) <= now)) return 'ended';
  if (cents(c.budget) === 0) return 'awaiting_payment';
  if (cents(c.spent) >= cents(c.budget)) return 'budget_reached';
  if (c.paused) return 'paused';
  if (new Date(c.starts_at) > now) return 'scheduled';
  return 'active';
}

export interface CampaignFigures {
  impressions: number;
  clicks: number;
  invalidClicks: number;
  /** Click-through rate, 0..1, or null without impressions. */
  ctr: number | null;
  spent: number;
  remaining: number;
  leads: number;
  /** Spent per lead, or null without leads. */
  costPerLead: number | null;
}

export function campaignFigures(c: CampaignRow, report: readonly ReportRow[]): CampaignFigures {
  const rows = report.filter((r) => r.campaign_id === c.id);
  const impressions = rows.reduce((sum, r) => sum + num(r.impressions), 0);
  const clicks = rows.reduce((sum, r) => sum + num(r.clicks), 0);
  const invalidClicks = rows.reduce((sum, r) => sum + num(r.invalid_clicks), 0);
  const leads = rows.reduce((sum, r) => sum + num(r.leads), 0);
  // Spent and remaining come from the campaign (the sum of its whole ledger); the report covers the
  // chosen period only.
  const spentCents = cents(c.spent);
  return {
    impressions,
    clicks: Math.max(clicks, 0),
    invalidClicks,
    ctr: impressions > 0 ? clicks / impressions : null,
    spent: spentCents / 100,
    remaining: Math.max(cents(c.budget) - spentCents, 0) / 100,
    leads,
    costPerLead: leads > 0 ? spentCents / leads / 100 : null,
  };
}

export interface DayPoint {
  day: string;
  clicks: number;
  spent: number;
}

/** Clicks and spend per day over the last `days` days up to `today` (days without activity are 0). */
export function dailySeries(report: readonly ReportRow[], days: number, today: string, campaignId?: string): DayPoint[] {
  const byDay = new Map<string, { clicks: number; cents: number }>();
  for (const r of report) {
    if (campaignId && r.campaign_id !== campaignId) continue;
    const entry = byDay.get(r.day) ?? { clicks: 0, cents: 0 };
    entry.clicks += num(r.clicks);
    entry.cents += cents(r.spent);
    byDay.set(r.day, entry);
  }
  const end = new Date(`${today}T00:00:00Z`);
  const out: DayPoint[] = [];
  for (let i = days - 1; i >= 0; i -= 1) {
    const day = new Date(end.getTime() - i * 86_400_000).toISOString().slice(0, 10);
    const entry = byDay.get(day);
    out.push({ day, clicks: entry?.clicks ?? 0, spent: (entry?.cents ?? 0) / 100 });
  }
  return out;
}

function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  // Formula injection: a cell a spreadsheet would evaluate starts with a quote.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r;]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The dashboard's table as CSV (RFC 4180, header row in the reader's language, amounts in euros with a dot). */
export function campaignsCsv(
  campaigns: readonly CampaignRow[],
  report: readonly ReportRow[],
  headers: readonly string[],
  statusLabel: (status: CampaignStatus) => string,
  now = new Date(),
): string {
  const lines = [headers.map(csvCell).join(',')];
  for (const c of campaigns) {
    const f = campaignFigures(c, report);
    lines.push([
      c.name,
      c.kind,
      statusLabel(campaignStatus(c, now)),
      c.starts_at.slice(0, 10),
      c.ends_at.slice(0, 10),
      f.impressions,
      f.clicks,
      f.ctr === null ? '' : (f.ctr * 100).toFixed(2),
      num(c.click_rate).toFixed(2),
      (cents(c.budget) / 100).toFixed(2),
      f.spent.toFixed(2),
      f.remaining.toFixed(2),
      f.leads,
      f.costPerLead === null ? '' : f.costPerLead.toFixed(2),
    ].map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export const CSV_COLUMNS = ['name', 'kind', 'status', 'start', 'end', 'impressions', 'clicks', 'ctr', 'clickRate', 'budget', 'spent', 'remaining', 'leads', 'costPerLead'] as const;

export interface AdSummary {
  activeCampaigns: number;
  spent: number;
  clicks: number;
  leads: number;
}

/** The first day of `now`'s month (UTC), the start of the dashboard card's "this month". */
export function monthStart(now = new Date()): string {
  return `${now.toISOString().slice(0, 7)}-01`;
}

/**
 * The vendor dashboard's advertising card: campaigns active now, and the ledger's spend, charged
 * clicks and leads of the report rows from the start of this month.
 */
export function adSummary(campaigns: readonly CampaignRow[], report: readonly ReportRow[], now = new Date()): AdSummary {
  const since = monthStart(now);
  const month = report.filter((r) => r.day >= since);
  return {
    activeCampaigns: campaigns.filter((c) => campaignStatus(c, now) === 'active').length,
    spent: month.reduce((sum, r) => sum + cents(r.spent), 0) / 100,
    clicks: month.reduce((sum, r) => sum + num(r.clicks), 0),
    leads: month.reduce((sum, r) => sum + num(r.leads), 0),
  };
}
