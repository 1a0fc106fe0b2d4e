// What the admin area loads, as TanStack Query options (ARCHITECTURE.md "Server state").
import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import { fetchAnalytics } from './api';
import type { Period } from '../analytics/period';

export const adminKeys = {
  all: ['admin'] as const,
  analytics: (period: Period) => ['admin', 'analytics', period.start, period.end] as const,
};

export const analyticsQueries = {
  /** Waits (no function) until the signed-in user is known to be an administrator. */
  period: (period: Period, enabled: boolean) =>
    queryOptions({
      queryKey: adminKeys.analytics(period),
      queryFn: enabled ? () => fetchAnalytics(period) : skipToken,
      placeholderData: keepPreviousData,
    }),
};
