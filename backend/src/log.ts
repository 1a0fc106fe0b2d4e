import crypto from 'node:crypto';
import net from 'node:net';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import pretty, { type PrettyOptions } from 'pino-pretty';

/** The backend's logger: Fastify's pino. Modules get a child bound to their name; requests one bound to their id. */
export type Logger = PinoLogger;

/**
 * JSON lines on stdout at LOG_LEVEL, for whatever collects the logs; in a terminal, the same lines
 * pretty-printed so a developer can read them. `destination` captures the lines instead (tests).
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level };
  if (destination) return pino(options, destination);
  if (process.stdout.isTTY && level !== 'silent') return pino(options, pretty(PRETTY));
  return pino(options);
}

/**
 * The terminal's view of the same lines: one line per request ("GET /listings 200 4.2 ms"), the
 * module as a prefix, the request id only where it helps (warnings and errors), errors with stacks.
 */
const PRETTY: PrettyOptions = {
  colorize: true,
  translateTime: 'SYS:HH:MM:ss.l',
  sync: true,
  ignore: 'pid,hostname,module,reqId,method,url,statusCode,responseTime,ip',
  messageFormat: (line, messageKey) => {
    if (line.msg === 'request completed') return `${String(line.method)} ${String(line.url)} ${String(line.statusCode)} ${String(line.responseTime)} ms`;
    const module = line.module ? `${String(line.module)}: ` : '';
    const request = line.reqId && Number(line.level) >= 40 ? ` (request ${String(line.reqId)})` : '';
    return `${module}${String(line[messageKey])}${request}`;
  },
};

/**
 * Fastify's request log lines, as one line per request ("request completed", with the method, the
 * URL without credentials, the status, the time and the client address) instead of two; a request
 * that failed also gets Fastify's own error line. Both carry reqId.
 */
export class RequestLog extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'reqId' });
  }

  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const fields = {
      method: request.method,
      url: loggableUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
      // A client that hung up mid-request leaves no socket, and request.ip would throw without one.
      ip: request.raw.socket ? request.ip : null,
    };
    if (error) reply.log.error({ ...fields, err: error }, 'request completed');
    else reply.log.info(fields, 'request completed');
  }
}

export const REQUEST_ID_HEADER = 'x-request-id';

// What a proxy's id generator produces (UUIDs, hex, nginx's $request_id): nothing that could break a log line.
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

function trustList(trustedProxies: string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of trustedProxies) {
    const [address = '', prefix] = entry.split('/');
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/**
 * Fastify's genReqId: the X-Request-Id a trusted proxy (TRUSTED_PROXIES) passes on, when it looks
 * like an id, so one id follows a request through nginx and the backend; otherwise a new UUID. A
 * client's own header is never taken: it could make its requests look like someone else's.
 */
export function requestIdGenerator(trustedProxies: string[]): (request: IncomingMessage) => string {
  const trusted = trustList(trustedProxies);
  return (request) => {
    const incoming = request.headers[REQUEST_ID_HEADER];
    let peer = request.socket?.remoteAddress ?? '';
    if (peer.startsWith('::ffff:') && net.isIPv4(peer.slice(7))) peer = peer.slice(7);
    const type = net.isIPv6(peer) ? 'ipv6' : 'ipv4';
    if (typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) && net.isIP(peer) && trusted.check(peer, type)) return incoming;
    return crypto.randomUUID();
  };
}

// Query parameters that carry credentials (email links, signed storage URLs, the realtime socket).
const SECRET_PARAMS = new Set(['token', 'token_hash', 'apikey', 'access_token', 'refresh_token', 'code', 'password']);

/** The request's path and query for the log, with credentials in the query replaced by "redacted". */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      return SECRET_PARAMS.has(decodeURIComponentSafe(name).toLowerCase()) ? `${name}=redacted` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
