// Settings: a new sign-in email address, which must differ from the current one.
import { z } from 'zod';
import { emailAddress } from './fields.ts';
import { FORM_MESSAGES, formMessage } from './message.ts';

export function emailChangeSchema(currentEmail: string) {
  return z.object({
    email: emailAddress().refine((email) => email.toLowerCase() !== currentEmail.trim().toLowerCase(), formMessage(FORM_MESSAGES.sameEmail)),
  });
}

export type EmailChangeInput = z.input<ReturnType<typeof emailChangeSchema>>;
export type EmailChangeValues = z.output<ReturnType<typeof emailChangeSchema>>;
