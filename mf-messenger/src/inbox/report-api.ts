// Reports of a conversation (issue 17): public.reports takes the conversation, a reason and a
// description; the database fills the reporter from the session, keeps what the conversation showed
// for the administrators (they cannot read messages), allows one open report per user and
// conversation (23505) and 10 reports an hour (PT429).
import { z } from 'zod';
import { getSupabase } from '../services/api';
import { MessengerError } from '../services/messenger';

export const CONVERSATION_REPORT_REASONS = ['harassment', 'spam', 'fraud', 'inappropriate', 'other'] as const;

/** The limits of public.reports: "other" needs a description of at least 10 characters; at most 2000. */
export const conversationReportSchema = z
  .object({
    // '' is the select's "Choose a reason": accepted as input, refused with its own message.
    reason: z.union([z.literal(''), z.enum(CONVERSATION_REPORT_REASONS)])
      .pipe(z.enum(CONVERSATION_REPORT_REASONS, { message: 'report.problems.reasonRequired' })),
    details: z.string().trim().max(2000, { message: 'report.problems.detailsTooLong' }),
  })
  .refine((value) => value.reason !== 'other' || value.details.length >= 10, { path: ['details'], message: 'report.problems.detailsRequired' });

export type ConversationReportInput = z.input<typeof conversationReportSchema>;
export type ConversationReportValues = z.output<typeof conversationReportSchema>;

export async function reportConversation(conversationId: string, values: ConversationReportValues): Promise<void> {
  const { error } = await getSupabase().from('reports').insert({ conversation_id: conversationId, reason: values.reason, details: values.details });
  if (error) throw new MessengerError(error.message, error.code);
}

/** The message key for a failed report. */
export function reportProblem(error: unknown): string {
  const code = error instanceof MessengerError ? error.code : undefined;
  if (code === '23505') return 'report.problems.already';
  if (code === 'PT429') return 'report.problems.tooMany';
  return 'report.problems.failed';
}
