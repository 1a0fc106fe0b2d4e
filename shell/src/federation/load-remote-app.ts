import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { Registry, RegistryEntry, RemoteLifecycles } from '@modula/shared';
import { refusalReason, SHELL_EXPECTATIONS, type ShellExpectations } from './contract-check';
import { errorLoadRemotePlugin } from './error-load-remote-plugin';
import { reportRemoteFailure, setRemoteState } from './remote-status';

/** A remote that neither loads nor fails within this time is treated as down (a hung server never errors). */
export const LOAD_TIMEOUT_MS = 8000;

export class RemoteRefusedError extends Error {
  override name = 'RemoteRefusedError';
}

export class RemoteTimeoutError extends Error {
  override name = 'RemoteTimeoutError';
}

export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RemoteTimeoutError(message)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message.split('\n')[0] ?? error.name : String(error);
}

/** Tells the Module Federation runtime where every remote's manifest is; nothing is known at build time. */
export function registerRegistry(registry: Registry): void {
  registerPlugins([errorLoadRemotePlugin()]);
  registerRemotes(
    registry.remotes.map((entry) => ({ name: entry.name, entry: new URL(entry.manifest, window.location.href).href })),
    { force: true },
  );
}

const pending = new Map<string, Promise<RemoteLifecycles>>();

/**
 * Loads a remote's one exposed module, ./app, once per page. The contract and the range of
 * @modula/shared are checked twice: from the registry entry before anything is downloaded, and from the
 * module's own meta, compiled into the remote at its build, after loading (a registry entry may be
 * edited or wrong; the build cannot be).
 */
export function loadRemoteApp(entry: RegistryEntry, timeoutMs = LOAD_TIMEOUT_MS, expectations: ShellExpectations = SHELL_EXPECTATIONS): Promise<RemoteLifecycles> {
  const existing = pending.get(entry.name);
  if (existing) return existing;
  const loading = (async () => {
    const refusal = refusalReason(entry.name, { contract: entry.contract, shared: entry.shared }, expectations);
    if (refusal) throw new RemoteRefusedError(`refused: ${refusal}`);
    setRemoteState(entry.name, { state: 'loading' });
    const app = await withTimeout(
      loadRemote<RemoteLifecycles>(`${entry.name}/app`),
      timeoutMs,
      `timed out: no answer within ${timeoutMs / 1000} s`,
    );
    if (!app || typeof app.mount !== 'function' || typeof app.unmount !== 'function' || !app.meta) {
      throw new Error('./app does not export single-spa lifecycles with meta');
    }
    const built = refusalReason(entry.name, { contract: app.meta.contract, shared: app.meta.shared }, expectations);
    if (built) throw new RemoteRefusedError(`refused: its build says ${built}`);
    setRemoteState(entry.name, { state: 'loaded', meta: app.meta });
    return app;
  })();
  pending.set(entry.name, loading);
  // A failed load may be retried by "Try Again"; a successful one is kept for the page's life.
  loading.catch((error: unknown) => {
    pending.delete(entry.name);
    reportRemoteFailure(entry.name, describeError(error));
  });
  return loading;
}
