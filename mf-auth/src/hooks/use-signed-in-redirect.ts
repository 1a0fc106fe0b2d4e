import { useEffect, useRef } from 'react';
import { useAuth } from '../services/api';
import { useAppNavigate } from '../parcel-context';
import { postLoginPath } from '../post-login';

/**
 * /login and /signup are for guests: a user who is already signed in (with a confirmed email) is sent on
 * to the page they asked for (`next`) or their dashboard. Once the page starts signing someone in it
 * stops watching (call the returned function), so its own flow (two-factor step, welcome) decides.
 */
export function useSignedInRedirect(next: string | null): () => void {
  const navigate = useAppNavigate();
  const started = useRef(false);
  const userType = useAuth((s) => (s.isLoggedIn && !s.passwordRecovery ? (s.user?.userType ?? null) : null));
  useEffect(() => {
    if (!started.current && userType) navigate(postLoginPath(userType, next), { replace: true });
  }, [userType, next, navigate]);
  return () => {
    started.current = true;
  };
}
