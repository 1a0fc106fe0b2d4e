// A new password and its confirmation (/reset-password and the settings page), under the sign-up
// rules for the account it belongs to. Once the auth server asked for proof, the emailed code too.
import { z } from 'zod';
import { oneTimeCode } from './fields.ts';
import { FORM_MESSAGES, formMessage } from './message.ts';
import { checkPassword } from './password.ts';

const requiredField = formMessage(FORM_MESSAGES.requiredField);

export function newPasswordSchema(account: { email?: string; name?: string }, options: { codeRequired?: boolean } = {}) {
  return z
    .object({
      password: z.string().min(1, requiredField),
      confirm: z.string().min(1, requiredField),
      code: options.codeRequired ? oneTimeCode() : z.string(),
    })
    .superRefine(
      (values, ctx) => {
        const raw = values as Record<string, unknown>;
        checkPassword(ctx, raw.password, account);
        if (typeof raw.confirm === 'string' && raw.confirm !== '' && raw.confirm !== raw.password) {
          ctx.addIssue({ code: 'custom', path: ['confirm'], message: formMessage(FORM_MESSAGES.passwordMismatch) });
        }
      },
      { when: () => true },
    );
}

export type NewPasswordInput = z.input<ReturnType<typeof newPasswordSchema>>;
export type NewPasswordValues = z.output<ReturnType<typeof newPasswordSchema>>;
