import type { Queryable, RequestContext } from './types.ts';

/** Statement timeouts per role in milliseconds (0 = none), as Supabase sets them on its roles. */
export interface RoleTimeouts {
  anon: number;
  authenticated: number;
  service_role: number;
}

/** Supabase's defaults: anon 3 s, authenticated 8 s, service role without limit. */
export const DEFAULT_ROLE_TIMEOUTS: RoleTimeouts = { anon: 3000, authenticated: 8000, service_role: 0 };

/**
 * The statement PostgREST runs at the start of every request transaction: role, claims and request
 * details as transaction-local settings, so auth.uid() and policies see the caller; GET/HEAD and
 * stable functions also make the transaction read-only. request.client_ip is Modula's own: the
 * address the gateway trusts, set here and never taken from a header the client sent. The role's
 * statement_timeout is applied per transaction as PostgREST does for the impersonated role's
 * settings (SET LOCAL ROLE alone does not apply a role's ALTER ROLE ... SET values).
 */
export const REQUEST_CONTEXT_SQL = `select set_config('role', $1, true),
  set_config('request.jwt.claims', $2, true),
  set_config('request.method', $3, true),
  set_config('request.path', $4, true),
  set_config('request.headers', $5, true),
  set_config('transaction_read_only', $6, true),
  set_config('request.client_ip', $7, true),
  set_config('statement_timeout', $8, true)`;

/** The statement timeout of the context's role, in milliseconds (0 = none). */
export function timeoutFor(context: RequestContext, timeouts: RoleTimeouts): number {
  return timeouts[context.role] ?? 0;
}

export function requestContextParams(context: RequestContext, timeouts: RoleTimeouts = DEFAULT_ROLE_TIMEOUTS): string[] {
  return [
    context.role,
    JSON.stringify({ ...context.claims, role: context.role }),
    context.method ?? '',
    context.path ?? '',
    JSON.stringify(context.headers ?? {}),
    context.readOnly ? 'on' : 'off',
    context.clientIp ?? '',
    String(timeoutFor(context, timeouts)),
  ];
}

export async function applyRequestContext(tx: Queryable, context: RequestContext, timeouts?: RoleTimeouts): Promise<void> {
  await tx.query(REQUEST_CONTEXT_SQL, requestContextParams(context, timeouts));
}

/**
 * Who a request is for, when the database's capacity is shared fairly: the signed-in user, else the
 * client address the gateway resolved. Null for the server's own work (no request context).
 */
export function callerKey(context?: RequestContext): string | null {
  if (!context) return null;
  const sub = context.claims.sub;
  return typeof sub === 'string' && sub ? `user:${sub}` : `address:${context.clientIp ?? ''}`;
}

/**
 * At most `limit` connections at once per caller: whatever one caller sends in parallel (ten slow
 * requests, say), the rest of the pool stays free for everybody else.
 */
export class CallerLimit {
  readonly #limit: number;
  readonly #callers = new Map<string, { active: number; waiting: (() => void)[] }>();

  constructor(limit: number) {
    this.#limit = Math.max(1, limit);
  }

  async acquire(caller: string): Promise<() => void> {
    let entry = this.#callers.get(caller);
    if (!entry) {
      entry = { active: 0, waiting: [] };
      this.#callers.set(caller, entry);
    }
    if (entry.active >= this.#limit) {
      const queued = entry;
      await new Promise<void>((resolve) => queued.waiting.push(resolve));
    }
    entry.active++;
    let released = false;
    const held = entry;
    return () => {
      if (released) return;
      released = true;
      held.active--;
      const next = held.waiting.shift();
      if (next) next();
      else if (held.active === 0) this.#callers.delete(caller);
    };
  }
}
