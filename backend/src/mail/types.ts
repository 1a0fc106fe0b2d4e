import type { Queryable } from '../db/types.ts';
import type { MailRequest } from '../../../supabase/functions/_shared/mail/types.ts';

// The templates and their rendering live with the functions (supabase/functions/_shared/mail), which
// deploy to Supabase Edge on their own; the backend's outbox renders with the same code.
export { MailTemplateError, type MailAttachment, type MailRequest } from '../../../supabase/functions/_shared/mail/types.ts';

/**
 * The product's only way to send email. enqueue() renders the template and writes the mail to the
 * outbox; the mail worker delivers it with retries. Passing the caller's transaction makes the
 * mail part of it: it is sent only if that transaction commits.
 */
export interface Mailer {
  /** Returns the outbox id. Throws MailTemplateError for an unknown template or invalid data. */
  enqueue(mail: MailRequest, tx?: Queryable): Promise<string>;
}
