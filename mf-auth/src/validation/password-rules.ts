/**
 * The password rules the browser can check on its own (spec section 5). The server repeats every one
 * of them and adds the common-password list (validate_password_strength and the auth server's
 * weak_password reasons), which is too large to ship to the browser.
 */

export const MIN_PASSWORD_LENGTH = 8;

/** One item of "Password must contain {list}.", in the order the message lists them. */
export type Requirement = 'length' | 'lowercase' | 'uppercase' | 'number' | 'special';

export const REQUIREMENTS: readonly Requirement[] = ['length', 'lowercase', 'uppercase', 'number', 'special'];

const tests: Record<Requirement, (password: string) => boolean> = {
  length: (p) => [...p.normalize('NFKC')].length >= MIN_PASSWORD_LENGTH,
  lowercase: (p) => /[a-z]/.test(p),
  uppercase: (p) => /[A-Z]/.test(p),
  number: (p) => /[0-9]/.test(p),
  special: (p) => /[^A-Za-z0-9]/.test(p),
};

export function missingRequirements(password: string): Requirement[] {
  return REQUIREMENTS.filter((requirement) => !tests[requirement](password));
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

/** What is wrong with a password, most fundamental first; the form shows the first problem. */
export type PasswordProblem =
  | { kind: 'requirements'; missing: Requirement[] }
  | { kind: 'email' }
  | { kind: 'name' }
  /** The server's list of common and leaked passwords (or its patterns) rejected it. */
  | { kind: 'compromised' }
  /** The server's strength check refused it without saying which rule failed. */
  | { kind: 'strength' };

export function localPasswordProblem(password: string, account: { email?: string; name?: string }): PasswordProblem | null {
  const missing = missingRequirements(password);
  if (missing.length > 0) return { kind: 'requirements', missing };
  if (account.email && containsPart(password, emailUsername(account.email))) return { kind: 'email' };
  if (account.name && containsPart(password, account.name)) return { kind: 'name' };
  return null;
}

/**
 * Maps the auth server's weak_password reasons (GoTrue's length/characters/pwned plus Modula's
 * pattern/email/name) to the problem the form shows.
 */
export function problemFromReasons(reasons: readonly string[], password: string): PasswordProblem {
  if (reasons.includes('length') || reasons.includes('characters')) {
    const missing = missingRequirements(password);
    // The server counted differently (e.g. a character class outside ASCII): fall back to its verdict.
    return missing.length > 0 ? { kind: 'requirements', missing } : { kind: 'strength' };
  }
  if (reasons.includes('email')) return { kind: 'email' };
  if (reasons.includes('name')) return { kind: 'name' };
  if (reasons.includes('pwned')) return { kind: 'compromised' };
  return { kind: 'strength' };
}
