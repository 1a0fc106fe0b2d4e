// The fields forms share, as zod schemas whose messages are form messages (message.ts). The limits
// are the database's (contact_messages, newsletter_subscribers, profiles): the browser never sends
// what the server would refuse.
import { z } from 'zod';
import { FORM_MESSAGES, formMessage } from './message.ts';

/** Deliberately permissive (the server has the final word): something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const MAX_EMAIL_LENGTH = 254;
/** Names, company names, subjects. */
export const MAX_NAME_LENGTH = 200;
/** The 6 digits of an emailed or authenticator code. */
export const CODE_PATTERN = /^\d{6}$/;

export function isValidEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(trimmed);
}

const requiredField = formMessage(FORM_MESSAGES.requiredField);
const tooLong = (max: number) => formMessage(FORM_MESSAGES.tooLong, { max });

/** A required line of text: trimmed, not empty, at most `max` characters. */
export function requiredText(max = MAX_NAME_LENGTH) {
  return z.string().trim().min(1, requiredField).max(max, tooLong(max));
}

/** An optional line of text: trimmed, at most `max` characters, empty when left blank. */
export function optionalText(max = MAX_NAME_LENGTH) {
  return z.string().trim().max(max, tooLong(max));
}

/** A required email address, trimmed. `required` replaces the message for an empty field. */
export function emailAddress(options: { required?: string } = {}) {
  const invalid = formMessage(FORM_MESSAGES.invalidEmail);
  return z
    .string()
    .trim()
    .min(1, options.required ?? requiredField)
    .max(MAX_EMAIL_LENGTH, invalid)
    .regex(EMAIL_PATTERN, invalid);
}

/** Codes as apps and mails show them ("123 456", "123-456") are accepted; the value is the 6 digits. */
export function normalizeCode(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** A required 6-digit code; `format` is the message for anything that is not 6 digits. */
export function oneTimeCode(format: string = formMessage(FORM_MESSAGES.codeFormat)) {
  return z
    .string()
    .trim()
    .min(1, requiredField)
    .transform(normalizeCode)
    .pipe(z.string().regex(CODE_PATTERN, format));
}
