/**
 * The password rules of spec section 5 that need no list, in one place for every side: the browser
 * (mf-auth checks a new password as it is typed), the auth server (backend/src/auth/password-policy.ts
 * adds the common-password list and the messages) and the SQL function validate_password_strength,
 * which backend/scripts/gen-password-policy-sql.ts generates from these constants (a backend test
 * compares the SQL with this file on a sample of passwords). No imports, no DOM: the backend loads it
 * as `@modula/shared/password-policy`.
 */

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;
/** Fewer characters than this left after taking out every pattern below makes a password predictable. */
export const MIN_UNPATTERNED = 4;

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

/** Look-alike substitutions undone before comparing with words (p@ssw0rd), as two aligned strings. */
export const LEET_FROM = '013457@$!';
export const LEET_TO = 'oieastasi';

/**
 * Words about this service an attacker tries first (NIST 800-63B: context-specific words). They are
 * on the server's common-password list, and inside a password they count as a pattern, so the
 * product's own name plus a few characters ("ModulaModula1!") is refused.
 */
export const CONTEXT_WORDS = ['modula', 'modulahomes', 'modular', 'prefab', 'supabase'];

export type CharacterClass = 'lowercase' | 'uppercase' | 'number' | 'special';
/** One item of the spec's "Password must contain {list}.", in the order the message lists them. */
export type PasswordRequirement = 'length' | CharacterClass;

export const PASSWORD_REQUIREMENTS: readonly PasswordRequirement[] = ['length', 'lowercase', 'uppercase', 'number', 'special'];

/** Length in characters (code points) after NFKC, as the server counts it. */
export function passwordLength(password: string): number {
  return [...password.normalize('NFKC')].length;
}

export function missingCharacterClasses(password: string): CharacterClass[] {
  const normalized = password.normalize('NFKC');
  const missing: CharacterClass[] = [];
  if (!/[a-z]/.test(normalized)) missing.push('lowercase');
  if (!/[A-Z]/.test(normalized)) missing.push('uppercase');
  if (!/[0-9]/.test(normalized)) missing.push('number');
  if (!/[^A-Za-z0-9]/.test(normalized)) missing.push('special');
  return missing;
}

/** What the spec's composition rule finds missing (length: the minimum only). */
export function missingRequirements(password: string): PasswordRequirement[] {
  const missing: PasswordRequirement[] = passwordLength(password) < MIN_PASSWORD_LENGTH ? ['length'] : [];
  return [...missing, ...missingCharacterClasses(password)];
}

/** ASCII-only lowercase: the SQL twin does the same, whatever the database's locale. */
export function lowerAscii(value: string): string {
  return value.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

export function deleet(value: string): string {
  return [...value]
    .map((c) => {
      const at = LEET_FROM.indexOf(c);
      return at === -1 ? c : LEET_TO[at]!;
    })
    .join('');
}

const walks = [...KEYBOARD_WALKS, ...KEYBOARD_WALKS.map((w) => [...w].reverse().join(''))];

function isAlnumPair(a: string, b: string): boolean {
  return (/[a-z]/.test(a) && /[a-z]/.test(b)) || (/[0-9]/.test(a) && /[0-9]/.test(b));
}

/**
 * How many characters are left once these are taken out: runs of 3+ identical characters; runs of 3+
 * consecutive letters or digits (abc, 321); keyboard walks of 4+ keys; stretches that repeat a block
 * of 2+ characters at least twice (abab, househouse); and the context words (also written with
 * look-alikes). `lower` is the NFKC-normalised password, ASCII-lowercased.
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
  // Repeated blocks: where the text equals itself shifted by `size` for at least `size` characters
  // in a row, a block of that size is written twice or more (a linear scan per block size).
  for (let size = 2; 2 * size <= n; size++) {
    let run = 0;
    for (let k = 0; k <= n - size; k++) {
      if (k < n - size && chars[k] === chars[k + size]) {
        run++;
        continue;
      }
      if (run >= size) mark(k - run, k - 1 + size);
      run = 0;
    }
  }
  // The context words, as written or with look-alikes undone.
  const plain = [...deleet(lower)];
  for (const word of CONTEXT_WORDS) {
    const length = [...word].length;
    for (let i = 0; i + length <= n; i++) {
      if (chars.slice(i, i + length).join('') === word || plain.slice(i, i + length).join('') === word) mark(i, i + length - 1);
    }
  }
  return covered.filter((c) => !c).length;
}

/** The spec's patterns: the whole password one block repeated, or too little left beside patterns. */
export function isPredictable(lower: string): boolean {
  return /^([\s\S]+)\1+$/.test(lower) || unpatternedLength(lower) < MIN_UNPATTERNED;
}

/** Letters and digits only, so "ada.lovelace" is found in "AdaLovelace1!". */
function compact(value: string): string {
  return value.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

function containsPart(password: string, part: string): boolean {
  const wanted = part.normalize('NFKC').trim().toLowerCase();
  if ([...wanted].length < 3) return false;
  const lowered = password.normalize('NFKC').toLowerCase();
  const compactPart = compact(wanted);
  return lowered.includes(wanted) || ([...compactPart].length >= 3 && compact(lowered).includes(compactPart));
}

/** The parts of a name a password must not contain: every word of three or more letters. */
export function nameParts(name: string): string[] {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}]+/u)
    .filter((part) => [...part].length >= 3);
}

/** "Password cannot contain your email username." */
export function containsEmailUsername(password: string, email: string | null | undefined): boolean {
  const username = email?.trim().split('@')[0];
  return username ? containsPart(password, username) : false;
}

/** "Password cannot contain your name.": the whole name, or any part of it of three or more letters. */
export function containsName(password: string, name: string | null | undefined): boolean {
  if (!name) return false;
  return containsPart(password, name) || nameParts(name).some((part) => containsPart(password, part));
}
