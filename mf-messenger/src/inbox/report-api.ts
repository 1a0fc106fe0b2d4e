// Reports of a conversation (issue 17): public.reports takes the conversation, a reason and a
// description; the database fills the reporter from the session, keeps what the conversation showed
// for the administrators (they cannot read messages), allows one open report per user and
// conversation (23505) and 10 reports an hour (PT429). The form and its limits are @modula/shared's
// ReportDialog.
import type { ReportValues } from '@modula/shared';
import { getSupabase } from '../services/api';
import { MessengerError } from '../services/messenger';

export const CONVERSATION_REPORT_REASONS = ['harassment', 'spam', 'fraud', 'inappropriate', 'other'] as const;
export type ConversationReportReason = (typeof CONVERSATION_REPORT_REASONS)[number];

export async function reportConversation(conversationId: string, values: ReportValues<ConversationReportReason>): Promise<void> {
  const { error } = await getSupabase().from('reports').insert({ conversation_id: conversationId, reason: values.reason, details: values.details });
  if (error) throw new MessengerError(error.message, error.code);
}
