import type { z } from 'zod';
import { isRtl, type Language } from '../languages.ts';
import { commonStrings } from './common-strings.ts';
import type { MailAttachment } from '../types.ts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

/** A template: the data it needs (validated when the mail is enqueued) and how it renders. */
export interface MailTemplate<D = unknown> {
  schema: z.ZodType<D>;
  render(data: D, language: Language): RenderedMail;
}

/** Any template, as the registry holds them: data is checked by the schema before render. */
export interface AnyMailTemplate {
  schema: z.ZodType;
  render(data: never, language: Language): RenderedMail;
}

export function defineTemplate<D>(template: MailTemplate<D>): MailTemplate<D> {
  return template;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Replaces {name} placeholders; values are inserted as given (escape the result for HTML). */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

export interface EmailContent {
  subject: string;
  heading: string;
  /** Greets by name when known. */
  name?: string | null | undefined;
  paragraphs: string[];
  action?: { label: string; url: string } | undefined;
  code?: string | undefined;
  /** Adds the expiry line: for the link and code when there is an action, for the code otherwise. */
  expiresInMinutes?: number | undefined;
  /** Closing lines, e.g. "if you didn't request this…". */
  closing?: string[];
}

const BRAND = '#2f6b4f';

/**
 * Renders the Modula email layout in both forms. Every value is escaped here, so templates pass
 * plain text (user names included) and cannot inject markup.
 */
export function renderEmail(language: Language, content: EmailContent): RenderedMail {
  const common = commonStrings[language];
  const dir = isRtl(language) ? 'rtl' : 'ltr';
  const align = dir === 'rtl' ? 'right' : 'left';
  const name = content.name?.trim();
  const greeting = name ? fill(common.greetingNamed, { name }) : common.greeting;
  const expiry =
    content.expiresInMinutes === undefined
      ? undefined
      : fill(content.action ? common.linkExpires : common.codeExpires, { minutes: content.expiresInMinutes });
  const closing = [...(expiry ? [expiry] : []), ...(content.closing ?? [])];

  const text = [
    greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.code ? [`${content.action ? common.codeIntro : ''} ${content.code}`.trim(), ''] : []),
    ...closing.flatMap((p) => [p, '']),
    '—',
    common.tagline,
  ].join('\n');

  const p = (value: string, style = '') =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2a24;${style}">${escapeHtml(value)}</p>`;
  const action = content.action
    ? `<table role="presentation" cellspacing="0" cellpadding="0" style="margin:8px 0 24px"><tr><td style="border-radius:6px;background:${BRAND}">` +
      `<a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(content.action.label)}</a>` +
      `</td></tr></table>` +
      p(common.linkFallback, 'font-size:13px;color:#55625b') +
      `<p style="margin:0 0 16px;font-size:13px;word-break:break-all" dir="ltr"><a href="${escapeHtml(content.action.url)}" style="color:${BRAND}">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const code = content.code
    ? (content.action ? p(common.codeIntro) : '') +
      `<p style="margin:0 0 24px;font-size:28px;font-weight:700;letter-spacing:6px;color:#1f2a24" dir="ltr">${escapeHtml(content.code)}</p>`
    : '';

  const html = `<!doctype html>
<html lang="${language}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f5f2">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f3f5f2"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" dir="${dir}" style="max-width:600px;background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;text-align:${align}">
<tr><td style="padding:24px 32px;border-bottom:1px solid #e3e8e4;font-size:22px;font-weight:700;color:${BRAND}">Modula</td></tr>
<tr><td style="padding:32px">
<h1 style="margin:0 0 24px;font-size:22px;color:#1f2a24">${escapeHtml(content.heading)}</h1>
${p(greeting)}
${content.paragraphs.map((x) => p(x)).join('\n')}
${action}
${code}
${closing.map((x) => p(x, 'font-size:14px;color:#55625b')).join('\n')}
</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid #e3e8e4;font-size:12px;color:#7a867f">${escapeHtml(common.tagline)}</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  return { subject: content.subject, text, html };
}
