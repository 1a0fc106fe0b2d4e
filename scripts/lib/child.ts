// A server started as a child process: waiting until it answers, and stopping it.
import type { ChildProcess } from 'node:child_process';

/** Polls `url` until it answers 2xx; fails when `name` exits first or after `timeoutMs`. */
export async function waitUntilAnswers(url: string, child: ChildProcess, { name, timeoutMs, intervalMs }: { name: string; timeoutMs: number; intervalMs: number }): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${name} did not answer ${url} within ${timeoutMs / 1000} s`);
}

/** Sends `signal` and resolves once the child has exited (at once if it already has). */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
