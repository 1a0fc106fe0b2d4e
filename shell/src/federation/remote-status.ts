import { createStore, useStore } from 'zustand';
import type { RemoteMeta } from '@modula/shared';

/** What /deployment-status reports for each remote during this page's life. */
export type RemoteLoadState =
  | { state: 'not-loaded' }
  | { state: 'loading' }
  | { state: 'loaded'; meta: RemoteMeta }
  | { state: 'failed'; reason: string };

export const remoteStatus = createStore<{ remotes: Record<string, RemoteLoadState> }>()(() => ({ remotes: {} }));

export function setRemoteState(name: string, state: RemoteLoadState): void {
  remoteStatus.setState((s) => ({ remotes: { ...s.remotes, [name]: state } }));
}

/** Records a failure unless one was already recorded: the first reason is the most specific. */
export function reportRemoteFailure(name: string, reason: string): void {
  const current = remoteStatus.getState().remotes[name];
  if (current?.state === 'failed') return;
  setRemoteState(name, { state: 'failed', reason });
}

export function remoteState(name: string): RemoteLoadState {
  return remoteStatus.getState().remotes[name] ?? { state: 'not-loaded' };
}

export function useRemoteStates(): Record<string, RemoteLoadState> {
  return useStore(remoteStatus, (s) => s.remotes);
}
