import type { Registry } from '@modula/shared';

/** The registry this page started with, for /deployment-status (it never changes until the next load). */
export interface LoadedRegistry {
  registry: Registry;
  error: string | null;
}

let loaded: LoadedRegistry = { registry: { remotes: [] }, error: null };

export function setLoadedRegistry(next: LoadedRegistry): void {
  loaded = next;
}

export function getLoadedRegistry(): LoadedRegistry {
  return loaded;
}
