import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum: 19 MiB, 2 passes, 1 lane (Algorithm.Argon2id is a const enum in the
// typings, so its value is spelled out).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFKC'), OPTIONS);
}

let dummy: Promise<string> | null = null;

/**
 * Verifies a password against a stored hash. Without a hash (unknown email, passwordless account)
 * it verifies against a dummy hash anyway, so the answer takes as long and reveals nothing.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  const normalized = password.normalize('NFKC');
  if (!stored || !stored.startsWith('$argon2')) {
    dummy ??= hash('modula-dummy-password', OPTIONS);
    await verify(await dummy, normalized).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, normalized);
  } catch {
    return false;
  }
}
