import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { reportRemoteFailure } from './remote-status';

const STAGE: Record<string, string> = {
  beforeRequest: 'before its manifest was requested',
  afterResolve: 'while fetching its manifest',
  onLoad: 'while running its remoteEntry',
  beforeLoadShare: 'while negotiating shared modules',
};

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // The runtime's messages carry a long docs link; the first line is what an operator needs.
  return text.split('\n')[0]?.replace(/\s*#\w+.*$/, '').trim() || 'unknown error';
}

/**
 * Load-time failures (dead manifest URL, broken remoteEntry) are recorded for /deployment-status with
 * the stage where they happened. Returning nothing lets the error reach the parcel, which shows the
 * fallback in its own slot.
 */
export function errorLoadRemotePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'modula-error-load-remote',
    errorLoadRemote({ id, error, lifecycle, remote }) {
      // A shared module the runtime could not negotiate is not a remote's failure to report here.
      if (lifecycle === 'beforeLoadShare' && !remote) return undefined;
      const name = remote?.name ?? id.split('/')[0] ?? id;
      reportRemoteFailure(name, `failed ${STAGE[lifecycle] ?? lifecycle}: ${describe(error)}`);
      return undefined;
    },
  };
}
