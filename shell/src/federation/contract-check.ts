import { CONTRACT_VERSIONS, isContractCompatible } from '@modula/shared';

/** The contract this shell build implements for a remote, or undefined for a remote it does not know. */
export function expectedContract(name: string, known: Record<string, string> = CONTRACT_VERSIONS): string | undefined {
  return Object.hasOwn(known, name) ? known[name] : undefined;
}

/**
 * Why a remote offering `offered` must be refused, or null when it may be mounted. Only the major
 * version must match: minors add optional props and events.
 */
export function contractRefusal(name: string, offered: string, known: Record<string, string> = CONTRACT_VERSIONS): string | null {
  const expected = expectedContract(name, known);
  if (expected === undefined) return `this shell has no contract for remote "${name}"`;
  if (!isContractCompatible(expected, offered)) {
    return `contract ${offered} is incompatible with the shell's ${expected} (major versions differ)`;
  }
  return null;
}
