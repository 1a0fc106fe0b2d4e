// npm run deploy -- <app|all> [--from <build folder>]: copies a build into the deploy root (DEPLOY_DIR,
// default .deploy) and points only that app's registry entry at it. Running pages pick it up on reload.
import path from 'node:path';
import { APPS, findApp, UsageError } from './lib/apps.ts';
import { deployApp } from './lib/deploy-app.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

function main(): void {
  const args = process.argv.slice(2);
  const fromIndex = args.indexOf('--from');
  const from = fromIndex >= 0 ? args[fromIndex + 1] : undefined;
  if (fromIndex >= 0 && !from) throw new UsageError('--from needs a folder');
  const names = args.filter((arg, i) => !arg.startsWith('--') && (fromIndex < 0 || i !== fromIndex + 1));
  if (names.length !== 1) throw new UsageError('Usage: npm run deploy -- <shell|mf-catalog|mf-auth|mf-messenger|mf-vendor|mf-admin|all> [--from <dist folder>]');
  const deployDir = path.resolve(process.env.DEPLOY_DIR ?? path.join(repoRoot, '.deploy'));
  const apps = names[0] === 'all' ? APPS : [findApp(names[0] ?? '')];
  if (from && apps.length > 1) throw new UsageError('--from works with one app only');
  for (const app of apps) console.info(deployApp(repoRoot, deployDir, app, from ? path.resolve(from) : undefined));
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
