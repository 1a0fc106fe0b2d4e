// A report to the administrators (issue 17): a reason from the reported thing's list and a description.
// public.reports allows at most 2000 characters and needs at least 10 when the reason is "other". The
// messages are keys of the reporting remote's namespace (report.problems.*).
import { z } from 'zod';

export const REPORT_DETAILS_MAX = 2000;
export const REPORT_OTHER_DETAILS_MIN = 10;

export function reportSchema<const R extends readonly [string, ...string[]]>(reasons: R) {
  return z
    .object({
      // '' is the select's "Choose a reason": accepted as input, refused with its own message.
      reason: z.union([z.literal(''), z.enum(reasons)]).pipe(z.enum(reasons, { message: 'report.problems.reasonRequired' })),
      details: z.string().trim().max(REPORT_DETAILS_MAX, { message: 'report.problems.detailsTooLong' }),
    })
    .refine((value) => value.reason !== 'other' || value.details.length >= REPORT_OTHER_DETAILS_MIN, {
      path: ['details'],
      message: 'report.problems.detailsRequired',
    });
}

export interface ReportValues<R extends string = string> {
  reason: R;
  details: string;
}

/** The message key for a failed report, from the PostgREST code the remote's error carries. */
export function reportProblem(code: string | null | undefined): string {
  if (code === '23505') return 'report.problems.already';
  if (code === 'PT429') return 'report.problems.tooMany';
  return 'report.problems.failed';
}
