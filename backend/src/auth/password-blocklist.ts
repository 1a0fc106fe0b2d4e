import { dictionary } from '@zxcvbn-ts/language-common';
import { CONTEXT_WORDS } from '@modula/shared/password-policy';

/**
 * The common-password list: zxcvbn-ts's common passwords (≈49,000, from breach corpora) and its
 * common words (≈7,800) and the context words, lowercase. The SQL migration is generated from this same list.
 */
export function blocklistWords(): string[] {
  const words = new Set<string>();
  for (const list of [dictionary['passwords-common'], dictionary['diceware-common'], CONTEXT_WORDS]) {
    for (const word of list) if (word) words.add(word.toLowerCase());
  }
  return [...words].sort();
}

let cached: Set<string> | null = null;

export function isBlocklisted(word: string): boolean {
  cached ??= new Set(blocklistWords());
  return cached.has(word);
}
