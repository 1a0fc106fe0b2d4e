// Reports of a listing (issue 17): public.reports takes the listing, a reason and a description; the
// database fills the reporter from the session, allows one open report per user and listing (23505)
// and 10 reports an hour (PT429).
import { z } from 'zod';
import { CatalogError, db, unwrap } from '../services/client';

export const LISTING_REPORT_REASONS = ['fraud', 'misleading', 'spam', 'inappropriate', 'other'] as const;
export type ListingReportReason = (typeof LISTING_REPORT_REASONS)[number];

/** The limits of public.reports: "other" needs a description of at least 10 characters; at most 2000. */
export const reportSchema = z
  .object({
    // '' is the select's "Choose a reason": accepted as input, refused with its own message.
    reason: z.union([z.literal(''), z.enum(LISTING_REPORT_REASONS)]).pipe(z.enum(LISTING_REPORT_REASONS, { message: 'report.problems.reasonRequired' })),
    details: z.string().trim().max(2000, { message: 'report.problems.detailsTooLong' }),
  })
  .refine((value) => value.reason !== 'other' || value.details.length >= 10, { path: ['details'], message: 'report.problems.detailsRequired' });

export type ReportInput = z.input<typeof reportSchema>;
export type ReportValues = z.output<typeof reportSchema>;

export async function reportListing(listingId: string, values: ReportValues): Promise<void> {
  unwrap(await db().from('reports').insert({ listing_id: listingId, reason: values.reason, details: values.details }));
}

/** The message key for a failed report. */
export function reportProblem(error: unknown): string {
  const code = error instanceof CatalogError ? error.code : null;
  if (code === '23505') return 'report.problems.already';
  if (code === 'PT429') return 'report.problems.tooMany';
  return 'report.problems.failed';
}
