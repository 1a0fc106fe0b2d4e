// npm run rollback -- <remote> [version]: points the remote's registry entry back at an earlier deployed
// version (by default the one deployed before the version now live). Nothing is rebuilt or copied.
import path from 'node:path';
import { findApp, UsageError } from './lib/apps.ts';
import { deployedVersions, rollbackRemote } from './lib/deploy.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

function main(): void {
  const [name, version] = process.argv.slice(2);
  if (!name) throw new UsageError('Usage: npm run rollback -- <remote> [version]');
  const app = findApp(name);
  if (app.kind !== 'remote') throw new UsageError('Only remotes are versioned; redeploy the shell to change it.');
  const deployDir = path.resolve(process.env.DEPLOY_DIR ?? path.join(repoRoot, '.deploy'));
  const result = rollbackRemote({ deployDir, dir: app.dir, name: app.name, version });
  console.info(`${app.dir}: ${result.from ?? 'none'} -> ${result.to}`);
  console.info(`Deployed versions (oldest first): ${deployedVersions(deployDir, app.dir).join(', ')}`);
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
