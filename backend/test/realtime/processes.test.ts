import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createClient, type RealtimeChannel } from '@supabase/supabase-js';
import { POSTGRES_ADMIN_URL, startTestServer, testDatabases, type TestDatabase, type TestServer } from '../helpers/server.ts';
import { SCHEMA_SQL, closeClients, realtimeClient, subscribe, user, waitFor } from './helpers.ts';

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** One data dir (keys) and, on PostgreSQL, one database, shared by the servers a test starts. */
async function sharedStorage(database: TestDatabase) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-rt-'));
  const postgresDatabase = database === 'postgres' ? `modula_test_${crypto.randomBytes(6).toString('hex')}` : undefined;
  if (postgresDatabase) await admin(`create database ${postgresDatabase}`);
  return {
    start: (port = '0') => startTestServer({ database, dataDir, postgresDatabase, env: { PORT: port } }),
    async dispose() {
      if (postgresDatabase) await admin(`drop database if exists ${postgresDatabase} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const joined = (channel: RealtimeChannel) =>
  new Promise<void>((resolve, reject) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR') reject(error ?? new Error(status));
    }),
  );

for (const database of await testDatabases()) {
  describe(`realtime across a backend restart on ${database}`, () => {
    const servers: TestServer[] = [];
    let storage: Awaited<ReturnType<typeof sharedStorage>>;
    after(async () => {
      for (const s of servers) await s.close();
      await storage?.dispose();
    });

    it('resumes delivery after the backend restarts', { timeout: 60_000 }, async () => {
      storage = await sharedStorage(database);
      const first = await storage.start();
      servers.push(first);
      await first.server.context.db.exec(SCHEMA_SQL);
      const b = await user(first);
      const client = await realtimeClient(first, () => b.token);
      try {
        const sub = await subscribe(client, 'restart', { event: 'INSERT', table: 'rt_items', filter: `user_id=eq.${b.id}` });
        const port = new URL(first.url).port;
        await first.close();
        servers.pop();
        const second = await storage.start(port);
        servers.push(second);
        await waitFor(() => sub.statuses.filter((s) => s === 'SUBSCRIBED').length >= 2, 30_000, 'the client to rejoin');
        await second.server.context.db.query('insert into public.rt_items (user_id, body) values ($1, $2)', [b.id, 'after restart']);
        await waitFor(() => sub.events.length === 1, 1000, 'the insert after the restart');
        assert.equal((sub.events[0]!.new as { body: string }).body, 'after restart');
      } finally {
        await closeClients(client);
      }
    });
  });
}

if ((await testDatabases()).includes('postgres')) {
  describe('realtime with two backend processes on one PostgreSQL', () => {
    const servers: TestServer[] = [];
    let storage: Awaited<ReturnType<typeof sharedStorage>>;
    after(async () => {
      for (const s of servers) await s.close();
      await storage?.dispose();
    });

    it('delivers changes, broadcasts and presence made through one process to clients of the other', { timeout: 60_000 }, async () => {
      storage = await sharedStorage('postgres');
      const one = await storage.start();
      servers.push(one);
      const two = await storage.start();
      servers.push(two);
      await one.server.context.db.exec(SCHEMA_SQL);
      const b = await user(one);
      const onTwo = await realtimeClient(two, () => b.token);
      const plainOne = createClient(one.url, one.anonKey, { auth: { persistSession: false } });
      const plainTwo = createClient(two.url, two.anonKey, { auth: { persistSession: false } });
      try {
        const sub = await subscribe(onTwo, 'cross', { event: 'INSERT', table: 'rt_items', filter: `user_id=eq.${b.id}` });
        await one.server.context.db.query('insert into public.rt_items (user_id, body) values ($1, $2)', [b.id, 'via one']);
        await waitFor(() => sub.events.length === 1, 1000, 'the change made through the other process');

        const sender = plainOne.channel('room', { config: { presence: { key: 'sender' } } });
        const receiver = plainTwo.channel('room', { config: { presence: { key: 'receiver' } } });
        const got: unknown[] = [];
        receiver.on('broadcast', { event: 'ping' }, (m) => got.push(m.payload));
        receiver.on('presence', { event: 'sync' }, () => undefined);
        sender.on('presence', { event: 'sync' }, () => undefined);
        await Promise.all([joined(sender), joined(receiver)]);
        await sender.send({ type: 'broadcast', event: 'ping', payload: { from: 'one' } });
        await sender.track({ online: true });
        await waitFor(() => got.length === 1 && 'sender' in receiver.presenceState(), 2000, 'broadcast and presence across processes');
        // A process that stops takes its presences with it, for the clients of the others too.
        await one.close();
        servers.splice(servers.indexOf(one), 1);
        await waitFor(() => !('sender' in receiver.presenceState()), 3000, 'the stopped process\'s presence to leave');
      } finally {
        await closeClients(onTwo, plainOne, plainTwo);
      }
    });
  });
}
