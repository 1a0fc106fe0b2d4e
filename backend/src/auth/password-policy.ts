import { isBlocklisted } from './password-blocklist.ts';

/**
 * The password policy (spec §5), in one place. backend/scripts/gen-password-policy-sql.ts turns the
 * same rules (all but the email and name ones, which need the account) into the SQL function
 * validate_password_strength; a test compares both on a sample, so keep them in step.
 */

export const MIN_LENGTH = 8;
export const MAX_LENGTH = 256;
/** Fewer characters than this left after removing repeats, sequences and keyboard walks is a pattern. */
export const MIN_UNPATTERNED = 4;

export type WeakPasswordReason = 'length' | 'characters' | 'pwned' | 'pattern' | 'email' | 'name';

export interface PasswordCheck {
  ok: boolean;
  reasons: WeakPasswordReason[];
  message: string;
}

/** Keyboard rows and columns (QWERTY, QWERTZ, AZERTY) whose runs of 4+ keys count as walks. */
export const KEYBOARD_WALKS = [
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'qwertzuiop',
  'yxcvbnm',
  'azertyuiop',
  'qsdfghjklm',
  'wxcvbn',
  '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p',
  'qazwsxedcrfvtgbyhnujmikolp',
  '!@#$%^&*()',
  '1234567890',
];

/** Look-alike substitutions undone before the blocklist check (p@ssw0rd), as two aligned strings. */
export const LEET_FROM = '013457@$!';
export const LEET_TO = 'oieastasi';

/** ASCII-only lowercase: the SQL twin does the same, whatever the database's locale. */
export function lowerAscii(value: string): string {
  return value.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

function deleet(value: string): string {
  return [...value].map((c) => {
    const at = LEET_FROM.indexOf(c);
    return at === -1 ? c : LEET_TO[at]!;
  }).join('');
}

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

const walks = [...KEYBOARD_WALKS, ...KEYBOARD_WALKS.map((w) => [...w].reverse().join(''))];

function isAlnumPair(a: string, b: string): boolean {
  return (/[a-z]/.test(a) && /[a-z]/.test(b)) || (/[0-9]/.test(a) && /[0-9]/.test(b));
}

/**
 * How many characters are left once runs of 3+ identical characters, runs of 3+ consecutive letters
 * or digits (abc, 321) and keyboard walks of 4+ keys are taken out.
 */
export function unpatternedLength(lower: string): number {
  const chars = [...lower];
  const n = chars.length;
  const covered = new Array<boolean>(n).fill(false);
  const mark = (from: number, to: number) => {
    for (let k = from; k <= to; k++) covered[k] = true;
  };
  // Runs of identical characters.
  for (let i = 0; i < n; ) {
    let j = i;
    while (j + 1 < n && chars[j + 1] === chars[i]) j++;
    if (j - i + 1 >= 3) mark(i, j);
    i = j + 1;
  }
  // Ascending or descending sequences.
  for (const step of [1, -1]) {
    for (let i = 0; i < n; ) {
      let j = i;
      while (
        j + 1 < n &&
        isAlnumPair(chars[j]!, chars[j + 1]!) &&
        (chars[j + 1]!.codePointAt(0) ?? 0) - (chars[j]!.codePointAt(0) ?? 0) === step
      ) {
        j++;
      }
      if (j - i + 1 >= 3) mark(i, j);
      i = j > i ? j : i + 1;
    }
  }
  // Keyboard walks: the longest run from each position that lies on one keyboard line.
  for (let i = 0; i < n; i++) {
    let length = 1;
    while (i + length < n && walks.some((w) => w.includes(chars.slice(i, i + length + 1).join('')))) length++;
    if (length >= 4) mark(i, i + length - 1);
  }
  return covered.filter((c) => !c).length;
}

/** The rules that need nothing but the password: what validate_password_strength checks in SQL. */
export function passwordOnlyReasons(password: string): WeakPasswordReason[] {
  const normalized = password.normalize('NFKC');
  const length = [...normalized].length;
  const reasons: WeakPasswordReason[] = [];
  if (length < MIN_LENGTH || length > MAX_LENGTH) reasons.push('length');
  if (missingCharacterClasses(normalized).length > 0) reasons.push('characters');
  if (length > MAX_LENGTH) return reasons;
  const lower = lowerAscii(normalized);
  if (isCommon(lower)) reasons.push('pwned');
  if (/^([\s\S]+)\1+$/.test(lower) || unpatternedLength(lower) < MIN_UNPATTERNED) reasons.push('pattern');
  return reasons;
}

type CharacterClass = 'lowercase' | 'uppercase' | 'number' | 'special';

function missingCharacterClasses(password: string): CharacterClass[] {
  const missing: CharacterClass[] = [];
  if (!/[a-z]/.test(password)) missing.push('lowercase');
  if (!/[A-Z]/.test(password)) missing.push('uppercase');
  if (!/[0-9]/.test(password)) missing.push('number');
  if (!/[^A-Za-z0-9]/.test(password)) missing.push('special');
  return missing;
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

/** Letters and digits only, so "demo.customer" is found in "Democustomer1!". */
function compact(value: string): string {
  return value.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

function contains(password: string, part: string | null | undefined): boolean {
  if (!part) return false;
  const p = part.normalize('NFKC').trim().toLowerCase();
  if (p.length < 3) return false;
  const pw = password.normalize('NFKC').toLowerCase();
  const c = compact(p);
  return pw.includes(p) || (c.length >= 3 && compact(pw).includes(c));
}

/** Checks a password against every rule, with the account's email and name when known. */
export function checkPassword(password: string, context: { email?: string | null; name?: string | null } = {}): PasswordCheck {
  const reasons = passwordOnlyReasons(password);
  const localPart = context.email?.split('@')[0];
  if (contains(password, localPart)) reasons.push('email');
  if (contains(password, context.name)) reasons.push('name');
  const normalized = password.normalize('NFKC');
  const messages: string[] = [];
  for (const reason of reasons) {
    if (reason === 'length') {
      messages.push(
        [...normalized].length > MAX_LENGTH
          ? `Password should be at most ${MAX_LENGTH} characters.`
          : `Password should be at least ${MIN_LENGTH} characters.`,
      );
    } else if (reason === 'characters') {
      messages.push(`Password must contain ${listWords(missingCharacterClasses(normalized).map((c) => CLASS_WORDS[c]))}.`);
    } else if (reason === 'pwned') {
      messages.push('This password has been compromised in data breaches. Please choose a different, unique password for your security.');
    } else if (reason === 'pattern') {
      messages.push('Password is too predictable: avoid repeated characters, sequences and keyboard patterns.');
    } else if (reason === 'email') {
      messages.push('Password cannot contain your email username.');
    } else {
      messages.push('Password cannot contain your name.');
    }
  }
  return { ok: reasons.length === 0, reasons, message: messages.join(' ') };
}
