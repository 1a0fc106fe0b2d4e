import { useCallback, useEffect, useState } from 'react';
import { assuranceLevel, listTotpFactors } from '../services/api';

export type StepUp =
  | { state: 'checking' }
  /** The session is as strong as the account allows: sensitive changes may go ahead. */
  | { state: 'ready' }
  /** Two-factor is on but this session only proved the password: a code is needed first. */
  | { state: 'needed'; factorId: string };

/**
 * GoTrue refuses email and password changes (and removing a factor) from an aal1 session when the
 * account has two-factor authentication; this finds out before the user fills in a form.
 */
async function checkStepUp(): Promise<StepUp> {
  try {
    const level = await assuranceLevel();
    if (level.next === 'aal2' && level.current !== 'aal2') {
      const factor = (await listTotpFactors()).find((f) => f.status === 'verified');
      if (factor) return { state: 'needed', factorId: factor.id };
    }
  } catch (error) {
    // Unknown: let the user try; the server still refuses an unsafe change with a clear error.
    console.warn('Could not read the assurance level', error);
  }
  return { state: 'ready' };
}

export function useStepUp(sessionKey: string | null): [StepUp, () => void] {
  const [stepUp, setStepUp] = useState<StepUp>({ state: 'checking' });
  const recheck = useCallback(() => void checkStepUp().then(setStepUp), []);

  useEffect(() => {
    if (!sessionKey) return undefined;
    let cancelled = false;
    void checkStepUp().then((next) => {
      if (!cancelled) setStepUp(next);
    });
    return () => {
      cancelled = true;
    };
  }, [sessionKey]);

  return [stepUp, recheck];
}
