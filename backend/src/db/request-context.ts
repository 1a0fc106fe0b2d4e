import type { Queryable, RequestContext } from './types.ts';

/**
 * The statement PostgREST runs at the start of every request transaction: role, claims and request
 * details as transaction-local settings, so auth.uid() and policies see the caller; GET/HEAD and
 * stable functions also make the transaction read-only. request.client_ip is Modula's own: the
 * address the gateway trusts, set here and never taken from a header the client sent.
 */
export const REQUEST_CONTEXT_SQL = `select set_config('role', $1, true),
  set_config('request.jwt.claims', $2, true),
  set_config('request.method', $3, true),
  set_config('request.path', $4, true),
  set_config('request.headers', $5, true),
  set_config('transaction_read_only', $6, true),
  set_config('request.client_ip', $7, true)`;

export function requestContextParams(context: RequestContext): string[] {
  return [
    context.role,
    JSON.stringify({ ...context.claims, role: context.role }),
    context.method ?? '',
    context.path ?? '',
    JSON.stringify(context.headers ?? {}),
    context.readOnly ? 'on' : 'off',
    context.clientIp ?? '',
  ];
}

export async function applyRequestContext(tx: Queryable, context: RequestContext): Promise<void> {
  await tx.query(REQUEST_CONTEXT_SQL, requestContextParams(context));
}
