import { useEffect, useState } from 'react';
import { checkPasswordStrength } from '../services/api';
import { localPasswordProblem, type PasswordProblem } from './password-problem';

/** Pause after the last keystroke before asking the server (one request per pause, not per key). */
export const SERVER_CHECK_DELAY_MS = 500;

export interface PasswordCheckState {
  /** The first problem found so far, or null. */
  problem: PasswordProblem | null;
  /** True while the server's verdict on the current password is not known yet. */
  checking: boolean;
}

/**
 * Checks a new password as it is typed: the browser's rules at once, then, once those pass, the
 * server's common-password check (validate_password_strength) after a short pause.
 */
export function usePasswordCheck(password: string, account: { email?: string; name?: string }): PasswordCheckState {
  const local = localPasswordProblem(password, account);
  const [verdict, setVerdict] = useState<{ password: string; ok: boolean | null } | null>(null);
  const needsServer = password !== '' && local === null;

  useEffect(() => {
    if (!needsServer) return undefined;
    let cancelled = false;
    const timer = window.setTimeout(() => {
      void checkPasswordStrength(password).then((ok) => {
        if (!cancelled) setVerdict({ password, ok });
      });
    }, SERVER_CHECK_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [password, needsServer]);

  if (local) return { problem: local, checking: false };
  if (!needsServer) return { problem: null, checking: false };
  if (verdict?.password !== password) return { problem: null, checking: true };
  // The browser's rules passed, so a refusal means the common-password list or its patterns.
  return { problem: verdict.ok === false ? { kind: 'compromised' } : null, checking: false };
}
