import type { Queryable } from '../db/types.ts';

/** One email to send: a template from mail/templates, its data, and the recipient's language. */
export interface MailRequest {
  to: string;
  /** A name listed in mail/templates/index.ts. */
  template: string;
  /** A language tag such as "de" or "pt-BR"; unknown or missing languages fall back to English. */
  language?: string | null | undefined;
  data: Record<string, unknown>;
}

/**
 * The product's only way to send email. enqueue() renders the template and writes the mail to the
 * outbox; the mail worker delivers it with retries. Passing the caller's transaction makes the
 * mail part of it: it is sent only if that transaction commits.
 */
export interface Mailer {
  /** Returns the outbox id. Throws MailTemplateError for an unknown template or invalid data. */
  enqueue(mail: MailRequest, tx?: Queryable): Promise<string>;
}

/** A file sent with a mail, such as a meeting's calendar invitation (.ics). Text only. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export class MailTemplateError extends Error {
  override name = 'MailTemplateError';
}
