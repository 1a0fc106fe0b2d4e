/** One email to send: a template from templates/index.ts, its data, and the recipient's language. */
export interface MailRequest {
  to: string;
  /** A name listed in templates/index.ts. */
  template: string;
  /** A language tag such as "de" or "pt-BR"; unknown or missing languages fall back to English. */
  language?: string | null | undefined;
  data: Record<string, unknown>;
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
