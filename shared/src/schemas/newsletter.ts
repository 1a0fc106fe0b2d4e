// Newsletter sign-up (spec sections 5 and 8: email required, name optional). The home page's form and
// the newsletter-signup function both check a request with this schema.
import { z } from 'zod';
import { emailAddress, MAX_NAME_LENGTH, optionalText } from './fields.ts';
import { FORM_MESSAGES, formMessage } from './message.ts';

export const newsletterSchema = z.object({
  email: emailAddress({ required: formMessage(FORM_MESSAGES.emailRequired) }),
  name: optionalText(MAX_NAME_LENGTH),
});

export type NewsletterInput = z.input<typeof newsletterSchema>;
export type NewsletterValues = z.output<typeof newsletterSchema>;
