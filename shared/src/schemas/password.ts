// The password rules the browser can check on its own (spec section 5), from the one rule set the auth
// server and validate_password_strength are built from (../password-policy.ts). The server adds the
// common-password list, which is too large to ship to the browser.
import type { z } from 'zod';
import { FORM_MESSAGES, formMessage } from './message.ts';
import {
  containsEmailUsername,
  containsName,
  isPredictable,
  lowerAscii,
  missingRequirements,
  type PasswordRequirement,
} from '../password-policy.ts';

export { MIN_PASSWORD_LENGTH, PASSWORD_REQUIREMENTS, missingRequirements } from '../password-policy.ts';
export type { PasswordRequirement } from '../password-policy.ts';

/** What the browser finds wrong with a password, most fundamental first. */
export type LocalPasswordProblem =
  | { kind: 'requirements'; missing: PasswordRequirement[] }
  | { kind: 'email' }
  | { kind: 'name' }
  /** The spec's patterns (repeats, sequences, keyboard walks, repeated blocks, the product's name). */
  | { kind: 'pattern' };

export function localPasswordProblem(password: string, account: { email?: string; name?: string }): LocalPasswordProblem | null {
  const missing = missingRequirements(password);
  if (missing.length > 0) return { kind: 'requirements', missing };
  if (containsEmailUsername(password, account.email)) return { kind: 'email' };
  if (containsName(password, account.name)) return { kind: 'name' };
  if (isPredictable(lowerAscii(password.normalize('NFKC')))) return { kind: 'pattern' };
  return null;
}

/** The spec's sentence for a problem (section 5 and 8), as a form message. */
export function passwordProblemMessage(problem: LocalPasswordProblem): string {
  switch (problem.kind) {
    case 'requirements':
      return formMessage(FORM_MESSAGES.passwordMustContain, { list: problem.missing.map((requirement) => `form.password.item.${requirement}`) });
    case 'email':
      return formMessage(FORM_MESSAGES.passwordContainsEmail);
    case 'name':
      return formMessage(FORM_MESSAGES.passwordContainsName);
    case 'pattern':
      return formMessage(FORM_MESSAGES.passwordWeak);
  }
}

/**
 * Adds the password's problem (if any) to a form schema's issues at `path`. Used by schemas' object
 * refinements, which see the email and name the rules depend on.
 */
export function checkPassword(ctx: z.RefinementCtx<unknown>, password: unknown, account: { email?: string; name?: string }, path = 'password'): void {
  if (typeof password !== 'string' || password === '') return;
  const problem = localPasswordProblem(password, account);
  if (problem) ctx.addIssue({ code: 'custom', path: [path], message: passwordProblemMessage(problem) });
}
