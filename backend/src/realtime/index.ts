import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WebSocketServer } from 'ws';
import type { AppContext } from '../context.ts';
import { Connection, MAX_MESSAGE_BYTES } from './connection.ts';
import { Hub } from './hub.ts';
import type { Vsn } from './protocol.ts';

const SOCKET_PATH = '/realtime/v1/websocket';
/** Clients heartbeat every 25 s; one that has been silent this long is gone. */
const IDLE_LIMIT_MS = 75_000;

function refuseUpgrade(socket: Duplex, status: number, reason: string, body: Record<string, unknown>): void {
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}

interface BroadcastMessage {
  topic: string;
  event: string;
  payload: unknown;
}

function parseMessages(body: unknown): BroadcastMessage[] | string {
  const messages = (body as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(messages) || messages.length === 0) return 'send {"messages": [{"topic", "event", "payload"}]}';
  const result: BroadcastMessage[] = [];
  for (const m of messages as Record<string, unknown>[]) {
    if (typeof m?.topic !== 'string' || !m.topic || typeof m.event !== 'string' || !m.event) return 'each message needs a topic and an event';
    if (m.private === true) return 'private channels are not supported by this server';
    if (Buffer.byteLength(JSON.stringify(m.payload ?? null)) > MAX_MESSAGE_BYTES) return `a payload exceeds ${MAX_MESSAGE_BYTES} bytes`;
    result.push({ topic: m.topic, event: m.event, payload: m.payload ?? {} });
  }
  return result;
}

const channelTopic = (topic: string) => (topic.startsWith('realtime:') ? topic : `realtime:${topic}`);

/** /realtime/v1: Phoenix channels over WebSocket (postgres_changes, broadcast, presence) and the broadcast API. */
export async function realtimeModule(app: FastifyInstance, context: AppContext): Promise<() => Promise<void>> {
  const hub = new Hub(context.db, context.log, crypto.randomUUID());
  // Tables published before this process's DDL trigger existed get their capture trigger now.
  await context.db.query('select _modula.realtime_sync()');
  await hub.start();

  const wss = new WebSocketServer({ noServer: true, maxPayload: 2 * MAX_MESSAGE_BYTES });
  const connections = new Set<Connection>();
  let closing = false;

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith('/realtime/')) return;
    if (url.pathname.replace(/\/+$/, '') !== SOCKET_PATH) {
      return refuseUpgrade(socket, 404, 'Not Found', { message: 'no WebSocket endpoint here; use /realtime/v1/websocket' });
    }
    if (closing) return refuseUpgrade(socket, 503, 'Service Unavailable', { message: 'server shutting down' });
    const header = request.headers.apikey;
    const apiKey = url.searchParams.get('apikey') ?? (typeof header === 'string' ? header : null);
    if (!apiKey) {
      return refuseUpgrade(socket, 401, 'Unauthorized', { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
    }
    if (apiKey !== context.keys.anonKey && apiKey !== context.keys.serviceRoleKey) {
      return refuseUpgrade(socket, 401, 'Unauthorized', { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
    }
    const vsn = url.searchParams.get('vsn') ?? '1.0.0';
    if (vsn !== '1.0.0' && vsn !== '2.0.0') {
      return refuseUpgrade(socket, 400, 'Bad Request', { message: `Unsupported serializer version ${vsn}; use 1.0.0 or 2.0.0` });
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      const connection = new Connection({ ws, vsn: vsn as Vsn, apiKey, keys: context.keys, db: context.db, hub, log: context.log });
      connections.add(connection);
      ws.on('close', () => connections.delete(connection));
      ws.on('error', (error) => context.log.warn(`realtime: socket error: ${error.message}`));
    });
  };
  app.server.on('upgrade', onUpgrade);

  const idleCheck = setInterval(() => {
    const limit = Date.now() - IDLE_LIMIT_MS;
    for (const connection of connections) if (connection.lastSeen < limit) connection.close(1000, 'heartbeat timeout');
  }, 15_000);
  idleCheck.unref();

  await app.register(async (scope) => {
    scope.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const authorised = (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.caller.jwtError) return true;
      void reply.code(401).send({ message: request.caller.jwtError.message });
      return false;
    };
    scope.post('/realtime/v1/api/broadcast', async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const messages = parseMessages(request.body);
      if (typeof messages === 'string') return reply.code(400).send({ message: messages });
      for (const m of messages) await hub.broadcast(null, channelTopic(m.topic), m.event, m.payload);
      return reply.code(202).send();
    });
    scope.post<{ Params: { topic: string; event: string } }>('/realtime/v1/api/broadcast/:topic/events/:event', async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      if ((request.query as Record<string, unknown>).private === 'true') {
        return reply.code(403).send({ message: 'private channels are not supported by this server' });
      }
      const body = request.body;
      const binary = Buffer.isBuffer(body) ? body : undefined;
      const size = binary ? binary.length : Buffer.byteLength(JSON.stringify(body ?? null));
      if (size > MAX_MESSAGE_BYTES) return reply.code(413).send({ message: `payload exceeds ${MAX_MESSAGE_BYTES} bytes` });
      await hub.broadcast(null, channelTopic(request.params.topic), request.params.event, binary ? null : (body ?? {}), binary);
      return reply.code(202).send();
    });
  });

  return async () => {
    closing = true;
    clearInterval(idleCheck);
    app.server.off('upgrade', onUpgrade);
    for (const connection of connections) connection.shutdown();
    await hub.stop();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  };
}
