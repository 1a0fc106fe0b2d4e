import type { Database } from '../db/types.ts';
import { insertOutbox, isDeliverableAddress } from './outbox.ts';
import { renderMail } from '../../../supabase/functions/_shared/mail/render.ts';
import { MailTemplateError, type Mailer } from './types.ts';

/**
 * The Mailer every module uses. Rendering happens here, in the caller, so a bad template or data
 * fails the request that asked for the mail instead of a background job later.
 */
export function createMailer(db: Database): Mailer {
  return {
    async enqueue(mail, tx) {
      const to = mail.to.trim();
      if (!isDeliverableAddress(to)) throw new MailTemplateError(`Cannot send mail to "${mail.to}": not a valid email address`);
      const rendered = renderMail(mail);
      return insertOutbox(tx ?? db, to, mail.template, rendered);
    },
  };
}
