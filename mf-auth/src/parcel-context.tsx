import { createContext, useContext, type ReactNode } from 'react';
import type { ParcelProps } from '@modula/shared';

const NavigateContext = createContext<ParcelProps['navigate'] | null>(null);

/** Gives every page the shell's navigate, which moves the shell and every remote together. */
export function NavigateProvider({ navigate, children }: { navigate: ParcelProps['navigate']; children: ReactNode }) {
  return <NavigateContext.Provider value={navigate}>{children}</NavigateContext.Provider>;
}

export function useAppNavigate(): ParcelProps['navigate'] {
  const navigate = useContext(NavigateContext);
  if (!navigate) throw new Error('useAppNavigate needs a NavigateProvider (AuthRoot provides it)');
  return navigate;
}
