import { queryOptions, skipToken } from '@tanstack/react-query';
import {
  fetchAnalyticsLevel, fetchCategories, fetchCompany, fetchCompanyOrders, fetchCountries, fetchCustomerOrders, fetchInvitations, fetchListingStats,
  fetchMeetings, fetchOwnListing, fetchQuota, fetchRecentConversations, fetchSubscription, type OrderStatus,
} from './vendor';

/** Query options of mf-vendor; keys start with 'vendor' (the page's one cache is shared by every remote). */
export const vendorQueries = {
  all: (userId: string) => ['vendor', userId] as const,
  company: (userId: string, companyId: string | null) =>
    queryOptions({ queryKey: ['vendor', userId, 'company', companyId], queryFn: companyId ? () => fetchCompany(companyId) : skipToken }),
  quota: (userId: string) => queryOptions({ queryKey: ['vendor', userId, 'quota'], queryFn: fetchQuota }),
  subscription: (userId: string) => queryOptions({ queryKey: ['vendor', userId, 'subscription'], queryFn: () => fetchSubscription(userId) }),
  stats: (userId: string) => queryOptions({ queryKey: ['vendor', userId, 'stats'], queryFn: () => fetchListingStats(30) }),
  /** The 60 days' numbers: less the last 30 days', the previous period of the trends. */
  stats60: (userId: string) => queryOptions({ queryKey: ['vendor', userId, 'stats', 60], queryFn: () => fetchListingStats(60) }),
  analyticsLevel: (userId: string, plan: string) =>
    queryOptions({ queryKey: ['vendor', userId, 'analytics-level', plan], queryFn: () => fetchAnalyticsLevel(plan), staleTime: 3_600_000 }),
  conversations: (userId: string) => queryOptions({ queryKey: ['vendor', userId, 'conversations'], queryFn: fetchRecentConversations }),
  meetings: (userId: string) => queryOptions({ queryKey: ['vendor', userId, 'meetings'], queryFn: fetchMeetings }),
  invitations: (userId: string) => queryOptions({ queryKey: ['vendor', userId, 'invitations'], queryFn: fetchInvitations }),
  listing: (userId: string, id: string, companyId: string) =>
    queryOptions({ queryKey: ['vendor', userId, 'listing', id], queryFn: () => fetchOwnListing(id, companyId), staleTime: 0 }),
  companyOrders: (userId: string, companyId: string, status: OrderStatus | 'all') =>
    queryOptions({ queryKey: ['vendor', userId, 'orders', companyId, status], queryFn: () => fetchCompanyOrders(companyId, status) }),
  customerOrders: (userId: string) => queryOptions({ queryKey: ['vendor', userId, 'customer-orders'], queryFn: () => fetchCustomerOrders(userId) }),
  categories: () => queryOptions({ queryKey: ['vendor', 'categories'], queryFn: fetchCategories, staleTime: 3_600_000 }),
  countries: () => queryOptions({ queryKey: ['vendor', 'countries'], queryFn: fetchCountries, staleTime: 3_600_000 }),
};
