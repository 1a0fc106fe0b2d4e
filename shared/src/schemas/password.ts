// The password rules the browser can check on its own (spec section 5). The auth server repeats every
// one of them and adds the common-password list (validate_password_strength and its weak_password
// reasons), which is too large to ship to the browser.
import type { z } from 'zod';
import { FORM_MESSAGES, formMessage } from './message.ts';

export const MIN_PASSWORD_LENGTH = 8;

/** One item of "Password must contain {list}.", in the order the message lists them. */
export type PasswordRequirement = 'length' | 'lowercase' | 'uppercase' | 'number' | 'special';

export const PASSWORD_REQUIREMENTS: readonly PasswordRequirement[] = ['length', 'lowercase', 'uppercase', 'number', 'special'];

const tests: Record<PasswordRequirement, (password: string) => boolean> = {
  length: (p) => [...p.normalize('NFKC')].length >= MIN_PASSWORD_LENGTH,
  lowercase: (p) => /[a-z]/.test(p),
  uppercase: (p) => /[A-Z]/.test(p),
  number: (p) => /[0-9]/.test(p),
  special: (p) => /[^A-Za-z0-9]/.test(p),
};

export function missingRequirements(password: string): PasswordRequirement[] {
  return PASSWORD_REQUIREMENTS.filter((requirement) => !tests[requirement](password));
}

/** Letters and digits only, so "ada.lovelace" is found in "AdaLovelace1!" as the server finds it. */
function compact(value: string): string {
  return value.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** Whether the password contains a part of the account (3+ characters), as the auth server decides. */
export function containsPart(password: string, part: string | null | undefined): boolean {
  if (!part) return false;
  const wanted = part.normalize('NFKC').trim().toLowerCase();
  if (wanted.length < 3) return false;
  const lowered = password.normalize('NFKC').toLowerCase();
  const compactPart = compact(wanted);
  return lowered.includes(wanted) || (compactPart.length >= 3 && compact(lowered).includes(compactPart));
}

export function emailUsername(email: string): string {
  return email.trim().split('@')[0] ?? '';
}

/** What the browser finds wrong with a password, most fundamental first. */
export type LocalPasswordProblem = { kind: 'requirements'; missing: PasswordRequirement[] } | { kind: 'email' } | { kind: 'name' };

export function localPasswordProblem(password: string, account: { email?: string; name?: string }): LocalPasswordProblem | null {
  const missing = missingRequirements(password);
  if (missing.length > 0) return { kind: 'requirements', missing };
  if (account.email && containsPart(password, emailUsername(account.email))) return { kind: 'email' };
  if (account.name && containsPart(password, account.name)) return { kind: 'name' };
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
