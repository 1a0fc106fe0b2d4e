// The one file through which this remote reaches shared services, so tests mock a single module.
import { getSupabase } from '@modula/shared';
import type { Period } from '../analytics/period';
import type { Analytics } from './types';

export { getSupabase, track, toast, useAuth } from '@modula/shared';

/** Every figure of /admin/analytics for a period (administrators only; the database refuses others). */
export async function fetchAnalytics(period: Period): Promise<Analytics> {
  const { data, error } = await getSupabase().rpc('admin_analytics', { period_start: period.start, period_end: period.end });
  if (error) throw new Error(error.message);
  return data as unknown as Analytics;
}
