import type { Database } from '../db/types.ts';
import type { Logger } from '../log.ts';
import type { Channel } from './channel.ts';
import { Catalog } from './catalog.ts';
import { PresenceStore, type PresenceDiff } from './presence.ts';
import { prepareChange, type Change } from './changes.ts';

export const NOTIFY_CHANNEL = 'modula_realtime';
const HEARTBEAT_MS = 10_000;
const PUBLICATION_POLL_MS = 5_000;

type Notice =
  | Change
  | { kind: 'ref'; id: number }
  | { kind: 'schema' }
  | { kind: 'session_ended'; session_id: string }
  | { kind: 'broadcast'; topic: string; event: string; payload: unknown; binary?: string; origin?: { node: string; connection: string }; self?: boolean }
  | { kind: 'presence'; topic: string; joins: PresenceDiff['joins']; leaves: PresenceDiff['leaves'] };

/**
 * This process's side of realtime: the joined channels, and the notifications every process on the
 * database receives (changes, broadcasts, presence, schema changes, revoked sessions). Deliveries
 * leave in the order the database committed them, although their checks run concurrently.
 */
export class Hub {
  readonly catalog: Catalog;
  readonly presence: PresenceStore;
  readonly nodeId: string;
  private readonly db: Database;
  private readonly log: Logger;
  private readonly byTopic = new Map<string, Set<Channel>>();
  /** postgres_changes subscribers per "schema.table" (or "schema.*"). */
  private readonly byTable = new Map<string, Set<Channel>>();
  private tail: Promise<void> = Promise.resolve();
  private timers: NodeJS.Timeout[] = [];
  private unlisten: (() => Promise<void>) | null = null;

  constructor(db: Database, log: Logger, nodeId: string) {
    this.db = db;
    this.log = log;
    this.nodeId = nodeId;
    this.catalog = new Catalog(db);
    this.presence = new PresenceStore(db, nodeId, (topic, diff) => this.publish({ kind: 'presence', topic, ...diff }));
  }

  async start(): Promise<void> {
    await this.presence.heartbeat();
    this.unlisten = await this.db.listen(NOTIFY_CHANNEL, (text) => this.receive(text));
    this.every(HEARTBEAT_MS, () => this.presence.heartbeat());
    const { rows } = await this.db.query<{ present: boolean }>(
      `select exists (select 1 from pg_event_trigger where evtname = 'modula_realtime_ddl') as present`,
    );
    if (!rows[0]?.present) {
      // Without the DDL event trigger (no superuser), watch the publication ourselves.
      this.log.warn('realtime: no DDL event trigger (database user is not a superuser); polling the publication');
      let last = '';
      this.every(PUBLICATION_POLL_MS, async () => {
        const result = await this.db.query<{ digest: string | null }>(
          `select md5(string_agg(schemaname || '.' || tablename, ',' order by schemaname, tablename)) as digest
             from pg_publication_tables where pubname = 'supabase_realtime'`,
        );
        const digest = result.rows[0]?.digest ?? '';
        if (digest !== last) {
          last = digest;
          await this.db.query('select _modula.realtime_sync()');
        } else {
          this.catalog.invalidate();
        }
      });
    }
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.unlisten?.();
    this.unlisten = null;
    await this.tail;
    await this.presence.shutdown().catch((error: unknown) => this.log.warn(`realtime: presence cleanup failed: ${String(error)}`));
  }

  private every(ms: number, task: () => Promise<void>): void {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      task()
        .catch((error: unknown) => this.log.warn(`realtime: periodic task failed: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => {
          running = false;
        });
    }, ms);
    timer.unref();
    this.timers.push(timer);
  }

  add(channel: Channel): void {
    let topicSet = this.byTopic.get(channel.topic);
    if (!topicSet) this.byTopic.set(channel.topic, (topicSet = new Set()));
    topicSet.add(channel);
    for (const binding of channel.bindings) {
      const key = `${binding.schema}.${binding.table}`;
      let set = this.byTable.get(key);
      if (!set) this.byTable.set(key, (set = new Set()));
      set.add(channel);
    }
  }

  remove(channel: Channel): void {
    const topicSet = this.byTopic.get(channel.topic);
    topicSet?.delete(channel);
    if (topicSet?.size === 0) this.byTopic.delete(channel.topic);
    for (const binding of channel.bindings) {
      const key = `${binding.schema}.${binding.table}`;
      const set = this.byTable.get(key);
      set?.delete(channel);
      if (set?.size === 0) this.byTable.delete(key);
    }
  }

  isActive(channel: Channel): boolean {
    return this.byTopic.get(channel.topic)?.has(channel) ?? false;
  }

  /** Sends a notice to every process (this one included) through the database. */
  async publish(notice: Notice): Promise<void> {
    await this.db.query('select _modula.realtime_send($1::jsonb)', [JSON.stringify(notice)]);
  }

  broadcast(from: Channel | null, topic: string, event: string, payload: unknown, binary?: Buffer): Promise<void> {
    return this.publish({
      kind: 'broadcast',
      topic,
      event,
      payload: binary ? null : payload,
      ...(binary ? { binary: binary.toString('base64') } : {}),
      ...(from ? { origin: { node: this.nodeId, connection: from.connectionId }, self: from.broadcastSelf } : {}),
    });
  }

  private receive(text: string): void {
    let notice: Notice;
    try {
      notice = JSON.parse(text) as Notice;
    } catch {
      this.log.warn('realtime: ignoring a notification that is not JSON');
      return;
    }
    // Applied at once, so the checks of later changes already see the new schema.
    if (notice.kind === 'schema') {
      this.catalog.invalidate();
      return;
    }
    const prepared = notice.kind === 'ref' ? this.fetchOverflow(notice.id).then((n) => this.prepare(n)) : this.prepare(notice);
    this.tail = this.tail
      .then(() => prepared)
      .then(
        (deliver) => deliver?.(),
        (error: unknown) => this.log.error(`realtime: delivery failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
      );
  }

  private async fetchOverflow(id: number): Promise<Notice | null> {
    const { rows } = await this.db.query<{ payload: Notice }>('select payload from _modula.realtime_overflow where id = $1', [id]);
    if (!rows[0]) this.log.warn(`realtime: overflow message ${id} was already purged`);
    return rows[0]?.payload ?? null;
  }

  private async prepare(notice: Notice | null): Promise<(() => void) | null> {
    if (!notice) return null;
    switch (notice.kind) {
      case 'change': {
        const candidates = new Set([...(this.byTable.get(`${notice.schema}.${notice.table}`) ?? []), ...(this.byTable.get(`${notice.schema}.*`) ?? [])]);
        if (candidates.size === 0) return null;
        const deliveries = await prepareChange(this.db, this.catalog, notice, candidates);
        return () => {
          for (const { channel, payload } of deliveries) if (this.isActive(channel)) channel.push('postgres_changes', payload);
        };
      }
      case 'broadcast':
        return () => this.deliverBroadcast(notice);
      case 'presence':
        return () => {
          for (const channel of this.byTopic.get(notice.topic) ?? []) channel.push('presence_diff', { joins: notice.joins, leaves: notice.leaves });
        };
      case 'session_ended':
        return () => {
          for (const set of this.byTopic.values()) {
            for (const channel of [...set]) {
              if (channel.identity.sessionId === notice.session_id) channel.stop('Token has been revoked: the session ended');
            }
          }
        };
      default:
        return null;
    }
  }

  private deliverBroadcast(notice: Extract<Notice, { kind: 'broadcast' }>): void {
    const bytes = notice.binary === undefined ? null : Buffer.from(notice.binary, 'base64');
    for (const channel of this.byTopic.get(notice.topic) ?? []) {
      const isSender = notice.origin?.node === this.nodeId && notice.origin.connection === channel.connectionId;
      if (isSender && !notice.self) continue;
      if (bytes) channel.pushBinaryBroadcast(notice.event, bytes);
      else channel.push('broadcast', { type: 'broadcast', event: notice.event, payload: notice.payload });
    }
  }
}
