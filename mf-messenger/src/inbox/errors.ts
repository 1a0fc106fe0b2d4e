import type { TFunction } from 'i18next';
import { MessengerError } from '../services/messenger';

/** The database's refusals the messenger can explain in the reader's language; others are shown as received. */
const KNOWN: [RegExp, string][] = [
  [/too fast/, 'errors.tooFast'],
  [/20 conversations in the last hour/, 'errors.tooManyConversations'],
  [/Only customer accounts can contact vendors/, 'errors.customersOnly'],
  [/Only customer accounts can schedule meetings/, 'errors.customersOnlyMeetings'],
  [/your own company/, 'errors.ownCompany'],
  [/listing is not available/, 'errors.listingUnavailable'],
  [/cannot receive messages yet/, 'errors.vendorUnavailable'],
  [/already have a meeting planned/, 'errors.meetingExists'],
  [/already been accepted/, 'errors.quotationAccepted'],
  [/has been declined/, 'errors.quotationDeclined'],
  [/has expired/, 'errors.quotationExpired'],
  [/not waiting for (an|your) answer|can no longer be moved|cannot be cancelled any more/, 'errors.meetingChanged'],
  [/content is not|mime type .* is not supported/, 'errors.fileType'],
  [/exceeded the maximum allowed size|too large/i, 'errors.fileTooLarge'],
];

export function describeError(error: unknown, t: TFunction): string {
  const message = error instanceof Error ? error.message : String(error);
  for (const [pattern, key] of KNOWN) if (pattern.test(message)) return t(key);
  if (error instanceof MessengerError && message) return message;
  return t('errors.generic');
}
