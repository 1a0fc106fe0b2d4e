import crypto from 'node:crypto';
import { createClient, type RealtimeChannel, type RealtimePostgresChangesPayload, type SupabaseClient } from '@supabase/supabase-js';
import type { TestServer } from '../helpers/server.ts';

/** A test table in the realtime publication: each user sees only their own rows (RLS). */
export const SCHEMA_SQL = `
  create table if not exists public.rt_items (
    id bigint generated always as identity primary key,
    user_id uuid not null,
    body text not null default '',
    n int,
    tags text[],
    meta jsonb,
    created_at timestamptz not null default now()
  );
  alter table public.rt_items enable row level security;
  alter table public.rt_items replica identity full;
  drop policy if exists rt_items_own on public.rt_items;
  create policy rt_items_own on public.rt_items for select to authenticated using (user_id = auth.uid());
  grant select on public.rt_items to authenticated;

  -- Published, but authenticated has no privilege on it at all.
  create table if not exists public.rt_secret (id bigint generated always as identity primary key, note text);
  alter table public.rt_secret enable row level security;

  -- Published, readable by everyone, no RLS: old rows travel whole (REPLICA IDENTITY FULL).
  create table if not exists public.rt_open (id int primary key, label text, owner uuid);
  alter table public.rt_open replica identity full;
  grant select on public.rt_open to anon, authenticated;

  alter publication supabase_realtime add table public.rt_items, public.rt_secret, public.rt_open;
`;

export interface TestUser {
  id: string;
  token: string;
}

/** Signs a user access token the way /auth/v1 does (until then, tests mint their own). */
export async function user(t: TestServer, seconds = 3600, extra: Record<string, unknown> = {}): Promise<TestUser> {
  const id = crypto.randomUUID();
  const token = await t.server.context.keys.sign({ sub: id, role: 'authenticated', aud: 'authenticated', ...extra }, seconds);
  return { id, token };
}

/** A browser-like client whose realtime connection uses the token getToken() returns. */
export async function realtimeClient(t: TestServer, getToken: () => string): Promise<SupabaseClient> {
  const client = createClient(t.url, t.anonKey, {
    accessToken: async () => getToken(),
    realtime: { params: { log_level: 'error' } },
  });
  // supabase-js hands the token to realtime asynchronously; a join built before that would carry
  // none (the anon key), exactly as in a browser that subscribes before its session loaded.
  await client.realtime.setAuth();
  return client;
}

export interface Received {
  events: RealtimePostgresChangesPayload<Record<string, unknown>>[];
  system: Record<string, unknown>[];
  statuses: string[];
  channel: RealtimeChannel;
}

type Binding = { event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; table: string; filter?: string; schema?: string };

/**
 * Subscribes one channel to postgres_changes (one binding, or several: a negative assertion's
 * positive control can then come through another table on the same channel) and resolves once the
 * server confirmed the join.
 */
export async function subscribe(client: SupabaseClient, topic: string, bindings: Binding | Binding[]): Promise<Received> {
  const received: Received = { events: [], system: [], statuses: [], channel: client.channel(topic) };
  for (const binding of Array.isArray(bindings) ? bindings : [bindings]) {
    received.channel.on('postgres_changes', { schema: 'public', ...binding } as never, (payload: RealtimePostgresChangesPayload<Record<string, unknown>>) => {
      received.events.push(payload);
    });
  }
  received.channel
    .on('system', {}, (payload: Record<string, unknown>) => {
      received.system.push(payload);
    });
  await new Promise<void>((resolve, reject) => {
    received.channel.subscribe((status, error) => {
      received.statuses.push(status);
      if (status === 'SUBSCRIBED') resolve();
      if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    });
  });
  return received;
}

/** Waits until check() passes, or fails after timeoutMs. */
export async function waitFor(check: () => boolean, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

/**
 * A round trip on the client's socket: a throwaway join, answered (accepted or refused) only after
 * the server handled every frame the client sent before it, and received only after every frame the
 * server sent before the answer. So after it, a token swap has taken effect, and anything the server
 * sent this socket earlier has arrived.
 */
export async function roundTrip(client: SupabaseClient): Promise<void> {
  const channel = client.channel(`round-trip:${crypto.randomUUID()}`);
  await new Promise<void>((resolve) => {
    channel.subscribe((status) => {
      if (status === 'SUBSCRIBED' || status === 'CHANNEL_ERROR' || status === 'TIMED_OUT' || status === 'CLOSED') resolve();
    });
  });
  await client.removeChannel(channel);
}

/**
 * The positive control after a negative assertion ("receives nothing"). Changes reach subscribers in
 * commit order, each socket in order: once a change made after the unwanted one has arrived at
 * `witness`, and a round trip on each of `sockets` has completed, anything sent about the unwanted
 * change has arrived too. Fails when the feed is dead, so "nothing arrived" means something.
 */
export async function control(witness: Received, change: () => Promise<unknown>, arrived: (event: Received['events'][number]) => boolean, sockets: SupabaseClient[] = []): Promise<void> {
  await change();
  await waitFor(() => witness.events.some(arrived), 2000, 'the positive control');
  for (const client of sockets) await roundTrip(client);
}

export async function closeClients(...clients: SupabaseClient[]): Promise<void> {
  for (const client of clients) await client.removeAllChannels();
}
