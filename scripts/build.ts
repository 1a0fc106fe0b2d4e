// npm run build [-- <app>... ] [--force]: builds the stale apps (all apps when none are named).
import path from 'node:path';
import { APPS, findApp, UsageError } from './lib/apps.ts';
import { buildApps, isStale } from './lib/build.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

function main(): number {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const named = args.filter((a) => !a.startsWith('--')).map((a) => findApp(a));
  const candidates = named.length > 0 ? named : APPS;
  const stale = force ? candidates : candidates.filter((app) => isStale(repoRoot, app));
  const fresh = candidates.filter((app) => !stale.includes(app));
  if (fresh.length > 0) console.info(`Up to date: ${fresh.map((a) => a.dir).join(', ')}`);
  if (stale.length === 0) return 0;
  return buildApps(repoRoot, stale) ? 0 : 1;
}

try {
  process.exitCode = main();
} catch (error) {
  console.error(error instanceof UsageError ? error.message : error);
  process.exitCode = 1;
}
