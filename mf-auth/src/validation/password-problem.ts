import { localPasswordProblem, missingRequirements, type LocalPasswordProblem } from '@modula/shared';

/**
 * What is wrong with a new password: the rules the browser checks (the shared schemas' rules), or
 * what only the auth server can tell.
 */
export type PasswordProblem =
  | LocalPasswordProblem
  /** The server's list of common and leaked passwords (or its patterns) rejected it. */
  | { kind: 'compromised' }
  /** The server's strength check refused it without saying which rule failed. */
  | { kind: 'strength' };

export { localPasswordProblem };

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
