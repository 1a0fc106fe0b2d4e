/** One email to send: a template from templates/index.ts, its data, and the recipient's language. */
export interface MailRequest {
  to: string;
  /** A name listed in templates/index.ts. */
  template: string;
  /** A language tag such as "de" or "pt-BR"; unknown or missing languages fall back to English. */
  language?: string | null | undefined;
  data: Record<string, unknown>;
}

export class MailTemplateError extends Error {
  override name = 'MailTemplateError';
}
