import { queryOptions, skipToken } from '@tanstack/react-query';
import { fetchAdContext, fetchCampaigns, fetchReport, fetchTopups } from './api';

/** Days the dashboard's figures and chart cover. */
export const REPORT_DAYS = 30;

export function sinceDate(days = REPORT_DAYS, now = new Date()): string {
  return new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
}

export const adQueries = {
  all: () => ['vendor-ads'] as const,
  context: (userId: string | null) =>
    queryOptions({ queryKey: ['vendor-ads', 'context', userId], queryFn: userId ? () => fetchAdContext(userId) : skipToken }),
  campaigns: (companyId: string | null) =>
    queryOptions({ queryKey: ['vendor-ads', 'campaigns', companyId], queryFn: companyId ? () => fetchCampaigns(companyId) : skipToken }),
  report: (companyId: string | null, since: string) =>
    queryOptions({ queryKey: ['vendor-ads', 'report', companyId, since], queryFn: companyId ? () => fetchReport(since) : skipToken }),
  topups: (companyId: string | null) =>
    queryOptions({ queryKey: ['vendor-ads', 'topups', companyId], queryFn: companyId ? () => fetchTopups(companyId) : skipToken }),
};
