// What the admin area loads, as TanStack Query options (ARCHITECTURE.md "Server state").
import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import { contactMessages, fetchAnalytics, fetchAuditLog, reportQueue, searchCompanies, searchListings, searchUsers, securityEvents, securityEventTypes } from './api';
import type { Period } from '../analytics/period';
import type { ReportStatus } from './api';

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

export const moderationKeys = {
  listings: ['admin', 'listings'] as const,
  users: ['admin', 'users'] as const,
  companies: ['admin', 'companies'] as const,
  security: ['admin', 'security'] as const,
  audit: ['admin', 'audit'] as const,
  reports: ['admin', 'reports'] as const,
  messages: ['admin', 'messages'] as const,
};

export const moderationQueries = {
  listings: (query: string, status: string | null, page: number) =>
    queryOptions({ queryKey: [...moderationKeys.listings, query, status, page], queryFn: () => searchListings(query, status, page), placeholderData: keepPreviousData }),
  users: (query: string, page: number) =>
    queryOptions({ queryKey: [...moderationKeys.users, query, page], queryFn: () => searchUsers(query, page), placeholderData: keepPreviousData }),
  companies: (query: string, page: number) =>
    queryOptions({ queryKey: [...moderationKeys.companies, query, page], queryFn: () => searchCompanies(query, page), placeholderData: keepPreviousData }),
  security: (filters: { type: string; user: string; from: string; to: string }, page: number) =>
    queryOptions({ queryKey: [...moderationKeys.security, filters, page], queryFn: () => securityEvents(filters, page), placeholderData: keepPreviousData }),
  securityTypes: () => queryOptions({ queryKey: [...moderationKeys.security, 'types'], queryFn: securityEventTypes }),
  reports: (status: ReportStatus | null, page: number) =>
    queryOptions({ queryKey: [...moderationKeys.reports, status, page], queryFn: () => reportQueue(status, page), placeholderData: keepPreviousData }),
  messages: (status: 'new' | 'answered' | 'archived' | null, query: string, page: number) =>
    queryOptions({ queryKey: [...moderationKeys.messages, status, query, page], queryFn: () => contactMessages(status, query, page), placeholderData: keepPreviousData }),
  audit: (page: number) => queryOptions({ queryKey: [...moderationKeys.audit, page], queryFn: () => fetchAuditLog(page), placeholderData: keepPreviousData }),
};
