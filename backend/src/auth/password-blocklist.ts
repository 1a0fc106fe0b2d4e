import { dictionary } from '@zxcvbn-ts/language-common';

/** Words about this service an attacker tries first (NIST 800-63B: context-specific words). */
export const CONTEXT_WORDS = ['modula', 'modulahomes', 'modular', 'prefab', 'supabase'];

/**
 * The common-password list: zxcvbn-ts's common passwords (≈49,000, from breach corpora) and its
 * common words (≈7,800), lowercase. The SQL migration is generated from this same list.
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
