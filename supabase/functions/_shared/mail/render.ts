import { pickLanguage, type Language } from './languages.ts';
import { templates } from './templates/index.ts';
import type { RenderedMail } from './templates/layout.ts';
import { MailTemplateError, type MailRequest } from './types.ts';

export interface RenderedRequest extends RenderedMail {
  language: Language;
}

/** Validates the data against the template's schema and renders it in the recipient's language. */
export function renderMail(mail: MailRequest): RenderedRequest {
  const template = Object.hasOwn(templates, mail.template) ? templates[mail.template] : undefined;
  if (!template) throw new MailTemplateError(`Unknown mail template "${mail.template}"`);
  const parsed = template.schema.safeParse(mail.data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'data'} ${i.message}`).join('; ');
    throw new MailTemplateError(`Invalid data for mail template "${mail.template}": ${problems}`);
  }
  const language = pickLanguage(mail.language);
  return { ...template.render(parsed.data as never, language), language };
}
