// What the vendor dashboard's analytics show, by the plan's analytics level (plans.analytics_level,
// spec section 6): none (Free) shows an invitation to upgrade; basic (Starter) the totals of the last
// 30 days; advanced (Entrepreneur) adds the change against the 30 days before; comprehensive (Pro)
// adds the per-listing breakdown. A seeded demo account sees everything, as its limits do not apply.

export type AnalyticsLevel = 'none' | 'basic' | 'advanced' | 'comprehensive';

export interface AnalyticsView {
  totals: boolean;
  trends: boolean;
  perListing: boolean;
}

const ORDER: readonly AnalyticsLevel[] = ['none', 'basic', 'advanced', 'comprehensive'];

export function isAnalyticsLevel(value: unknown): value is AnalyticsLevel {
  return typeof value === 'string' && (ORDER as readonly string[]).includes(value);
}

export function analyticsView(level: AnalyticsLevel | null | undefined, demo = false): AnalyticsView {
  const rank = demo ? ORDER.length - 1 : ORDER.indexOf(level ?? 'none');
  return { totals: rank >= 1, trends: rank >= 2, perListing: rank >= 3 };
}

export interface StatRow {
  views: number;
  favorites: number;
  conversations: number;
  meeting_requests: number;
}

export type Totals = Record<'views' | 'favorites' | 'conversations' | 'meeting_requests', number>;

export const METRICS = ['views', 'favorites', 'conversations', 'meeting_requests'] as const;

export function totals(rows: readonly StatRow[]): Totals {
  const sum: Totals = { views: 0, favorites: 0, conversations: 0, meeting_requests: 0 };
  for (const row of rows) for (const metric of METRICS) sum[metric] += Number(row[metric]) || 0;
  return sum;
}

/** The 30 days before the last 30: the last 60 days' totals less the last 30 days'. */
export function previousTotals(last60: Totals, last30: Totals): Totals {
  const previous = { ...last60 };
  for (const metric of METRICS) previous[metric] = Math.max(0, last60[metric] - last30[metric]);
  return previous;
}

export type Trend = { kind: 'up' | 'down'; ratio: number } | { kind: 'same' } | { kind: 'new' } | { kind: 'none' };

/** The change of one figure against the previous period (a ratio, 0.25 is +25%). */
export function trend(current: number, previous: number): Trend {
  if (previous === 0) return current === 0 ? { kind: 'none' } : { kind: 'new' };
  if (current === previous) return { kind: 'same' };
  const ratio = Math.abs(current - previous) / previous;
  return { kind: current > previous ? 'up' : 'down', ratio };
}
