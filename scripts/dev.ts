// npm run dev: every app on its own webpack dev server (shell :4300, remotes :4301-4305) in one process,
// plus the backend on :8080 (unless MODULA_BACKEND_URL points at one already running). The shell reads a
// development registry pointing at the remotes' dev servers; the dev servers proxy the API and
// /config.json to the backend, so the browser still talks to one origin.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { APPS, readJson } from './lib/apps.ts';
import { contractOf } from './lib/deploy-app.ts';
import type { RemoteFragment } from './lib/deploy.ts';
import { startBackend, type RunningBackend } from './lib/backend.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const SHELL_PORT = 4300;
const REMOTE_PORTS: Record<string, number> = { 'mf-catalog': 4301, 'mf-auth': 4302, 'mf-messenger': 4303, 'mf-vendor': 4304, 'mf-admin': 4305 };

function writeDevRegistry(): string {
  const remotes = APPS.filter((app) => app.kind === 'remote').map((app) => {
    const fragment = readJson<RemoteFragment>(path.join(repoRoot, app.dir, 'remote.json'));
    return {
      ...fragment,
      manifest: `http://localhost:${REMOTE_PORTS[app.dir]}/mf-manifest.json`,
      version: '0.0.0-dev',
      contract: contractOf(app.name),
    };
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
  console.info(`\n  Shell: http://localhost:${SHELL_PORT}  (remotes standalone: ${Object.values(REMOTE_PORTS).map((p) => `:${p}`).join(' ')})\n`);
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
