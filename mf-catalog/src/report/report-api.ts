// Reports of a listing (issue 17): public.reports takes the listing, a reason and a description; the
// database fills the reporter from the session, allows one open report per user and listing (23505)
// and 10 reports an hour (PT429). The form and its limits are @modula/shared's ReportDialog.
import type { ReportValues } from '@modula/shared';
import { db, unwrap } from '../services/client';

export const LISTING_REPORT_REASONS = ['fraud', 'misleading', 'spam', 'inappropriate', 'other'] as const;
export type ListingReportReason = (typeof LISTING_REPORT_REASONS)[number];

export async function reportListing(listingId: string, values: ReportValues<ListingReportReason>): Promise<void> {
  unwrap(await db().from('reports').insert({ listing_id: listingId, reason: values.reason, details: values.details }));
}
