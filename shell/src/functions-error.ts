/** functions-js puts the HTTP response of a non-2xx answer on error.context. */
export function errorResponse(error: unknown): Pick<Response, 'status' | 'json' | 'headers'> | null {
  const context = (error as { context?: unknown } | null)?.context as Partial<Response> | undefined;
  return context && typeof context.status === 'number' && typeof context.json === 'function'
    ? (context as Pick<Response, 'status' | 'json' | 'headers'>)
    : null;
}
