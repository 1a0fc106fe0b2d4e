// npm run deploy -- <app|all> [--from <build folder>]: copies a build into the deploy root (DEPLOY_DIR,
// default .deploy) and points only that app's registry entry at it. Running pages pick it up on reload.
// The entry (routes, slots, contract, @modula/shared range, version) comes from the build's
// registry-fragment.json, so a saved build deploys as it was built, whatever the working tree says now.
import path from 'node:path';
import { APPS, appList, findApp, UsageError } from './lib/apps.ts';
import { deployApp } from './lib/deploy-app.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

function main(): void {
  const args = process.argv.slice(2);
  const fromIndex = args.indexOf('--from');
  const from = fromIndex >= 0 ? args[fromIndex + 1] : undefined;
  if (fromIndex >= 0 && !from) throw new UsageError('--from needs a folder');
  const names = args.filter((arg, i) => !arg.startsWith('--') && (fromIndex < 0 || i !== fromIndex + 1));
  if (names.length !== 1) throw new UsageError(`Usage: npm run deploy -- <${appList()}|all> [--from <build folder>]`);
  const deployDir = path.resolve(process.env.DEPLOY_DIR ?? path.join(repoRoot, '.deploy'));
  const apps = names[0] === 'all' ? APPS : [findApp(names[0] ?? '')];
  if (from && apps.length > 1) throw new UsageError('--from works with one app only');
  // npm runs scripts in the repository root; a relative --from is meant from where the command was typed.
  const fromDir = from ? path.resolve(process.env.INIT_CWD ?? process.cwd(), from) : undefined;
  for (const app of apps) console.info(deployApp(deployDir, app, fromDir));
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
