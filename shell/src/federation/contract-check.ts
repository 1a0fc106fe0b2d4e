import major from 'semver/functions/major.js';
import valid from 'semver/functions/valid.js';
import satisfies from 'semver/functions/satisfies.js';
import validRange from 'semver/ranges/valid.js';
import { SHARED_VERSION } from '@modula/shared';

/** What this shell build can run: compiled into the shell, never read from a remote. */
export interface ShellExpectations {
  /** The contract version this shell implements per remote, from every remote.json at its build. */
  contracts: Readonly<Record<string, string>>;
  /** The version of @modula/shared this page runs (the shell's copy is the singleton). */
  sharedVersion: string;
}

export const SHELL_EXPECTATIONS: ShellExpectations = { contracts: __MODULA_CONTRACTS__, sharedVersion: SHARED_VERSION };

/** What a remote says it was built against: from its registry entry, then from its own compiled meta. */
export interface RemoteOffer {
  contract: string;
  /** The range of @modula/shared it needs; undefined for a registry entry deployed before builds carried it. */
  shared: string | undefined;
}

/** The contract this shell build implements for a remote, or undefined for a remote it does not know. */
export function expectedContract(name: string, expectations: ShellExpectations = SHELL_EXPECTATIONS): string | undefined {
  return Object.hasOwn(expectations.contracts, name) ? expectations.contracts[name] : undefined;
}

/**
 * Why a remote must be refused, or null when it may be mounted. The contract's major must equal the
 * shell's (minors add optional props and events, so they may differ either way), and the shell's
 * @modula/shared must be inside the range the remote was built for. Every reason is given at once.
 */
export function refusalReason(name: string, offer: RemoteOffer, expectations: ShellExpectations = SHELL_EXPECTATIONS): string | null {
  const reasons: string[] = [];
  const expected = expectedContract(name, expectations);
  if (expected === undefined) {
    reasons.push(`this shell has no contract for remote "${name}" (deploy a shell built with its remote.json)`);
  } else if (valid(offer.contract) === null) {
    reasons.push(`contract "${offer.contract}" is not a version`);
  } else if (major(offer.contract) !== major(expected)) {
    reasons.push(`contract ${offer.contract} is incompatible with the shell's ${expected} (major versions differ)`);
  }
  if (offer.shared === undefined) {
    reasons.push('it does not say which @modula/shared it needs (deployed before builds carried it: build and deploy it again)');
  } else if (validRange(offer.shared) === null) {
    reasons.push(`"${offer.shared}" is not a version range of @modula/shared`);
  } else if (!satisfies(expectations.sharedVersion, offer.shared)) {
    reasons.push(`it needs @modula/shared ${offer.shared}, the shell runs ${expectations.sharedVersion}`);
  }
  return reasons.length > 0 ? reasons.join('; ') : null;
}
