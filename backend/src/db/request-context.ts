import type { Queryable, RequestContext } from './types.ts';

// A string constant for the settings statement. The values are the caller's role, its verified
// claims and the request's method, path and headers; they are quoted here (quotes doubled, an E''
// literal when there are backslashes, NUL removed) so the statement needs no parameters and can
// share a round trip with BEGIN.
function literal(value: string): string {
  const clean = value.replace(/\0/g, '');
  const quoted = `'${clean.replace(/'/g, "''").replace(/\\/g, '\\\\')}'`;
  return clean.includes('\\') ? `E${quoted}` : quoted;
}

/**
 * The statement PostgREST runs at the start of every request transaction: role, claims and request
 * details as transaction-local settings, so auth.uid() and policies see the caller; GET/HEAD and
 * stable functions also make the transaction read-only.
 */
export function requestContextSql(context: RequestContext): string {
  const settings: [string, string][] = [
    ['role', context.role],
    ['request.jwt.claims', JSON.stringify({ ...context.claims, role: context.role })],
    ['request.method', context.method ?? ''],
    ['request.path', context.path ?? ''],
    ['request.headers', JSON.stringify(context.headers ?? {})],
  ];
  if (context.readOnly) settings.push(['transaction_read_only', 'on']);
  return `select ${settings.map(([name, value]) => `set_config('${name}', ${literal(value)}, true)`).join(', ')}`;
}

export async function applyRequestContext(tx: Queryable, context: RequestContext): Promise<void> {
  await tx.exec(requestContextSql(context));
}
