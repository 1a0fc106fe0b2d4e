import pg from 'pg';
import type { Database, NotificationHandler, Queryable, QueryResult, RequestContext } from './types.ts';
import { CallerLimit, DEFAULT_ROLE_TIMEOUTS, REQUEST_CONTEXT_SQL, callerKey, requestContextParams, type RoleTimeouts } from './request-context.ts';

// Values come back as text for the types that node-pg would turn into JS objects with a different
// JSON shape than PostgreSQL's own (dates, bigint, numeric); SQL builds the JSON the API returns.
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') => {
    if (oid === 20 || oid === 1700) return (v: string) => v; // int8, numeric
    if (oid === 1082 || oid === 1114 || oid === 1184) return (v: string) => v; // dates and timestamps
    return pg.types.getTypeParser(oid, format);
  },
};

function wrap(client: pg.PoolClient | pg.Pool): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await client.query({ text: sql, values: params as unknown[], types });
      return {
        rows: result.rows as T[],
        rowCount: result.rowCount ?? 0,
        fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      };
    },
    async exec(sql: string): Promise<void> {
      await client.query(sql);
    },
  };
}

/**
 * Runs fn with the connection's socket corked, so the queries it issues (pipelined, without
 * waiting for replies) leave in a single write.
 */
function corked<T>(client: pg.PoolClient, fn: () => Promise<T>): Promise<T> {
  const stream = (client as unknown as { connection?: { stream?: { cork?: () => void; uncork?: () => void } } }).connection?.stream;
  stream?.cork?.();
  try {
    return fn();
  } finally {
    stream?.uncork?.();
  }
}

/**
 * PostgreSQL through a pool: the production database, shared by several backend processes. Request
 * transactions run with their role's statement timeout (PostgreSQL cancels with 57014).
 */
export async function openPostgres(url: string, poolSize: number, timeouts: RoleTimeouts = DEFAULT_ROLE_TIMEOUTS): Promise<Database> {
  // Named, so each connection parses and plans the settings statement once.
  function requestContextQuery(context: RequestContext): pg.QueryConfig {
    return { name: 'modula_request_context', text: REQUEST_CONTEXT_SQL, values: requestContextParams(context, timeouts) };
  }

  // Pipeline mode sends queries issued together without waiting for each reply; code that awaits
  // every query (all transactions) behaves exactly as before.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000, pipeline: true } as pg.PoolConfig);
  pool.on('error', (error) => console.error('PostgreSQL pool error', error.message));
  // Fail at start-up with the real reason rather than on the first request.
  await pool.query('select 1');
  const root = wrap(pool);
  const listeners = new Map<string, Set<NotificationHandler>>();
  let listenClient: pg.Client | null = null;

  // One caller (a user, else a client address) holds at most a third of the pool, so ten slow
  // requests from one caller leave the other connections to everybody else.
  const perCaller = new CallerLimit(Math.ceil(poolSize / 3));
  async function fairShare<T>(context: RequestContext | undefined, fn: () => Promise<T>): Promise<T> {
    const caller = callerKey(context);
    if (caller === null) return fn();
    const release = await perCaller.acquire(caller);
    try {
      return await fn();
    } finally {
      release();
    }
  }

  function transaction<T>(fn: (tx: Queryable) => Promise<T>, context?: RequestContext): Promise<T> {
    return fairShare(context, () => runTransaction(fn, context));
  }

  async function runTransaction<T>(fn: (tx: Queryable) => Promise<T>, context?: RequestContext): Promise<T> {
    const client = await pool.connect();
    try {
      // Pipelined and corked: BEGIN and the caller's settings cost one write and one round trip.
      await corked(client, () => {
        const begin = client.query('begin');
        return Promise.all(context ? [begin, client.query(requestContextQuery(context))] : [begin]);
      });
      const tx = wrap(client);
      const result = await fn(tx);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  function queryAsRole<T>(context: RequestContext, sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
    return fairShare(context, () => runQueryAsRole<T>(context, sql, params));
  }

  async function runQueryAsRole<T>(context: RequestContext, sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
    const client = await pool.connect();
    const settled = await corked(client, () =>
      Promise.allSettled([
        client.query('begin'),
        client.query(requestContextQuery(context)),
        client.query({ text: sql, values: params as unknown[], types }),
        // After a failed statement the transaction is aborted and COMMIT rolls it back.
        client.query('commit'),
      ]),
    );
    const closed = settled[3];
    // A connection whose COMMIT failed may be in an unknown state: it is discarded, not reused.
    client.release(closed?.status === 'rejected' ? (closed.reason as Error) : undefined);
    const failure = settled.find((s) => s.status === 'rejected');
    if (failure) throw (failure as PromiseRejectedResult).reason;
    const result = (settled[2] as PromiseFulfilledResult<pg.QueryResult>).value;
    return {
      rows: result.rows as T[],
      rowCount: result.rowCount ?? 0,
      fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    };
  }

  // LISTEN needs one long-lived connection of its own. When it drops (PostgreSQL restart, network),
  // it is re-opened with back-off and every channel is listened to again, so delivery resumes.
  const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000];
  let closing = false;
  let reconnectAttempt = 0;
  let connecting: Promise<pg.Client> | null = null;

  function dropListenClient(client: pg.Client, reason: string): void {
    if (listenClient !== client) return;
    listenClient = null;
    client.removeAllListeners();
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    if (closing) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(reconnectAttempt++, RECONNECT_DELAYS_MS.length - 1)] ?? 10_000;
    console.error(`PostgreSQL LISTEN connection lost (${reason}); reconnecting in ${delay / 1000} s`);
    setTimeout(() => {
      if (closing || listeners.size === 0) return;
      ensureListenClient().catch((error: Error) => console.error('PostgreSQL LISTEN reconnect failed', error.message));
    }, delay).unref();
  }

  function ensureListenClient(): Promise<pg.Client> {
    if (listenClient) return Promise.resolve(listenClient);
    connecting ??= (async () => {
      const client = new pg.Client({ connectionString: url });
      try {
        await client.connect();
        client.on('notification', (message) => {
          for (const handler of listeners.get(message.channel) ?? []) handler(message.payload ?? '');
        });
        client.on('error', (error) => dropListenClient(client, error.message));
        client.on('end', () => dropListenClient(client, 'connection ended'));
        for (const channel of listeners.keys()) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
        listenClient = client;
        reconnectAttempt = 0;
        return client;
      } catch (error) {
        await client.end().catch(() => undefined);
        if (listeners.size > 0 && !closing) {
          listenClient = client;
          dropListenClient(client, (error as Error).message);
        }
        throw error;
      } finally {
        connecting = null;
      }
    })();
    return connecting;
  }

  return {
    kind: 'postgres',
    query: root.query,
    exec: root.exec,
    transaction: (fn) => transaction(fn),
    asRole: (context, fn) => transaction(fn, context),
    queryAsRole,
    async listen(channel, handler) {
      const client = await ensureListenClient();
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size === 0) {
          listeners.delete(channel);
          await listenClient?.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        }
      };
    },
    async close() {
      closing = true;
      const client = listenClient;
      listenClient = null;
      await client?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
