// Starts the backend (node backend/src/main.ts) as a child process and waits until it answers /health.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stopChild, waitUntilAnswers } from './child.ts';

export interface RunningBackend {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startBackend(
  repoRoot: string,
  env: NodeJS.ProcessEnv,
  options: { quiet?: boolean; /** Options for node itself, before the script. */ nodeArgs?: string[] } = {},
): Promise<RunningBackend> {
  const port = env.PORT ?? '8080';
  const host = env.HOST ?? '127.0.0.1';
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), path.join(repoRoot, 'backend', 'src', 'main.ts')], {
    cwd: repoRoot,
    env,
    stdio: options.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  if (options.quiet) {
    // Kept for the error report; a quiet backend still shows why it failed.
    let log = '';
    const keep = (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('exit', (code) => {
      if (code && code !== 0) process.stderr.write(`backend exited with code ${code}:\n${log}\n`);
    });
  }
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  await waitUntilAnswers(`${url}/health`, child, { name: 'The backend', timeoutMs: 120_000, intervalMs: 200 });
  return { url, child, stop: () => stopChild(child, 'SIGTERM') };
}

/**
 * The API keys a backend generated into its data dir on first start (DATA_DIR/keys.json, documented in
 * backend/README.md), as `supabase status` shows a project's: for tools that drive a running backend
 * from outside, such as the e2e setup.
 */
export function readApiKeys(dataDir: string): { anonKey: string; serviceRoleKey: string } {
  const file = path.join(dataDir, 'keys.json');
  const keys = JSON.parse(fs.readFileSync(file, 'utf8')) as { anonKey?: unknown; serviceRoleKey?: unknown };
  if (typeof keys.anonKey !== 'string' || typeof keys.serviceRoleKey !== 'string') {
    throw new Error(`${file} has no anonKey and serviceRoleKey: is it a backend's data dir?`);
  }
  return { anonKey: keys.anonKey, serviceRoleKey: keys.serviceRoleKey };
}
