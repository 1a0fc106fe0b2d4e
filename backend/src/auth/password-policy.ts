import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  containsEmailUsername,
  containsName,
  deleet,
  isPredictable,
  lowerAscii,
  missingCharacterClasses,
  passwordLength,
  type CharacterClass,
} from '@modula/shared/password-policy';
import { isBlocklisted } from './password-blocklist.ts';

/**
 * The password policy (spec §5) as the auth server applies it: the rules shared with the browser
 * (@modula/shared/password-policy) plus the common-password list, with GoTrue-style reasons and the
 * spec's messages. backend/scripts/gen-password-policy-sql.ts turns the rules that need only the
 * password into the SQL function validate_password_strength; a test compares both on a sample.
 */

export type WeakPasswordReason = 'length' | 'characters' | 'pwned' | 'pattern' | 'email' | 'name';

export interface PasswordCheck {
  ok: boolean;
  reasons: WeakPasswordReason[];
  message: string;
}

/** Spec section 8: a password on the common or breached list. */
export const COMPROMISED_MESSAGE = 'This password has been compromised in data breaches. Please choose a different, unique password for your security.';
/** Spec section 8: the strength check failed (a predictable pattern). */
export const STRENGTH_MESSAGE = 'Password does not meet security requirements. Please choose a stronger password.';

/** The password without leading and trailing non-letters: "Summer2024!" -> "summer". */
function core(lower: string): string {
  return lower.replace(/^[^a-z]+/, '').replace(/[^a-z]+$/, '');
}

function isCommon(lower: string): boolean {
  const candidates = [lower, deleet(lower)];
  const c = core(lower);
  if (c.length >= 4 && c !== lower) candidates.push(c, deleet(c));
  return candidates.some(isBlocklisted);
}

/** The rules that need nothing but the password: what validate_password_strength checks in SQL. */
export function passwordOnlyReasons(password: string): WeakPasswordReason[] {
  const length = passwordLength(password);
  const reasons: WeakPasswordReason[] = [];
  if (length < MIN_PASSWORD_LENGTH || length > MAX_PASSWORD_LENGTH) reasons.push('length');
  if (missingCharacterClasses(password).length > 0) reasons.push('characters');
  if (length > MAX_PASSWORD_LENGTH) return reasons;
  const lower = lowerAscii(password.normalize('NFKC'));
  if (isCommon(lower)) reasons.push('pwned');
  if (isPredictable(lower)) reasons.push('pattern');
  return reasons;
}

const CLASS_WORDS: Record<CharacterClass, string> = {
  lowercase: 'a lowercase letter',
  uppercase: 'an uppercase letter',
  number: 'a number',
  special: 'a special character',
};

function listWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** Checks a password against every rule, with the account's email and name when known. */
export function checkPassword(password: string, context: { email?: string | null; name?: string | null } = {}): PasswordCheck {
  const reasons = passwordOnlyReasons(password);
  if (containsEmailUsername(password, context.email)) reasons.push('email');
  if (containsName(password, context.name)) reasons.push('name');
  const messages: string[] = [];
  for (const reason of reasons) {
    if (reason === 'length') {
      messages.push(
        passwordLength(password) > MAX_PASSWORD_LENGTH
          ? `Password should be at most ${MAX_PASSWORD_LENGTH} characters.`
          : `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
      );
    } else if (reason === 'characters') {
      messages.push(`Password must contain ${listWords(missingCharacterClasses(password).map((c) => CLASS_WORDS[c]))}.`);
    } else if (reason === 'pwned') {
      messages.push(COMPROMISED_MESSAGE);
    } else if (reason === 'pattern') {
      // A password on the list already has the more specific sentence.
      if (!reasons.includes('pwned')) messages.push(STRENGTH_MESSAGE);
    } else if (reason === 'email') {
      messages.push('Password cannot contain your email username.');
    } else {
      messages.push('Password cannot contain your name.');
    }
  }
  return { ok: reasons.length === 0, reasons, message: messages.join(' ') };
}
