/**
 * The analytics page's periods: presets counted back from today (UTC days, today included), or a
 * custom range; every period is compared with the period of equal length just before it.
 */
export const PRESETS = ['today', '7d', '30d', '90d', '12m'] as const;
export type Preset = (typeof PRESETS)[number];
export type PeriodChoice = { kind: 'preset'; preset: Preset } | { kind: 'custom'; start: string; end: string };

/** Inclusive UTC days, as YYYY-MM-DD. */
export interface Period {
  start: string;
  end: string;
}

/** The database refuses longer periods (admin_analytics). */
export const MAX_DAYS = 732;
const DAY_MS = 86_400_000;
const PRESET_DAYS: Record<Preset, number> = { today: 1, '7d': 7, '30d': 30, '90d': 90, '12m': 365 };
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
}

/** Days from start to end, both included. */
export function lengthInDays(period: Period): number {
  return Math.round((Date.parse(`${period.end}T00:00:00Z`) - Date.parse(`${period.start}T00:00:00Z`)) / DAY_MS) + 1;
}

export function presetPeriod(preset: Preset, now: Date = new Date()): Period {
  const end = utcDay(now);
  return { start: addDays(end, -(PRESET_DAYS[preset] - 1)), end };
}

/** The period of equal length that ends the day before `period` starts. */
export function previousPeriod(period: Period): Period {
  const days = lengthInDays(period);
  return { start: addDays(period.start, -days), end: addDays(period.start, -1) };
}

export type RangeProblem = 'invalidDate' | 'backwards' | 'future' | 'tooLong';

/** Why a custom range cannot be shown, or null when it can. */
export function rangeProblem(start: string, end: string, now: Date = new Date()): RangeProblem | null {
  if (!DATE.test(start) || !DATE.test(end) || Number.isNaN(Date.parse(`${start}T00:00:00Z`)) || Number.isNaN(Date.parse(`${end}T00:00:00Z`))) {
    return 'invalidDate';
  }
  if (end < start) return 'backwards';
  if (end > utcDay(now)) return 'future';
  if (lengthInDays({ start, end }) > MAX_DAYS) return 'tooLong';
  return null;
}

export function periodOf(choice: PeriodChoice, now: Date = new Date()): Period {
  return choice.kind === 'preset' ? presetPeriod(choice.preset, now) : { start: choice.start, end: choice.end };
}

/** The choice kept in the address (?period=30d, or ?from=...&to=...); 30 days when absent or invalid. */
export function choiceFromParams(params: URLSearchParams, now: Date = new Date()): PeriodChoice {
  const from = params.get('from');
  const to = params.get('to');
  if (from && to && rangeProblem(from, to, now) === null) return { kind: 'custom', start: from, end: to };
  const preset = params.get('period');
  return { kind: 'preset', preset: (PRESETS as readonly string[]).includes(preset ?? '') ? (preset as Preset) : '30d' };
}

export function paramsOf(choice: PeriodChoice): Record<string, string> {
  return choice.kind === 'preset' ? { period: choice.preset } : { from: choice.start, to: choice.end };
}

/** The change from the previous period as a fraction (0.25 is +25 %); null when there is nothing to compare with. */
export function change(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return (current - previous) / previous;
}
