import type { Database } from '../db/types.ts';
import type { Channel } from './channel.ts';
import type { Catalog, TableInfo } from './catalog.ts';
import { matches } from './filters.ts';
import type { Identity } from './identity.ts';

/** A row change as the capture trigger announces it. */
export interface Change {
  kind: 'change';
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  commit_timestamp: string;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
}

export interface Delivery {
  channel: Channel;
  payload: { ids: number[]; data: Record<string, unknown> };
}

const pick = (record: Record<string, unknown>, columns: string[]) =>
  Object.fromEntries(columns.filter((c) => c in record).map((c) => [c, record[c]]));

/** The old row as logical replication would carry it: its replica identity only. */
function identityOf(info: TableInfo, old: Record<string, unknown>): Record<string, unknown> {
  if (info.replicaIdentity === 'f') return old;
  if (info.replicaIdentity === 'n') return {};
  return pick(old, info.primaryKey);
}

/**
 * Which identities may SELECT the changed row, as it was: one database round trip for all the
 * distinct identities subscribed, each evaluated under its own role and claims (row-level security).
 */
async function visibleTo(db: Database, catalog: Catalog, info: TableInfo, row: Record<string, unknown>, identities: Identity[]): Promise<Set<string>> {
  const visible = new Set<string>();
  const checks: { identity: Identity; sql: string }[] = [];
  for (const identity of identities) {
    // service_role bypasses RLS, and without RLS the table privilege decides.
    if (identity.role === 'service_role' || !info.rowSecurity) {
      if (await catalog.canSelect(identity.role, info.regclass)) visible.add(identity.key);
      continue;
    }
    const sql = await catalog.rowCheck(identity.role, info);
    if (sql) checks.push({ identity, sql });
  }
  if (checks.length === 0) return visible;
  // One statement is its own transaction, so the function's transaction-local role switches end with it.
  const { rows } = await db.query<{ visible: number[] | null }>('select _modula.realtime_visible($1::jsonb, $2::jsonb) as visible', [
    JSON.stringify(row),
    JSON.stringify(checks.map(({ identity, sql }) => ({ role: identity.role, claims: JSON.stringify({ ...identity.claims, role: identity.role }), sql }))),
  ]);
  for (const index of rows[0]?.visible ?? []) {
    const check = checks[index];
    if (check) visible.add(check.identity.key);
  }
  return visible;
}

/** Works out who receives one change, and with which payload (section 3.3 of the wire spec). */
export async function prepareChange(db: Database, catalog: Catalog, change: Change, candidates: Iterable<Channel>): Promise<Delivery[]> {
  const info = await catalog.table(change.schema, change.table);
  if (!info) return [];
  const now = Date.now() / 1000;
  const oldIdentity = change.old_record ? identityOf(info, change.old_record) : null;
  const filterRow = change.type === 'DELETE' ? (oldIdentity ?? {}) : (change.record ?? {});

  const matched = new Map<Channel, number[]>();
  for (const channel of candidates) {
    if (channel.identity.exp <= now) {
      channel.stop(`Token has expired ${Math.floor(now - channel.identity.exp)} seconds ago`);
      continue;
    }
    for (const binding of channel.bindings) {
      if (binding.schema !== change.schema || (binding.table !== '*' && binding.table !== change.table)) continue;
      if (binding.event !== '*' && binding.event !== change.type) continue;
      if (binding.filter && !matches(binding.filter, filterRow, info.columnTypes.get(binding.filter.column) ?? 'text')) continue;
      const ids = matched.get(channel) ?? [];
      ids.push(binding.id);
      matched.set(channel, ids);
    }
  }
  if (matched.size === 0) return [];

  const identities = new Map<string, Identity>();
  for (const channel of matched.keys()) identities.set(channel.identity.key, channel.identity);

  const data: Record<string, unknown> = {
    schema: change.schema,
    table: change.table,
    commit_timestamp: change.commit_timestamp,
    type: change.type,
    columns: info.columns,
    errors: null,
  };
  let visible: Set<string>;
  if (change.type === 'DELETE') {
    // Supabase Realtime skips RLS for DELETE, so every subscriber of a table learned every removal
    // (issue 13, item 14: another user's favourite, {user_id, listing_id}). Here a delete reaches
    // only those who could read the row before it went: the whole old row, as the capture trigger
    // sent it, is checked against the table's read policies under each subscriber's role and claims,
    // as an insert is. With RLS on, what they get is still only the primary key.
    visible = await visibleTo(db, catalog, info, change.old_record ?? {}, [...identities.values()]);
    data.old_record = info.rowSecurity ? pick(oldIdentity ?? {}, info.primaryKey) : oldIdentity;
  } else {
    visible = await visibleTo(db, catalog, info, change.record ?? {}, [...identities.values()]);
    data.record = change.record;
    if (change.type === 'UPDATE') data.old_record = info.rowSecurity ? pick(oldIdentity ?? {}, info.primaryKey) : oldIdentity;
  }

  const deliveries: Delivery[] = [];
  for (const [channel, ids] of matched) {
    if (visible.has(channel.identity.key)) deliveries.push({ channel, payload: { ids, data } });
  }
  return deliveries;
}
