import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { SCHEMA_SQL, closeClients, control, realtimeClient, roundTrip, subscribe, user, waitFor, type TestUser } from './helpers.ts';

for (const database of await testDatabases()) {
  describe(`realtime tokens on ${database}`, () => {
    let t: TestServer;
    let a: TestUser;
    let b: TestUser;
    before(async () => {
      t = await startTestServer({ database });
      await t.server.context.db.exec(SCHEMA_SQL);
      a = await user(t);
      b = await user(t);
    });
    after(() => t.close());

    const insertItem = (owner: string, body: string) =>
      t.server.context.db.query('insert into public.rt_items (user_id, body) values ($1, $2)', [owner, body]);
    const bodies = (sub: { events: { new: unknown }[] }) => sub.events.map((e) => (e.new as { body: string }).body);

    /**
     * The positive control for a channel the server closed: another socket, watching the same rows
     * with a token that still works, receives a row inserted after the one the closed channel must
     * not get; a round trip then flushes the closed channel's socket.
     */
    async function controlAfterClose(closed: SupabaseClient, owner: string): Promise<void> {
      const token = await t.server.context.keys.sign({ sub: owner, role: 'authenticated', aud: 'authenticated' }, 3600);
      const watcherClient = await realtimeClient(t, () => token);
      try {
        const watcher = await subscribe(watcherClient, `watch:${crypto.randomUUID()}`, { event: 'INSERT', table: 'rt_items', filter: `user_id=eq.${owner}` });
        await control(watcher, () => insertItem(owner, 'control'), (e) => (e.new as { body: string }).body === 'control', [closed]);
      } finally {
        await closeClients(watcherClient);
      }
    }

    it('swaps the token mid-connection: deliveries follow the new identity', async () => {
      let token = a.token;
      const client = await realtimeClient(t, () => token);
      try {
        const sub = await subscribe(client, 'swap', { event: 'INSERT', table: 'rt_items' });
        await insertItem(a.id, 'a-1');
        await waitFor(() => sub.events.length === 1, 1000, "A's row");
        token = b.token;
        await client.realtime.setAuth();
        // The server handles a socket's frames in order: after a round trip the swap has taken effect.
        await roundTrip(client);
        await insertItem(a.id, 'a-2');
        // B's row, committed after A's, is the control: A's would have arrived first.
        await insertItem(b.id, 'b-1');
        await waitFor(() => sub.events.length === 2, 1000, "B's row after the swap");
        assert.deepEqual(bodies(sub), ['a-1', 'b-1']);
        assert.deepEqual(sub.statuses, ['SUBSCRIBED']);
      } finally {
        await closeClients(client);
      }
    });

    it('stops the channel with a system error when the token expires', async () => {
      const shortLived = await t.server.context.keys.sign({ sub: a.id, role: 'authenticated', aud: 'authenticated' }, 2);
      const client = await realtimeClient(t, () => shortLived);
      try {
        const sub = await subscribe(client, 'expiring', { event: 'INSERT', table: 'rt_items', filter: `user_id=eq.${a.id}` });
        await waitFor(() => sub.statuses.includes('CLOSED'), 4000, 'the channel to close');
        const error = sub.system.find((m) => m.status === 'error');
        assert.match(String(error?.message), /Token has expired/);
        await insertItem(a.id, 'too late');
        await controlAfterClose(client, a.id);
        assert.equal(sub.events.length, 0);
      } finally {
        await closeClients(client);
      }
    });

    it('refuses a join with an expired or forged token, with Realtime\'s reason', async () => {
      const expired = await t.server.context.keys.sign({ sub: a.id, role: 'authenticated' }, -10);
      const client = await realtimeClient(t, () => expired);
      try {
        await assert.rejects(subscribe(client, 'expired', { event: '*', table: 'rt_items' }), /Token has expired \d+ seconds ago/);
      } finally {
        await closeClients(client);
      }
      const [header, , signature] = a.token.split('.');
      const forgedBody = Buffer.from(JSON.stringify({ sub: b.id, role: 'service_role', exp: 4e9 })).toString('base64url');
      const forged = await realtimeClient(t, () => `${header}.${forgedBody}.${signature}`);
      try {
        await assert.rejects(subscribe(forged, 'forged', { event: '*', table: 'rt_items' }), /InvalidJWTToken/);
      } finally {
        await closeClients(forged);
      }
    });

    it('closes the channel when a swapped-in token is invalid', async () => {
      let token = a.token;
      const client = await realtimeClient(t, () => token);
      try {
        const sub = await subscribe(client, 'bad-swap', { event: 'INSERT', table: 'rt_items' });
        token = await t.server.context.keys.sign({ sub: a.id, role: 'authenticated' }, -5);
        await client.realtime.setAuth();
        await waitFor(() => sub.statuses.includes('CLOSED'), 2000, 'the channel to close');
        await insertItem(a.id, 'after bad swap');
        await controlAfterClose(client, a.id);
        assert.equal(sub.events.length, 0);
      } finally {
        await closeClients(client);
      }
    });

    it('follows a real Auth session: delivery stops when the user signs out everywhere', async () => {
      const email = `rt-session-${Date.now()}@example.com`;
      const password = 'Kx9!mPq2#Lw7-Tz';
      const created = await t.admin().auth.admin.createUser({ email, password, email_confirm: true });
      assert.equal(created.error, null);
      const userId = created.data.user!.id;
      const browser = createClient(t.url, t.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
      const phone = createClient(t.url, t.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
      try {
        assert.equal((await browser.auth.signInWithPassword({ email, password })).error, null);
        assert.equal((await phone.auth.signInWithPassword({ email, password })).error, null);
        await browser.realtime.setAuth();
        const sub = await subscribe(browser, 'real-session', { event: 'INSERT', table: 'rt_items', filter: `user_id=eq.${userId}` });
        await insertItem(userId, 'signed in');
        await waitFor(() => sub.events.length === 1, 1000, 'the first row');
        assert.equal((await phone.auth.signOut({ scope: 'global' })).error, null);
        await waitFor(() => sub.statuses.includes('CLOSED'), 2000, 'the channel to close');
        await insertItem(userId, 'signed out');
        await controlAfterClose(browser, userId);
        assert.equal(sub.events.length, 1);
      } finally {
        await closeClients(browser, phone);
      }
    });

    it('stops delivery when the token\'s session is revoked', async () => {
      const db = t.server.context.db;
      const userId = crypto.randomUUID();
      const sessionId = crypto.randomUUID();
      await db.query(`insert into auth.users (id, email, aud, role, created_at, updated_at) values ($1, $2, 'authenticated', 'authenticated', now(), now())`, [
        userId,
        `rt-${userId}@example.com`,
      ]);
      await db.query('insert into auth.sessions (id, user_id, created_at, updated_at) values ($1, $2, now(), now())', [sessionId, userId]);
      const token = await t.server.context.keys.sign({ sub: userId, role: 'authenticated', session_id: sessionId }, 3600);
      const client = await realtimeClient(t, () => token);
      try {
        const sub = await subscribe(client, 'session', { event: 'INSERT', table: 'rt_items', filter: `user_id=eq.${userId}` });
        await insertItem(userId, 'while signed in');
        await waitFor(() => sub.events.length === 1, 1000, 'the first row');
        await db.query('delete from auth.sessions where id = $1', [sessionId]);
        await waitFor(() => sub.statuses.includes('CLOSED'), 2000, 'the channel to close');
        assert.match(String(sub.system.find((m) => m.status === 'error')?.message), /revoked/);
        await insertItem(userId, 'after sign-out');
        await controlAfterClose(client, userId);
        assert.equal(sub.events.length, 1);
        // A join with the revoked token is refused outright.
        const again = await realtimeClient(t, () => token);
        try {
          await assert.rejects(subscribe(again, 'session-again', { event: 'INSERT', table: 'rt_items' }), /session/);
        } finally {
          await closeClients(again);
        }
      } finally {
        await closeClients(client);
      }
    });
  });
}
