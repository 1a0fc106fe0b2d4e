import {
  PASSWORD_REQUIREMENTS,
  containsEmailUsername,
  containsName,
  isPredictable,
  lowerAscii,
  missingRequirements,
  type PasswordRequirement,
} from '@modula/shared/password-policy';

/**
 * The password rules the browser checks on its own (spec section 5) come from
 * @modula/shared/password-policy, the file the auth server and validate_password_strength are built
 * from, so the browser and the server judge alike. Only the common-password list stays on the server
 * (too large to ship): the form asks validate_password_strength once these rules pass.
 */

export { missingRequirements };
/** One item of "Password must contain {list}.", in the order the message lists them. */
export type Requirement = PasswordRequirement;
export const REQUIREMENTS: readonly Requirement[] = PASSWORD_REQUIREMENTS;

/** What is wrong with a password, most fundamental first; the form shows the first problem. */
export type PasswordProblem =
  | { kind: 'requirements'; missing: Requirement[] }
  | { kind: 'email' }
  | { kind: 'name' }
  /** The spec's patterns (repeats, sequences, keyboard walks, repeated blocks, the product's name). */
  | { kind: 'pattern' }
  /** On the server's list of common and breached passwords. */
  | { kind: 'compromised' }
  /** The server refused it without saying which rule failed. */
  | { kind: 'strength' };

export function localPasswordProblem(password: string, account: { email?: string; name?: string }): PasswordProblem | null {
  const missing = missingRequirements(password);
  if (missing.length > 0) return { kind: 'requirements', missing };
  if (containsEmailUsername(password, account.email)) return { kind: 'email' };
  if (containsName(password, account.name)) return { kind: 'name' };
  if (isPredictable(lowerAscii(password.normalize('NFKC')))) return { kind: 'pattern' };
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
  if (reasons.includes('pattern')) return { kind: 'pattern' };
  return { kind: 'strength' };
}
