// The front-end apps of the repo: the shell (deployed at the deploy root) and the remotes (each deployed
// under remotes/<dir>/<version>/ and listed in remotes.json).
import fs from 'node:fs';
import path from 'node:path';

export interface AppInfo {
  /** Folder name, e.g. "mf-catalog"; also the folder under <deploy>/remotes/. */
  dir: string;
  /** Federation name, e.g. "mf_catalog"; "shell" for the host. */
  name: string;
  kind: 'shell' | 'remote';
}

export const REMOTE_DIRS = ['mf-catalog', 'mf-auth', 'mf-messenger', 'mf-vendor', 'mf-admin'] as const;

export const APPS: AppInfo[] = [
  { dir: 'shell', name: 'shell', kind: 'shell' },
  ...REMOTE_DIRS.map((dir) => ({ dir, name: dir.replace(/-/g, '_'), kind: 'remote' as const })),
];

export class UsageError extends Error {
  override name = 'UsageError';
}

/** Accepts "mf-catalog", "mf_catalog" or "catalog". */
export function findApp(input: string): AppInfo {
  const wanted = input.trim().toLowerCase();
  const app = APPS.find((a) => a.dir === wanted || a.name === wanted || a.dir === `mf-${wanted}`);
  if (!app) throw new UsageError(`Unknown app "${input}". Known: ${APPS.map((a) => a.dir).join(', ')}`);
  return app;
}

export function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
}

export function packageVersion(repoRoot: string, app: AppInfo): string {
  return readJson<{ version: string }>(path.join(repoRoot, app.dir, 'package.json')).version;
}
