// npm start: builds what is stale, deploys every app into the deploy root, then runs the backend, which
// serves the deploy root and the API on one port (8080 or PORT), and prints the URL.
import path from 'node:path';
import { APPS } from './lib/apps.ts';
import { buildApps, isStale } from './lib/build.ts';
import { deployApp } from './lib/deploy-app.ts';
import { startBackend } from './lib/backend.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

async function main(): Promise<void> {
  const stale = APPS.filter((app) => isStale(repoRoot, app));
  if (stale.length > 0 && !buildApps(repoRoot, stale)) {
    process.exitCode = 1;
    return;
  }
  const deployDir = path.resolve(process.env.DEPLOY_DIR ?? path.join(repoRoot, '.deploy'));
  for (const app of APPS) console.info(deployApp(deployDir, app));
  const backend = await startBackend(repoRoot, { ...process.env, DEPLOY_DIR: deployDir });
  const shown = backend.url.replace('127.0.0.1', 'localhost');
  console.info(`\n  Modula is ready: ${shown}\n  Deployment status: ${shown}/deployment-status\n  Stop with Ctrl+C.\n`);
  const stop = () => void backend.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  backend.child.once('exit', (code) => process.exit(code ?? 0));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
