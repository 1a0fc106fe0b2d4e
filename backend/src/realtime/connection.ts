import crypto from 'node:crypto';
import type { WebSocket } from 'ws';
import type { Keys } from '../keys.ts';
import type { Database } from '../db/types.ts';
import type { Logger } from '../log.ts';
import type { Binding, Channel, ChangeEvent } from './channel.ts';
import type { Hub } from './hub.ts';
import { identify, TokenError, type Identity } from './identity.ts';
import { parseFilter, FilterError } from './filters.ts';
import { decode, encode, encodeBinaryBroadcast, ProtocolError, type Message, type Vsn } from './protocol.ts';

const EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);
/** Largest broadcast or presence payload accepted, as on Supabase's free plan. */
export const MAX_MESSAGE_BYTES = 256 * 1024;
/** A client this far behind on reading is dropped rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface ConnectionOptions {
  ws: WebSocket;
  vsn: Vsn;
  /** The API key the socket connected with: the identity of joins without an access_token. */
  apiKey: string;
  keys: Keys;
  db: Database;
  hub: Hub;
  log: Logger;
}

interface JoinConfig {
  broadcast?: { ack?: unknown; self?: unknown };
  presence?: { key?: unknown; enabled?: unknown };
  postgres_changes?: unknown;
  private?: unknown;
}

/** Realtime's binding id: a stable integer for the binding's parameters. */
function bindingId(binding: Record<string, unknown>): number {
  const text = JSON.stringify([binding.event, binding.schema, binding.table ?? null, binding.filter ?? null]);
  return crypto.createHash('sha256').update(text).digest().readUInt32BE(0) & 0x7fffffff;
}

class JoinError extends Error {
  override name = 'JoinError';
}

function parseBindings(value: unknown): { bindings: Binding[]; echo: Record<string, unknown>[] } {
  if (value === undefined || value === null) return { bindings: [], echo: [] };
  if (!Array.isArray(value)) throw new JoinError('config.postgres_changes must be a list of bindings');
  const bindings: Binding[] = [];
  const echo: Record<string, unknown>[] = [];
  for (const raw of value) {
    if (typeof raw !== 'object' || raw === null) throw new JoinError('each postgres_changes binding must be an object');
    const b = raw as Record<string, unknown>;
    const event = typeof b.event === 'string' ? b.event.toUpperCase() : '';
    if (!EVENTS.has(event)) throw new JoinError(`postgres_changes event must be one of *, INSERT, UPDATE, DELETE (got ${String(b.event)})`);
    if (typeof b.schema !== 'string' || !b.schema) throw new JoinError('postgres_changes binding needs a schema');
    if (b.table !== undefined && b.table !== null && typeof b.table !== 'string') throw new JoinError('postgres_changes table must be a string');
    if (b.filter !== undefined && b.filter !== null && typeof b.filter !== 'string') throw new JoinError('postgres_changes filter must be a string');
    let filter = null;
    try {
      filter = typeof b.filter === 'string' && b.filter ? parseFilter(b.filter) : null;
    } catch (error) {
      throw new JoinError(error instanceof FilterError ? error.message : 'invalid filter');
    }
    const id = bindingId(b);
    bindings.push({ id, event: event as ChangeEvent, schema: b.schema, table: typeof b.table === 'string' && b.table ? b.table : '*', filter });
    echo.push({ ...b, id });
  }
  return { bindings, echo };
}

/** One WebSocket speaking the Phoenix channel protocol. */
export class Connection {
  readonly id = crypto.randomUUID();
  private readonly ws: WebSocket;
  private readonly vsn: Vsn;
  private readonly apiKey: string;
  private readonly keys: Keys;
  private readonly db: Database;
  private readonly hub: Hub;
  private readonly log: Logger;
  private readonly channels = new Map<string, Channel>();
  private readonly expiries = new Map<Channel, NodeJS.Timeout>();
  lastSeen = Date.now();

  constructor(options: ConnectionOptions) {
    this.ws = options.ws;
    this.vsn = options.vsn;
    this.apiKey = options.apiKey;
    this.keys = options.keys;
    this.db = options.db;
    this.hub = options.hub;
    this.log = options.log;
    // Frames of one connection are handled one after another, as a Phoenix channel process would.
    let queue = Promise.resolve();
    this.ws.on('message', (data, isBinary) => {
      this.lastSeen = Date.now();
      const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      queue = queue.then(() => this.handle(buffer, isBinary)).catch((error: unknown) => {
        this.log.error(`realtime: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      });
    });
    this.ws.on('close', () => {
      void queue.then(() => this.closeAll());
    });
  }

  private send(message: Message): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.log.warn('realtime: dropping a client that stopped reading');
      this.ws.terminate();
      return;
    }
    this.ws.send(encode(message, this.vsn));
  }

  private reply(message: Message, status: 'ok' | 'error', response: Record<string, unknown>): void {
    this.send({ joinRef: message.joinRef, ref: message.ref, topic: message.topic, event: 'phx_reply', payload: { status, response } });
  }

  private async handle(data: Buffer, isBinary: boolean): Promise<void> {
    let message: Message;
    try {
      message = decode(data, isBinary, this.vsn);
    } catch (error) {
      if (error instanceof ProtocolError) {
        this.log.warn(`realtime: closing a connection that sent a bad frame: ${error.message}`);
        this.ws.close(1003, error.message.slice(0, 120));
        return;
      }
      throw error;
    }
    if (message.topic === 'phoenix' && message.event === 'heartbeat') return this.reply(message, 'ok', {});
    const payload = (typeof message.payload === 'object' && message.payload !== null ? message.payload : {}) as Record<string, unknown>;
    if (message.event === 'phx_join') return this.join(message, payload);
    const channel = this.channels.get(message.topic);
    if (!channel) return this.reply(message, 'error', { reason: 'unmatched topic' });
    switch (message.event) {
      case 'phx_leave':
        this.reply(message, 'ok', {});
        await this.leave(channel);
        this.send({ joinRef: channel.joinRef, ref: channel.joinRef, topic: channel.topic, event: 'phx_close', payload: {} });
        return;
      case 'access_token':
        return this.swapToken(channel, payload.access_token);
      case 'broadcast':
        return this.broadcast(channel, message, payload);
      case 'presence':
        return this.presence(channel, message, payload);
      default:
        return this.reply(message, 'error', { reason: `unknown event "${message.event}"` });
    }
  }

  private async identityFor(token: unknown): Promise<Identity> {
    const jwt = typeof token === 'string' && token && !token.startsWith('sb_') ? token : this.apiKey;
    const identity = await identify(this.keys, jwt);
    if (identity.sessionId) {
      const { rows } = await this.db.query('select 1 from auth.sessions where id = $1', [identity.sessionId]);
      if (rows.length === 0) throw new TokenError('InvalidJWTToken: the session of this token has ended');
    }
    return identity;
  }

  private async join(message: Message, payload: Record<string, unknown>): Promise<void> {
    const config = (typeof payload.config === 'object' && payload.config !== null ? payload.config : {}) as JoinConfig;
    const subTopic = message.topic.replace(/^realtime:/i, '');
    let identity: Identity;
    let parsed: ReturnType<typeof parseBindings>;
    try {
      if (!message.topic.startsWith('realtime:')) throw new JoinError(`topic "${message.topic}" must start with "realtime:"`);
      if (config.private === true) {
        throw new JoinError('Unauthorized: private channels are not supported by this server; use a public channel');
      }
      identity = await this.identityFor(payload.access_token);
      parsed = parseBindings(config.postgres_changes);
    } catch (error) {
      if (error instanceof TokenError || error instanceof JoinError) return this.reply(message, 'error', { reason: error.message });
      throw error;
    }
    const previous = this.channels.get(message.topic);
    if (previous) {
      await this.leave(previous);
      this.send({ joinRef: previous.joinRef, ref: previous.joinRef, topic: previous.topic, event: 'phx_close', payload: {} });
    }
    const joinRef = message.joinRef ?? message.ref ?? '';
    const presenceKey = typeof config.presence?.key === 'string' && config.presence.key ? config.presence.key : crypto.randomUUID();
    const channel: Channel = {
      connectionId: this.id,
      topic: message.topic,
      joinRef,
      identity,
      bindings: parsed.bindings,
      broadcastSelf: config.broadcast?.self === true,
      broadcastAck: config.broadcast?.ack === true,
      presenceKey,
      push: (event, body) => this.send({ joinRef, ref: null, topic: message.topic, event, payload: body }),
      pushBinaryBroadcast: (event, bytes) => {
        if (this.vsn === '2.0.0') {
          if (this.ws.readyState === this.ws.OPEN) this.ws.send(encodeBinaryBroadcast(message.topic, event, bytes));
        } else {
          channel.push('broadcast', { type: 'broadcast', event, payload: { binary: bytes.toString('base64') } });
        }
      },
      stop: (reason) => void this.stop(channel, reason),
    };
    this.channels.set(message.topic, channel);
    this.hub.add(channel);
    this.scheduleExpiry(channel);
    this.reply(message, 'ok', { postgres_changes: parsed.echo });

    if (parsed.bindings.length > 0) {
      const missing: string[] = [];
      for (const binding of parsed.bindings) {
        if (!(await this.hub.catalog.isPublished(binding.schema, binding.table))) missing.push(`${binding.schema}.${binding.table}`);
        else if (binding.filter && binding.table !== '*') {
          const info = await this.hub.catalog.table(binding.schema, binding.table);
          if (info && !info.columnTypes.has(binding.filter.column)) missing.push(`${binding.schema}.${binding.table}.${binding.filter.column}`);
        }
      }
      channel.push(
        'system',
        missing.length === 0
          ? { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: subTopic }
          : {
              extension: 'postgres_changes',
              status: 'error',
              message: `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${missing.join(', ')} (not in publication supabase_realtime, or no such column)`,
              channel: subTopic,
            },
      );
    }
    if (config.presence?.enabled === true) channel.push('presence_state', await this.hub.presence.state(message.topic));
  }

  private scheduleExpiry(channel: Channel): void {
    clearTimeout(this.expiries.get(channel));
    const ms = channel.identity.exp * 1000 - Date.now();
    const timer = setTimeout(() => {
      const now = Date.now() / 1000;
      if (channel.identity.exp <= now) void this.stop(channel, `Token has expired ${Math.floor(now - channel.identity.exp)} seconds ago`);
      else this.scheduleExpiry(channel);
    }, Math.max(0, Math.min(ms, MAX_TIMER_MS)));
    timer.unref();
    this.expiries.set(channel, timer);
  }

  private async swapToken(channel: Channel, token: unknown): Promise<void> {
    try {
      channel.identity = await this.identityFor(token);
    } catch (error) {
      if (error instanceof TokenError) return this.stop(channel, error.message);
      throw error;
    }
    this.scheduleExpiry(channel);
  }

  /** Ends a channel with a system error, as Realtime does when its token expires or is revoked. */
  private async stop(channel: Channel, reason: string): Promise<void> {
    if (this.channels.get(channel.topic) !== channel) return;
    channel.push('system', { extension: 'system', status: 'error', message: reason, channel: channel.topic.replace(/^realtime:/i, '') });
    await this.leave(channel);
    this.send({ joinRef: channel.joinRef, ref: channel.joinRef, topic: channel.topic, event: 'phx_close', payload: {} });
  }

  private async leave(channel: Channel): Promise<void> {
    clearTimeout(this.expiries.get(channel));
    this.expiries.delete(channel);
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
    this.hub.remove(channel);
    await this.hub.presence.untrack(channel.topic, this.id).catch((error: unknown) => this.log.warn(`realtime: untrack failed: ${String(error)}`));
  }

  private async broadcast(channel: Channel, message: Message, payload: Record<string, unknown>): Promise<void> {
    if (typeof payload.event !== 'string' || !payload.event) {
      return this.reply(message, 'error', { reason: 'a broadcast needs an event name' });
    }
    const binary = payload.binary === true && typeof payload.payload === 'string' ? Buffer.from(payload.payload, 'base64') : undefined;
    const size = binary ? binary.length : Buffer.byteLength(JSON.stringify(payload.payload ?? null));
    if (size > MAX_MESSAGE_BYTES) {
      return this.reply(message, 'error', { reason: `broadcast payload is ${size} bytes; the limit is ${MAX_MESSAGE_BYTES}` });
    }
    await this.hub.broadcast(channel, channel.topic, payload.event, payload.payload ?? {}, binary);
    if (channel.broadcastAck && message.ref) this.reply(message, 'ok', {});
  }

  private async presence(channel: Channel, message: Message, payload: Record<string, unknown>): Promise<void> {
    if (payload.event === 'track') {
      const meta = typeof payload.payload === 'object' && payload.payload !== null && !Array.isArray(payload.payload) ? (payload.payload as Record<string, unknown>) : {};
      if (Buffer.byteLength(JSON.stringify(meta)) > MAX_MESSAGE_BYTES) {
        return this.reply(message, 'error', { reason: `presence payload exceeds ${MAX_MESSAGE_BYTES} bytes` });
      }
      await this.hub.presence.track(channel.topic, this.id, channel.presenceKey, meta);
      return this.reply(message, 'ok', {});
    }
    if (payload.event === 'untrack') {
      await this.hub.presence.untrack(channel.topic, this.id);
      return this.reply(message, 'ok', {});
    }
    return this.reply(message, 'error', { reason: 'presence event must be track or untrack' });
  }

  private async closeAll(): Promise<void> {
    for (const channel of [...this.channels.values()]) await this.leave(channel);
  }

  /** Closes the socket; the client reconnects (Phoenix treats any close but a clean 1000 as transient). */
  close(code: number, reason: string): void {
    this.ws.close(code, reason);
    setTimeout(() => this.ws.terminate(), 1000).unref();
  }

  /** Server shutdown: channels leave the hub now; their presences go with the process's. */
  shutdown(): void {
    for (const channel of this.channels.values()) {
      clearTimeout(this.expiries.get(channel));
      this.hub.remove(channel);
    }
    this.expiries.clear();
    this.channels.clear();
    this.close(1001, 'server shutting down');
  }
}
