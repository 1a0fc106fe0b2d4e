// The front-end apps of the repo, read from their manifests (@modula/tooling/apps): the shell, deployed at
// the deploy root, and the remotes, each deployed under remotes/<dir>/<version>/ and listed in remotes.json.
import { readApps, type App } from '@modula/tooling/apps';

export type { App as AppInfo, HostApp, RemoteApp, RegistryFragment } from '@modula/tooling/apps';

/** Every app, the shell first, then the remotes by dev port. */
export const APPS: readonly App[] = readApps();

export class UsageError extends Error {
  override name = 'UsageError';
}

/** Accepts "mf-catalog", "mf_catalog" or "catalog". */
export function findApp(input: string, apps: readonly App[] = APPS): App {
  const wanted = input.trim().toLowerCase();
  const app = apps.find((a) => a.dir === wanted || a.name === wanted || a.dir === `mf-${wanted}`);
  if (!app) throw new UsageError(`Unknown app "${input}". Known: ${apps.map((a) => a.dir).join(', ')}`);
  return app;
}

export function appList(apps: readonly App[] = APPS): string {
  return apps.map((app) => app.dir).join('|');
}
