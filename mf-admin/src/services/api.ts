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

/** A failed database call, with the SQLSTATE the page maps to a message of its own. */
export class AdminCallError extends Error {
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.code = code;
  }
}

async function call<T>(fn: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await getSupabase().rpc(fn as never, args as never);
  if (error) throw new AdminCallError(error.message, error.code ?? '');
  return data as T;
}

export interface AdminListing {
  id: string;
  title: string;
  listing_type: string;
  status: 'draft' | 'published' | 'archived';
  vendor_id: string;
  vendor_name: string;
  published_at: string | null;
  moderation_reason: string | null;
  moderated_at: string | null;
  suspension_hold: boolean;
  total: number;
}
export interface AdminUser {
  id: string;
  email: string;
  name: string;
  user_type: 'customer' | 'vendor';
  role: 'admin' | null;
  company_id: string | null;
  company_name: string | null;
  plan: string;
  suspended_at: string | null;
  created_at: string;
  last_sign_in_at: string | null;
  total: number;
}
export interface AdminCompany {
  id: string;
  name: string;
  company_type: string;
  verified: boolean;
  country: string | null;
  listings: number;
  members: number;
  created_at: string;
  total: number;
}
export interface SecurityEvent {
  id: number;
  event_type: string;
  user_id: string | null;
  email: string | null;
  source: 'server' | 'client';
  details: Record<string, unknown>;
  created_at: string;
  total: number;
}
export interface AuditEntry {
  id: number;
  actor_email: string | null;
  action: string;
  target_type: string;
  target_id: string;
  reason: string | null;
  details: Record<string, unknown>;
  created_at: string;
}

export type ReportStatus = 'open' | 'resolved' | 'dismissed';
export type ReportReason = 'spam' | 'fraud' | 'inappropriate' | 'misleading' | 'harassment' | 'other';
/** One message of a reported conversation, as the reporter saw it (reports.evidence). */
export interface EvidenceMessage {
  sender: string | null;
  senderRole: 'customer' | 'vendor';
  type: string;
  content: string;
  at: string;
  reported: boolean;
}
/** What public.admin_reports returns (migration reports_and_contact_inbox). */
export interface AdminReport {
  id: string;
  reason: ReportReason;
  details: string;
  status: ReportStatus;
  created_at: string;
  reporter_id: string;
  reporter_email: string | null;
  reporter_name: string | null;
  listing_id: string | null;
  listing_title: string | null;
  listing_status: 'draft' | 'published' | 'archived' | null;
  listing_moderation_reason: string | null;
  vendor_name: string | null;
  conversation_id: string | null;
  message_id: string | null;
  conversation_listing_title: string | null;
  customer_name: string | null;
  conversation_vendor_name: string | null;
  evidence: EvidenceMessage[];
  resolution_note: string | null;
  resolved_by_email: string | null;
  resolved_at: string | null;
  total: number;
}
export type ContactStatus = 'new' | 'answered' | 'archived' | 'in_progress' | 'closed';
export interface ContactReply {
  id: number;
  body: string;
  authorEmail: string | null;
  createdAt: string;
}
/** What public.admin_contact_messages returns. */
export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: ContactStatus;
  language: string | null;
  user_id: string | null;
  created_at: string;
  updated_at: string;
  replies: ContactReply[];
  total: number;
}

export const PAGE_SIZE = 50;

export const searchListings = (query: string, status: string | null, page: number) =>
  call<AdminListing[]>('admin_search_listings', { query, listing_status: status, max_rows: PAGE_SIZE, skip: page * PAGE_SIZE });
export const setListingPublished = (id: string, publish: boolean, reason: string) =>
  call<string>('admin_set_listing_published', { listing_id: id, publish, reason });
export const searchUsers = (query: string, page: number) => call<AdminUser[]>('admin_search_users', { query, max_rows: PAGE_SIZE, skip: page * PAGE_SIZE });
export const setUserSuspended = (id: string, suspend: boolean, reason: string) =>
  call<boolean>('admin_set_user_suspended', { user_id: id, suspend, reason });
export const setAdmin = (id: string, makeAdmin: boolean, reason: string) => call<boolean>('admin_set_admin', { user_id: id, make_admin: makeAdmin, reason });
export const searchCompanies = (query: string, page: number) =>
  call<AdminCompany[]>('admin_search_companies', { query, max_rows: PAGE_SIZE, skip: page * PAGE_SIZE });
export const setCompanyVerified = (id: string, verified: boolean, note: string) =>
  call<boolean>('admin_set_company_verified', { company_id: id, verified, note });
export const reportQueue = (status: ReportStatus | null, page: number) =>
  call<AdminReport[]>('admin_reports', { report_status: status, max_rows: PAGE_SIZE, skip: page * PAGE_SIZE });
export const resolveReport = (id: string, outcome: 'resolved' | 'dismissed', note: string) =>
  call<ReportStatus>('admin_resolve_report', { report_id: id, outcome, note });
export const contactMessages = (status: 'new' | 'answered' | 'archived' | null, query: string, page: number) =>
  call<ContactMessage[]>('admin_contact_messages', { message_status: status, query, max_rows: PAGE_SIZE, skip: page * PAGE_SIZE });
export const replyToContact = (id: string, body: string) => call<number>('admin_reply_contact', { message_id: id, body });
export const setContactStatus = (id: string, status: 'new' | 'archived') => call<ContactStatus>('admin_set_contact_status', { message_id: id, new_status: status });
export const securityEvents = (filters: { type: string; user: string; from: string; to: string }, page: number) =>
  call<SecurityEvent[]>('admin_security_events', {
    of_type: filters.type || null,
    user_query: filters.user || null,
    from_time: filters.from ? `${filters.from}T00:00:00Z` : null,
    to_time: filters.to ? new Date(Date.parse(`${filters.to}T00:00:00Z`) + 86_400_000).toISOString() : null,
    max_rows: PAGE_SIZE,
    skip: page * PAGE_SIZE,
  });
export const securityEventTypes = () => call<{ event_type: string; events: number }[]>('admin_security_event_types', {});

export async function fetchAuditLog(page: number): Promise<AuditEntry[]> {
  const { data, error } = await getSupabase()
    .from('admin_audit_log')
    .select('id,actor_email,action,target_type,target_id,reason,details,created_at')
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(page * PAGE_SIZE, page * PAGE_SIZE + PAGE_SIZE - 1);
  if (error) throw new AdminCallError(error.message, error.code ?? '');
  return (data ?? []) as AuditEntry[];
}
