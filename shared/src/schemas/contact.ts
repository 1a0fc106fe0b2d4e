// /contact. The database checks the same limits (contact_messages: name and subject 1-200 characters,
// message 1-5000, an email of at most 254), so the browser never sends a message it would refuse.
import { z } from 'zod';
import { emailAddress, MAX_NAME_LENGTH, requiredText } from './fields.ts';

export const MAX_CONTACT_MESSAGE_LENGTH = 5000;

export const contactSchema = z.object({
  name: requiredText(MAX_NAME_LENGTH),
  email: emailAddress(),
  subject: requiredText(MAX_NAME_LENGTH),
  message: requiredText(MAX_CONTACT_MESSAGE_LENGTH),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactValues = z.output<typeof contactSchema>;
