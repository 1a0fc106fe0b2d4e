import type { Logger } from '../log.ts';

/**
 * Work a request starts but does not wait for (e.g. the lookup and mail behind /recover, so the
 * answer takes as long whether or not the account exists). Failures are logged; close() waits for
 * what is still running so shutdown never cuts a transaction off.
 */
export function backgroundTasks(log: Logger) {
  const running = new Set<Promise<void>>();
  return {
    run(label: string, task: () => Promise<void>): void {
      const promise: Promise<void> = task()
        .catch((error: unknown) => log.error(`auth: ${label} failed: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async close(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

export type BackgroundTasks = ReturnType<typeof backgroundTasks>;
