import type { Queryable, RequestContext } from './types.ts';

/**
 * The statement PostgREST runs at the start of every request transaction: role, claims and request
 * details as transaction-local settings, so auth.uid() and policies see the caller; GET/HEAD and
 * stable functions also make the transaction read-only.
 */
export const REQUEST_CONTEXT_SQL = `select set_config('role', $1, true),
  set_config('request.jwt.claims', $2, true),
  set_config('request.method', $3, true),
  set_config('request.path', $4, true),
  set_config('request.headers', $5, true),
  set_config('transaction_read_only', $6, true)`;

export function requestContextParams(context: RequestContext): string[] {
  return [
    context.role,
    JSON.stringify({ ...context.claims, role: context.role }),
    context.method ?? '',
    context.path ?? '',
    JSON.stringify(context.headers ?? {}),
    context.readOnly ? 'on' : 'off',
  ];
}

export async function applyRequestContext(tx: Queryable, context: RequestContext): Promise<void> {
  await tx.query(REQUEST_CONTEXT_SQL, requestContextParams(context));
}
