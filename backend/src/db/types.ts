/** A connection (or transaction) that runs SQL with bound parameters. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Runs several statements without parameters (migrations, bootstrap). */
  exec(sql: string): Promise<void>;
}

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
  fields: { name: string; dataTypeID: number }[];
}

/** The database role a request runs as, and the JWT claims row-level security reads. */
export interface RequestContext {
  role: 'anon' | 'authenticated' | 'service_role';
  claims: Record<string, unknown>;
  /** GET/HEAD and stable functions run READ ONLY, as PostgREST does. */
  readOnly?: boolean;
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  /**
   * The client's address as the gateway resolved it from TRUSTED_PROXIES (request.ip), available to
   * SQL as current_setting('request.client_ip'): what the database's rate limits count per caller.
   */
  clientIp?: string;
}

export type NotificationHandler = (payload: string) => void;

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction as the database owner. Rolled back if fn throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs fn in one transaction under SET LOCAL ROLE with request.jwt.claims set, so row-level
   * security decides what the caller sees, exactly as PostgREST does.
   */
  asRole<T>(context: RequestContext, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * asRole for a single statement that commits whatever its result: on PostgreSQL BEGIN with the
   * settings, the statement and COMMIT go out in one write (pipelined), so it costs one round trip.
   * A failing statement rolls the transaction back and rejects.
   */
  queryAsRole<T = Record<string, unknown>>(context: RequestContext, sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** LISTEN on a channel; every backend process on the same database receives the notifications. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Error raised by the database, with its SQLSTATE. */
export interface DatabaseError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
  table?: string;
  constraint?: string;
  /** Where in the statement the error was found: set for syntax errors of the SQL itself. */
  position?: string;
  /** The statement run inside a function (PL/pgSQL, SQL functions) when the error came from there. */
  internalQuery?: string;
}
