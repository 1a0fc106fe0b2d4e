import type { Queryable, RequestContext } from './types.ts';

/**
 * The statement PostgREST runs at the start of every request transaction: role, claims and request
 * details as transaction-local settings, so auth.uid() and policies see the caller.
 */
export async function applyRequestContext(tx: Queryable, context: RequestContext): Promise<void> {
  if (context.readOnly) await tx.query('set transaction read only');
  await tx.query(
    `select set_config('role', $1, true),
            set_config('request.jwt.claims', $2, true),
            set_config('request.method', $3, true),
            set_config('request.path', $4, true),
            set_config('request.headers', $5, true)`,
    [
      context.role,
      JSON.stringify({ ...context.claims, role: context.role }),
      context.method ?? '',
      context.path ?? '',
      JSON.stringify(context.headers ?? {}),
    ],
  );
}
