import { matchPath } from '@modula/router';
import type { Registry, RegistryEntry } from '@modula/shared';
import { DASHBOARD_PATH, SHELL_PAGES } from '../routing/build-routes';

/**
 * The remote whose public route this address is, if any. Its code can start downloading while the
 * shell still loads its language and strings: nothing is decided by a guard on a public route, and a
 * verified or admin route is still loaded only after its guard (architecture: guards before loading).
 */
export function publicRouteRemote(registry: Registry, pathname: string): RegistryEntry | null {
  if (SHELL_PAGES.some((page) => matchPath(page.path, pathname)) || matchPath(`${DASHBOARD_PATH}/*`, pathname)) return null;
  for (const entry of registry.remotes) {
    if (entry.routes.some((route) => route.access === 'public' && matchPath(route.path, pathname))) return entry;
  }
  return null;
}
