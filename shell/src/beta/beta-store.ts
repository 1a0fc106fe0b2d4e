import { createStore, useStore } from 'zustand';

export interface BetaState {
  /** open: the app shows; closed: the gate shows; checking: a ?beta= code is being verified. */
  status: 'open' | 'closed' | 'checking';
  /** The message of the last failed attempt, as an i18n key with values. */
  error: { key: string; values?: Record<string, unknown> } | null;
}

export const betaStore = createStore<BetaState>()(() => ({ status: 'closed', error: null }));

export function useBeta<T>(selector: (state: BetaState) => T): T {
  return useStore(betaStore, selector);
}
