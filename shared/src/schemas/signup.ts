// /signup ("Join Today", spec sections 4 and 5).
import { z } from 'zod';
import { emailAddress, MAX_NAME_LENGTH, requiredText } from './fields.ts';
import { FORM_MESSAGES, formMessage } from './message.ts';
import { checkPassword } from './password.ts';

export const ACCOUNT_TYPES = ['customer', 'vendor'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

const requiredField = formMessage(FORM_MESSAGES.requiredField);
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Customer or vendor; the form starts with neither chosen (''). */
export const accountType = z.string().transform((value, ctx): AccountType => {
  if (value === 'customer' || value === 'vendor') return value;
  ctx.addIssue({ code: 'custom', message: requiredField });
  return z.NEVER;
});

export const signupSchema = z
  .object({
    name: requiredText(MAX_NAME_LENGTH),
    email: emailAddress(),
    password: z.string().min(1, requiredField),
    userType: accountType,
    agreeToTerms: z.boolean().refine((agreed) => agreed, requiredField),
  })
  // The password must not contain the email username or the name: checked even while other fields
  // are still wrong, so the password's message shows as soon as it applies.
  .superRefine(
    (values, ctx) => {
      const raw = values as Record<string, unknown>;
      checkPassword(ctx, raw.password, { email: trimmed(raw.email), name: trimmed(raw.name) });
    },
    { when: () => true },
  );

/** What the form holds (before trimming and checking). */
export type SignupInput = z.input<typeof signupSchema>;
/** What a valid form gives: trimmed name and email, the chosen account type. */
export type SignupValues = z.output<typeof signupSchema>;
