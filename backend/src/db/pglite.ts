import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import type { Database, DatabaseError, NotificationHandler, Queryable, QueryResult, RequestContext } from './types.ts';
import { DEFAULT_ROLE_TIMEOUTS, REQUEST_CONTEXT_SQL, applyRequestContext, callerKey, requestContextParams, timeoutFor, type RoleTimeouts } from './request-context.ts';
import { lockDataDir } from './lock.ts';
import { createPglite, deserializeError, pgliteWasmModule, wrap, type PgliteLike, type WasmModule } from './pglite-engine.ts';
import type { WorkerCall, WorkerInit, WorkerMessage, WorkerRequest } from './pglite-worker.ts';

export interface PgliteOptions {
  /**
   * A dumped data directory (PGlite's dumpDataDir) to start a NEW database from instead of running
   * initdb; ignored when the data directory already exists. Tests use a migrated template.
   */
  template?: Blob;
  /** Statement timeouts per role (enforced on a data directory, where the database has its own thread). */
  timeouts?: RoleTimeouts;
  /** Called when a worker is replaced (timeout or crash), for the log. */
  onReplace?: (reason: string) => void;
}

export type PgliteDatabase = Database & { dump(): Promise<Blob> };

/** Marks errors of calls whose worker was terminated: their transaction no longer exists. */
const workerGone = Symbol('workerGone');

/** The error a statement past its role's timeout gets, worded as PostgreSQL's. */
export function statementTimeoutError(): DatabaseError {
  const error = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014', [workerGone]: true });
  return error as DatabaseError;
}

/**
 * One-at-a-time access: PGlite has a single connection, so transactions and queries take turns. The
 * turns go round-robin between callers (a signed-in user, else the client address; each call of
 * the server's own work counts as a caller of its own), so ten slow requests from one caller delay
 * another caller's request by at most one of them, not all ten.
 */
export class FairQueue {
  #busy = false;
  // Insertion order is the rotation: a caller that just had its turn goes to the back.
  readonly #waiting = new Map<string, (() => void)[]>();

  acquire(caller: string): Promise<() => void> {
    if (!this.#busy) {
      this.#busy = true;
      return Promise.resolve(this.#releaser());
    }
    return new Promise((resolve) => {
      const queue = this.#waiting.get(caller);
      const wake = () => resolve(this.#releaser());
      if (queue) queue.push(wake);
      else this.#waiting.set(caller, [wake]);
    });
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#next();
    };
  }

  #next(): void {
    const first = this.#waiting.entries().next();
    if (first.done) {
      this.#busy = false;
      return;
    }
    const [caller, queue] = first.value;
    const wake = queue.shift()!;
    this.#waiting.delete(caller);
    if (queue.length > 0) this.#waiting.set(caller, queue);
    wake();
  }
}

let serverCalls = 0;

/**
 * Whose turn a request takes in the FairQueue. The server's own work (auth, realtime, mail) is done
 * for many people at once, so each such call queues as a caller of its own rather than sharing one
 * turn per round.
 */
function callerOf(context?: RequestContext): string {
  return callerKey(context) ?? `server:${serverCalls++}`;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
}

/**
 * A PGlite on a data directory, run in a worker thread. A call with a timeout that is not answered
 * in time terminates the worker (the only way to stop a statement inside WebAssembly) and starts a
 * new one on the same data directory; PostgreSQL's crash recovery then rolls back what the
 * terminated statement had not committed, exactly as after kill -9. The data directory's lock stays
 * with this process throughout.
 */
class WorkerEngine {
  readonly #pgdata: string;
  readonly #channels = new Set<string>();
  readonly #onNotification: (channel: string, payload: string) => void;
  readonly #onReplace: (reason: string) => void;
  #template: ArrayBuffer | undefined;
  #worker: Worker | null = null;
  #ready: Promise<Worker> | null = null;
  #pending = new Map<number, Pending>();
  #nextId = 1;
  #closed = false;

  constructor(pgdata: string, template: ArrayBuffer | undefined, onNotification: (channel: string, payload: string) => void, onReplace: (reason: string) => void) {
    this.#pgdata = pgdata;
    this.#template = template;
    this.#onNotification = onNotification;
    this.#onReplace = onReplace;
  }

  /** The running worker, starting one when there is none. */
  worker(): Promise<Worker> {
    if (this.#closed) return Promise.reject(new Error('The database is closed'));
    this.#ready ??= pgliteWasmModule().then((wasmModule) => this.#start(wasmModule));
    return this.#ready;
  }

  #start(wasmModule: WasmModule): Promise<Worker> {
    const init: WorkerInit = { pgdata: this.#pgdata, template: this.#template, channels: [...this.#channels], wasmModule };
    // The template only seeds a new data directory; a replacement opens what is on disk.
    this.#template = undefined;
    const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), { workerData: init, execArgv: [] });
    this.#worker = worker;
    const started = new Promise<Worker>((resolve, reject) => {
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready') resolve(worker);
        else if (message.type === 'failed') reject(deserializeError(message.error));
        else if (message.type === 'notification') this.#onNotification(message.channel, message.payload);
        else if (message.type === 'reply') {
          const pending = this.#pending.get(message.id);
          if (!pending) return;
          this.#pending.delete(message.id);
          clearTimeout(pending.timer);
          if (message.ok) pending.resolve(message.result);
          else pending.reject(deserializeError(message.error));
        }
      });
      worker.on('error', (error) => {
        reject(error);
        this.#lost(worker, `the database thread failed: ${error.message}`);
      });
      worker.on('exit', (code) => {
        reject(new Error(`The database thread exited with code ${code} while starting`));
        this.#lost(worker, `the database thread exited with code ${code}`);
      });
    });
    started.catch(() => {
      if (this.#worker === worker) {
        this.#worker = null;
        this.#ready = null;
      }
    });
    return started;
  }

  /** A worker that died on its own (crash, out of memory): its callers fail, the next call starts a new one. */
  #lost(worker: Worker, reason: string): void {
    if (this.#worker !== worker) return;
    this.#worker = null;
    this.#ready = null;
    this.#failPending(() => {
      const error = Object.assign(new Error('terminating connection because the database thread stopped'), { code: '57P01', [workerGone]: true });
      return error as DatabaseError;
    });
    if (!this.#closed) this.#onReplace(reason);
  }

  #failPending(error: () => Error): void {
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const p of pending) {
      clearTimeout(p.timer);
      p.reject(error());
    }
  }

  /** Terminates the current worker; the next call starts a fresh one on the same data directory. */
  async #replace(reason: string): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    this.#ready = null;
    this.#failPending(statementTimeoutError);
    this.#onReplace(reason);
    if (worker) {
      worker.removeAllListeners('exit');
      worker.removeAllListeners('error');
      worker.on('error', () => undefined);
      await worker.terminate();
    }
  }

  async call<T>(request: WorkerCall, timeoutMs = 0): Promise<T> {
    const worker = await this.worker();
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      const pending: Pending = { resolve: resolve as (value: unknown) => void, reject };
      if (timeoutMs > 0) {
        pending.timer = setTimeout(() => {
          // Only the statement that ran out of time is in the worker (calls take turns), so only
          // its caller sees 57014; callers waiting their turn continue on the new worker.
          void this.#replace(`a statement ran past its ${timeoutMs} ms timeout`);
        }, timeoutMs);
      }
      this.#pending.set(id, pending);
      worker.postMessage({ ...request, id } as WorkerRequest);
    });
  }

  async listen(channel: string): Promise<void> {
    this.#channels.add(channel);
    await this.call({ op: 'listen', channel });
  }

  async unlisten(channel: string): Promise<void> {
    this.#channels.delete(channel);
    await this.call({ op: 'unlisten', channel });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    const worker = this.#ready ? await this.#ready.catch(() => null) : null;
    if (worker) await this.call({ op: 'close' }).catch(() => undefined);
    this.#closed = true;
    this.#worker = null;
    this.#ready = null;
    if (worker) {
      worker.removeAllListeners('exit');
      await worker.terminate();
    }
  }
}

/** PGlite in this thread: in-memory databases (tests, type generation), which a new thread could not reopen. */
async function openInProcess(options: PgliteOptions): Promise<PgliteDatabase> {
  const timeouts = options.timeouts ?? DEFAULT_ROLE_TIMEOUTS;
  const db: PGlite = await createPglite(null, options.template);
  const root = wrap(db as unknown as PgliteLike);

  // PGlite has a single connection; its transaction() serialises callers.
  function transaction<T>(fn: (tx: Queryable) => Promise<T>, context?: RequestContext): Promise<T> {
    return db.transaction(async (t) => {
      const tx = wrap(t as unknown as PgliteLike);
      if (context) await applyRequestContext(tx, context, timeouts);
      return fn(tx);
    });
  }

  return {
    kind: 'pglite',
    query: root.query,
    exec: root.exec,
    transaction: (fn) => transaction(fn),
    asRole: (context, fn) => transaction(fn, context),
    queryAsRole: (context, sql, params) => transaction((tx) => tx.query(sql, params), context),
    async listen(channel, handler) {
      const unsubscribe = await db.listen(channel, handler);
      return async () => unsubscribe();
    },
    dump: () => db.dumpDataDir('gzip'),
    close: () => db.close(),
  };
}

/**
 * Embedded PostgreSQL (PGlite) with its files under dataDir/pgdata, run in a worker thread so the
 * HTTP thread keeps answering while a statement runs, with statement timeouts per role. Pass
 * dataDir = null for an in-memory database in this thread (tests, scripts; no timeouts enforced).
 */
export async function openPglite(dataDir: string | null, options: PgliteOptions = {}): Promise<PgliteDatabase> {
  if (dataDir === null) return openInProcess(options);
  const timeouts = options.timeouts ?? DEFAULT_ROLE_TIMEOUTS;
  const release = lockDataDir(dataDir);
  const pgdata = path.join(dataDir, 'pgdata');
  const fresh = !fs.existsSync(path.join(pgdata, 'PG_VERSION'));
  const handlers = new Map<string, Set<NotificationHandler>>();
  const onNotification = (channel: string, payload: string) => {
    for (const handler of handlers.get(channel) ?? []) handler(payload);
  };
  const onReplace = options.onReplace ?? ((reason: string) => console.warn(`Embedded database thread replaced: ${reason}`));
  let engine: WorkerEngine;
  try {
    const template = fresh && options.template ? await options.template.arrayBuffer() : undefined;
    engine = new WorkerEngine(pgdata, template, onNotification, onReplace);
    await engine.worker();
  } catch (error) {
    release();
    throw error;
  }
  const turns = new FairQueue();

  const connection = (timeoutMs: number): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      return engine.call<QueryResult<T>>({ op: 'query', sql, params: params as unknown[] }, timeoutMs);
    },
    async exec(sql: string): Promise<void> {
      await engine.call({ op: 'exec', sql }, timeoutMs);
    },
  });
  const owner = connection(0);

  async function exclusive<T>(fn: () => Promise<T>, context?: RequestContext): Promise<T> {
    const done = await turns.acquire(callerOf(context));
    try {
      return await fn();
    } finally {
      done();
    }
  }

  function transaction<T>(fn: (tx: Queryable) => Promise<T>, context?: RequestContext): Promise<T> {
    return exclusive(async () => {
      const timeoutMs = context ? timeoutFor(context, timeouts) : 0;
      const tx = connection(timeoutMs);
      await owner.query('begin');
      try {
        if (context) await owner.query(REQUEST_CONTEXT_SQL, requestContextParams(context, timeouts));
        const result = await fn(tx);
        await owner.query('commit');
        return result;
      } catch (error) {
        // After a timeout the worker was replaced and the transaction died with it: nothing to roll
        // back, and the caller gets its 57014 without waiting for the new worker to start.
        if (!(error instanceof Error && workerGone in error)) await owner.query('rollback').catch(() => undefined);
        throw error;
      }
    }, context);
  }

  return {
    kind: 'pglite',
    query: (sql, params) => exclusive(() => owner.query(sql, params)),
    exec: (sql) => exclusive(() => owner.exec(sql)),
    transaction: (fn) => transaction(fn),
    asRole: (context, fn) => transaction(fn, context),
    queryAsRole: (context, sql, params) => transaction((tx) => tx.query(sql, params), context),
    async listen(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await exclusive(() => engine.listen(channel));
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size === 0 && handlers.get(channel) === set) {
          handlers.delete(channel);
          await exclusive(() => engine.unlisten(channel)).catch(() => undefined);
        }
      };
    },
    async dump() {
      const buffer = await exclusive(() => engine.call<ArrayBuffer>({ op: 'dump' }));
      return new Blob([buffer]);
    },
    async close() {
      try {
        await exclusive(() => engine.close());
      } finally {
        release();
      }
    },
  };
}
