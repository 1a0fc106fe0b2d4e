/**
 * The embedded database's thread: one PGlite on the data directory, driven by messages from the
 * server's thread (pglite.ts). Running here keeps the HTTP thread free while a statement runs, and
 * lets the server terminate this thread when a statement passes its role's timeout (PGlite runs
 * in WebAssembly without signals, so it cannot cancel a statement itself).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { createPglite, serializeError, wrap, type PgliteLike, type WasmModule } from './pglite-engine.ts';

export interface WorkerInit {
  pgdata: string;
  /** A dumped data dir to create a new database from (ignored when pgdata already holds one). */
  template?: ArrayBuffer;
  /** Channels to LISTEN on before announcing readiness (a replacement worker resumes them). */
  channels: string[];
  /** PGlite's compiled WebAssembly (pgliteWasmModule), shared by every worker of the process. */
  wasmModule?: WasmModule;
}

export type WorkerRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[] }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; channel: string }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** A request before the engine numbers it. */
export type WorkerCall = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'failed'; error: ReturnType<typeof serializeError> }
  | { type: 'notification'; channel: string; payload: string }
  | { type: 'reply'; id: number; ok: true; result?: unknown }
  | { type: 'reply'; id: number; ok: false; error: ReturnType<typeof serializeError> };

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
const init = workerData as WorkerInit;
const post = (message: WorkerMessage) => port.postMessage(message);

let db: PGlite;
try {
  db = await createPglite(init.pgdata, init.template ? new Blob([init.template]) : undefined, init.wasmModule);
} catch (error) {
  post({ type: 'failed', error: serializeError(error) });
  throw error;
}
const conn = wrap(db as unknown as PgliteLike);
const unlisten = new Map<string, () => Promise<void>>();

async function listen(channel: string): Promise<void> {
  if (unlisten.has(channel)) return;
  const stop = await db.listen(channel, (payload) => post({ type: 'notification', channel, payload }));
  unlisten.set(channel, stop);
}

for (const channel of init.channels) await listen(channel);

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return conn.query(request.sql, request.params);
    case 'exec':
      return conn.exec(request.sql);
    case 'listen':
      return listen(request.channel);
    case 'unlisten': {
      const stop = unlisten.get(request.channel);
      unlisten.delete(request.channel);
      return stop?.();
    }
    case 'dump': {
      const blob = await db.dumpDataDir('gzip');
      return blob.arrayBuffer();
    }
    case 'close':
      await db.close();
      return undefined;
  }
}

port.on('message', (request: WorkerRequest) => {
  handle(request).then(
    (result) => post({ type: 'reply', id: request.id, ok: true, result }),
    (error: unknown) => post({ type: 'reply', id: request.id, ok: false, error: serializeError(error) }),
  );
});

post({ type: 'ready' });
