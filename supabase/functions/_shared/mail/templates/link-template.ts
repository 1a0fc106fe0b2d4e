import { z } from 'zod';
import type { Translations } from '../languages.ts';
import { commonStrings } from './common-strings.ts';
import { defineTemplate, fill, renderEmail } from './layout.ts';
import { emailAddress, linkUrl, minutes, otpCode, personName } from './fields.ts';

export interface LinkStrings {
  subject: string;
  heading: string;
  /** May name {email}: the address the action concerns. */
  body: string;
  button: string;
}

/**
 * The shape of every auth email with a link: a button to the verify URL and the same token as a
 * 6-digit code, the expiry and the "ignore if not you" line.
 */
export function defineLinkTemplate(strings: Translations<LinkStrings>) {
  return defineTemplate({
    schema: z.object({
      url: linkUrl,
      code: otpCode,
      name: personName,
      expiresInMinutes: minutes,
      email: emailAddress.optional(),
    }),
    render(data, language) {
      const s = strings[language];
      return renderEmail(language, {
        subject: s.subject,
        heading: s.heading,
        name: data.name,
        paragraphs: [fill(s.body, { email: data.email ?? '' })],
        action: { label: s.button, url: data.url },
        code: data.code,
        expiresInMinutes: data.expiresInMinutes,
        closing: [commonStrings[language].ignore],
      });
    },
  });
}
