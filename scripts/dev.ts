// npm run dev: every app on its own webpack dev server (the dev port in its manifest: shell :4300,
// remotes :4301 and up) in one process, plus the backend on :8080 (unless MODULA_BACKEND_URL points at one
// already running). The shell reads a development registry pointing at the remotes' dev servers; the dev
// servers proxy the API and /config.json to the backend, so the browser still talks to one origin.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { hostOf, registryFragment, remotesOf } from '@modula/tooling/apps';
import { APPS } from './lib/apps.ts';
import { startBackend, type RunningBackend } from './lib/backend.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const SHELL_PORT = hostOf(APPS).devPort;

/** The working tree's registry: in development the remotes are what their folders say now. */
function writeDevRegistry(): string {
  const remotes = remotesOf(APPS).map((app) => {
    const { routes, slots, contract, shared } = registryFragment(app);
    return { name: app.name, manifest: `http://localhost:${app.devPort}/mf-manifest.json`, version: '0.0.0-dev', contract, shared, routes, slots };
  });
  const file = path.join(repoRoot, '.cache', 'dev', 'remotes.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify({ remotes }, null, 2)}\n`);
  return file;
}

async function main(): Promise<void> {
  writeDevRegistry();
  let backend: RunningBackend | null = null;
  const backendUrl = process.env.MODULA_BACKEND_URL;
  if (!backendUrl) {
    backend = await startBackend(repoRoot, {
      ...process.env,
      PORT: process.env.PORT ?? '8080',
      MODE: 'development',
      // Email links lead to the shell's dev server.
      SITE_URL: process.env.SITE_URL ?? `http://localhost:${SHELL_PORT}`,
    });
  }
  const cli = path.join(repoRoot, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
  const configs = APPS.flatMap((app) => ['-c', path.join(app.dir, 'webpack.config.cjs')]);
  const webpack = spawn(process.execPath, [cli, 'serve', '--mode', 'development', '--dev-server-per-compiler', ...configs], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, MODULA_BACKEND_URL: backendUrl ?? backend?.url },
  });
  console.info(`\n  Shell: http://localhost:${SHELL_PORT}  (remotes standalone: ${remotesOf(APPS).map((app) => `${app.dir} :${app.devPort}`).join(', ')})\n`);
  const stop = () => {
    webpack.kill('SIGTERM');
    void backend?.stop().then(() => process.exit(0));
    if (!backend) process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  webpack.once('exit', (code) => {
    void backend?.stop();
    process.exitCode = code ?? 0;
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
