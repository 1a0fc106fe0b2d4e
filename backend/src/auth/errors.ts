import type { FastifyReply } from 'fastify';

export const API_VERSION = '2024-01-01';

/**
 * An error answered the way GoTrue does: the status, and a body both auth-js parse paths read
 * ({code, error_code, msg, message}), with the x-sb-error-code header.
 */
export class AuthError extends Error {
  override name = 'AuthError';
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;
  constructor(status: number, code: string, message: string, options: { extra?: Record<string, unknown>; headers?: Record<string, string> } = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);
export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message);

export function sendAuthError(reply: FastifyReply, error: AuthError): FastifyReply {
  reply.header('X-Supabase-Api-Version', API_VERSION);
  reply.header('x-sb-error-code', error.code);
  reply.headers(error.headers);
  return reply.code(error.status).send({
    code: error.code,
    error_code: error.code,
    msg: error.message,
    message: error.message,
    ...error.extra,
  });
}
