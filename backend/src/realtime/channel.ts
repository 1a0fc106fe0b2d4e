import type { Filter } from './filters.ts';
import type { Identity } from './identity.ts';

export type ChangeEvent = '*' | 'INSERT' | 'UPDATE' | 'DELETE';

/** One postgres_changes binding of a joined channel. */
export interface Binding {
  id: number;
  event: ChangeEvent;
  schema: string;
  /** '*' for every published table of the schema. */
  table: string;
  filter: Filter | null;
}

/** A channel one connection joined: what the hub needs to deliver to it. */
export interface Channel {
  readonly connectionId: string;
  readonly topic: string;
  readonly joinRef: string;
  identity: Identity;
  readonly bindings: Binding[];
  readonly broadcastSelf: boolean;
  readonly broadcastAck: boolean;
  presenceKey: string;
  /** Pushes [join_ref, null, topic, event, payload] to the client. */
  push(event: string, payload: unknown): void;
  /** Pushes a binary user broadcast (2.0.0 clients; JSON-encoded for 1.0.0). */
  pushBinaryBroadcast(event: string, bytes: Buffer): void;
  /** Stops the channel with a system error (expired or revoked token). */
  stop(message: string): void;
}
