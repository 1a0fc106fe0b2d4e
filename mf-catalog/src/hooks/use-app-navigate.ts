import { createContext, useCallback, useContext } from 'react';
import { useNavigate } from '@modula/router';
import type { ParcelProps } from '@modula/shared';

/** The shell's navigate (the one history), from the parcel's props. */
export const AppNavigateContext = createContext<ParcelProps['navigate'] | null>(null);

/**
 * Navigates through the shell when the catalogue runs as a parcel, so the shell's router leads and this
 * remote's router follows; in tests (no shell) through this remote's own router.
 */
export function useAppNavigate(): (to: string, options?: { replace?: boolean }) => void {
  const shell = useContext(AppNavigateContext);
  const local = useNavigate();
  return useCallback((to: string, options: { replace?: boolean } = {}) => (shell ? shell(to, options) : void local(to, options)), [shell, local]);
}
