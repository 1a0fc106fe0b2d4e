// N backend processes on one PostgreSQL behind nginx: what `npm run start:cluster` runs, and what the
// cluster tests and `npm run bench:cluster` start. Every process gets the same environment (same
// DATABASE_URL, same DATA_DIR with the signing keys) and its own port; nginx, rendered from
// nginx/nginx.conf.template, balances over them and upgrades /realtime/v1 to WebSockets.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { freePort } from './free-port.ts';
import { NGINX_PATH, startNginx, type RunningNginx } from './nginx.ts';
import { stopChild } from './child.ts';

export interface ClusterOptions {
  repoRoot: string;
  processes: number;
  /** nginx's port on 127.0.0.1; null runs the processes without nginx in front. */
  port: number | null;
  deployDir: string;
  /** Where nginx's rendered configuration, temp files and logs go. */
  root: string;
  /** The environment of every process: DATABASE_URL and DATA_DIR at least. PORT is set per process. */
  env: NodeJS.ProcessEnv;
  /** 'prefix' copies each process's output with "[p1]" in front; 'quiet' keeps the last lines for errors. */
  output?: 'prefix' | 'quiet';
  /**
   * 'first' (default) starts process 1 alone (it applies migrations and may seed), then the others
   * with SEED=off; 'together' starts every process at the same moment.
   */
  startup?: 'first' | 'together';
  /** Start again, after a second, a process that exits after it was ready (a supervisor's job). */
  restart?: boolean;
  /** How long a process may take to become ready. */
  readyTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface ClusterProcess {
  /** 1-based, as printed. */
  number: number;
  port: number;
  url: string;
  child: ChildProcess | null;
  /** The last output lines, for error reports. */
  tail: string[];
}

export interface RunningCluster {
  /** nginx's URL, or the first process's without nginx. */
  url: string;
  processes: ClusterProcess[];
  nginx: RunningNginx | null;
  /** Sends `signal` to process `number` (1-based) and waits until it exited. No restart follows. */
  kill(number: number, signal?: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Connections each process opens when DATABASE_POOL_SIZE is not set: one process's default (10)
 * shared among the processes. PostgreSQL does the most work with a few busy connections per core;
 * N processes with 10 each make it juggle N times as many (measured with bench:cluster: two
 * processes with 5 each served 1.7x the requests of two with 10 each on the same machine).
 */
export function defaultPoolSize(processes: number): number {
  return Math.max(2, Math.ceil(10 / processes));
}

export class ClusterError extends Error {
  override name = 'ClusterError';
}

/** The one precondition of a cluster: PostgreSQL. The embedded database belongs to one process. */
export function requireDatabaseUrl(env: NodeJS.ProcessEnv): string {
  const url = env.DATABASE_URL;
  if (!url) {
    throw new ClusterError(
      'start:cluster needs PostgreSQL: set DATABASE_URL, for example\n' +
        '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/modula npm run start:cluster\n' +
        'Several processes cannot share the embedded database (it belongs to one process); `npm start` runs one.',
    );
  }
  if (!/^postgres(ql)?:\/\//.test(url)) throw new ClusterError(`DATABASE_URL must be a postgres:// URL, got ${url}`);
  return url;
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Polls `${url}/ready` until it answers 200; fails when the child exits first or after timeoutMs. */
async function waitUntilReady(proc: ClusterProcess, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const child = proc.child;
    if (!child || exited(child)) {
      throw new ClusterError(`backend process ${proc.number} exited before it was ready:\n${proc.tail.join('\n')}`);
    }
    try {
      if ((await fetch(`${proc.url}/ready`)).ok) return;
    } catch {
      // Not listening yet (migrating, or still loading).
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new ClusterError(`backend process ${proc.number} was not ready within ${timeoutMs / 1000} s:\n${proc.tail.join('\n')}`);
}

export async function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  requireDatabaseUrl(options.env);
  if (options.processes < 1 || !Number.isInteger(options.processes)) throw new ClusterError(`--processes must be a whole number of at least 1`);
  if (options.port !== null && !fs.existsSync(NGINX_PATH)) {
    throw new ClusterError(`nginx is not installed at ${NGINX_PATH} (apt-get install nginx, or set NGINX_PATH)`);
  }
  const log = options.log ?? ((line: string) => console.info(line));
  const output = options.output ?? 'prefix';
  const readyTimeoutMs = options.readyTimeoutMs ?? 180_000;
  const processes: ClusterProcess[] = [];
  for (let i = 0; i < options.processes; i++) {
    const port = await freePort();
    processes.push({ number: i + 1, port, url: `http://127.0.0.1:${port}`, child: null, tail: [] });
  }
  let stopping = false;
  const killed = new Set<number>();

  function spawnProcess(proc: ClusterProcess, extraEnv: NodeJS.ProcessEnv): void {
    const child = spawn(process.execPath, [path.join(options.repoRoot, 'backend', 'src', 'main.ts')], {
      cwd: options.repoRoot,
      env: {
        DATABASE_POOL_SIZE: String(defaultPoolSize(options.processes)),
        ...options.env,
        ...extraEnv,
        PORT: String(proc.port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.child = child;
    proc.tail = [];
    let wasReady = false;
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => {
        proc.tail.push(line);
        if (proc.tail.length > 40) proc.tail.shift();
        if (output === 'prefix') process.stdout.write(`[p${proc.number}] ${line}\n`);
      });
    }
    void waitUntilReady(proc, readyTimeoutMs).then(
      () => (wasReady = true),
      () => undefined,
    );
    child.once('exit', (code, signal) => {
      if (stopping || killed.has(proc.number)) return;
      log(`backend process ${proc.number} (port ${proc.port}) exited (${signal ?? `code ${code}`})`);
      if (options.restart && wasReady) {
        setTimeout(() => {
          if (stopping) return;
          log(`starting backend process ${proc.number} again`);
          spawnProcess(proc, { SEED: 'off' });
        }, 1000).unref();
      }
    });
  }

  let nginx: RunningNginx | null = null;
  const stop = async () => {
    stopping = true;
    await nginx?.stop();
    await Promise.all(processes.map((p) => (p.child && !exited(p.child) ? stopChild(p.child, 'SIGTERM') : undefined)));
  };

  try {
    if ((options.startup ?? 'first') === 'first') {
      const [first, ...rest] = processes;
      spawnProcess(first!, {});
      await waitUntilReady(first!, readyTimeoutMs);
      for (const proc of rest) spawnProcess(proc, { SEED: 'off' });
      await Promise.all(rest.map((proc) => waitUntilReady(proc, readyTimeoutMs)));
    } else {
      for (const [i, proc] of processes.entries()) spawnProcess(proc, i === 0 ? {} : { SEED: 'off' });
      await Promise.all(processes.map((proc) => waitUntilReady(proc, readyTimeoutMs)));
    }
    if (options.port !== null) {
      nginx = await startNginx(options.repoRoot, {
        root: options.root,
        port: options.port,
        backendUrl: processes.map((p) => p.url),
        deployDir: options.deployDir,
        quiet: output === 'quiet',
      });
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url: nginx?.url ?? processes[0]!.url,
    processes,
    nginx,
    async kill(number, signal = 'SIGKILL') {
      const proc = processes[number - 1];
      if (!proc?.child) throw new Error(`no backend process ${number}`);
      killed.add(number);
      if (exited(proc.child)) return;
      const child = proc.child;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill(signal);
      });
    },
    stop,
  };
}
