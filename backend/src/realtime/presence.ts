import crypto from 'node:crypto';
import type { Database } from '../db/types.ts';

/** Phoenix presence state: key -> {metas: [{phx_ref, ...tracked payload}]}. */
export type PresenceState = Record<string, { metas: Record<string, unknown>[] }>;

export interface PresenceDiff {
  joins: PresenceState;
  leaves: PresenceState;
}

interface Row {
  topic: string;
  key: string;
  ref: string;
  meta: Record<string, unknown>;
}

function group(rows: Row[]): PresenceState {
  const state: PresenceState = {};
  for (const row of rows) {
    const entry = (state[row.key] ??= { metas: [] });
    entry.metas.push({ ...row.meta, phx_ref: row.ref });
  }
  return state;
}

function byTopic(rows: Row[]): Map<string, Row[]> {
  const topics = new Map<string, Row[]>();
  for (const row of rows) {
    const list = topics.get(row.topic) ?? [];
    list.push(row);
    topics.set(row.topic, list);
  }
  return topics;
}

/** How long a process may miss its heartbeat before the others clear its presences. */
export const NODE_TIMEOUT_SECONDS = 30;

/**
 * Presence kept in the database, so clients on different backend processes see each other. Each
 * change is announced as a presence_diff through the realtime notification channel.
 */
export class PresenceStore {
  private readonly db: Database;
  private readonly nodeId: string;
  private readonly announce: (topic: string, diff: PresenceDiff) => Promise<void>;

  constructor(db: Database, nodeId: string, announce: (topic: string, diff: PresenceDiff) => Promise<void>) {
    this.db = db;
    this.nodeId = nodeId;
    this.announce = announce;
  }

  async state(topic: string): Promise<PresenceState> {
    const { rows } = await this.db.query<Row>(
      'select topic, key, ref, meta from _modula.realtime_presence where topic = $1 order by ref',
      [topic],
    );
    return group(rows);
  }

  /** Tracks (or re-tracks, replacing the previous meta) one connection's presence on a topic. */
  async track(topic: string, connectionId: string, key: string, meta: Record<string, unknown>): Promise<void> {
    const ref = crypto.randomBytes(9).toString('base64url');
    const { left, joined } = await this.db.transaction(async (tx) => {
      const removed = await tx.query<Row>(
        'delete from _modula.realtime_presence where topic = $1 and connection_id = $2 returning topic, key, ref, meta',
        [topic, connectionId],
      );
      await tx.query(
        'insert into _modula.realtime_presence (topic, ref, key, meta, node_id, connection_id) values ($1, $2, $3, $4::jsonb, $5, $6)',
        [topic, ref, key, JSON.stringify(meta), this.nodeId, connectionId],
      );
      return { left: removed.rows, joined: [{ topic, key, ref, meta }] };
    });
    await this.announce(topic, { joins: group(joined), leaves: group(left) });
  }

  async untrack(topic: string, connectionId: string): Promise<void> {
    const { rows } = await this.db.query<Row>(
      'delete from _modula.realtime_presence where topic = $1 and connection_id = $2 returning topic, key, ref, meta',
      [topic, connectionId],
    );
    if (rows.length) await this.announce(topic, { joins: {}, leaves: group(rows) });
  }

  /** Marks this process alive and clears presences of processes that stopped (crash, kill -9). */
  async heartbeat(): Promise<void> {
    await this.db.query(
      'insert into _modula.realtime_nodes (id, seen_at) values ($1, now()) on conflict (id) do update set seen_at = now()',
      [this.nodeId],
    );
    const { rows } = await this.db.query<Row>(
      `with dead as (
         delete from _modula.realtime_nodes where seen_at < now() - make_interval(secs => $1) returning id
       )
       delete from _modula.realtime_presence p
        where p.node_id in (select id from dead)
           or not exists (select 1 from _modula.realtime_nodes n where n.id = p.node_id)
       returning p.topic, p.key, p.ref, p.meta`,
      [NODE_TIMEOUT_SECONDS],
    );
    await this.announceLeaves(rows);
  }

  /** Clears this process's presences when it stops. */
  async shutdown(): Promise<void> {
    const { rows } = await this.db.query<Row>(
      'delete from _modula.realtime_presence where node_id = $1 returning topic, key, ref, meta',
      [this.nodeId],
    );
    await this.db.query('delete from _modula.realtime_nodes where id = $1', [this.nodeId]);
    await this.announceLeaves(rows);
  }

  private async announceLeaves(rows: Row[]): Promise<void> {
    for (const [topic, list] of byTopic(rows)) await this.announce(topic, { joins: {}, leaves: group(list) });
  }
}
