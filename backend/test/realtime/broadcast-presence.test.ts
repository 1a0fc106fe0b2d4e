import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { closeClients, waitFor } from './helpers.ts';

const joined = (channel: RealtimeChannel) =>
  new Promise<void>((resolve, reject) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    }),
  );

for (const database of await testDatabases()) {
  describe(`realtime broadcast and presence on ${database}`, () => {
    let t: TestServer;
    let clients: SupabaseClient[] = [];
    before(async () => {
      t = await startTestServer({ database });
    });
    after(async () => {
      await closeClients(...clients);
      await t.close();
    });
    const client = () => {
      const c = createClient(t.url, t.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
      clients.push(c);
      return c;
    };

    it('broadcasts typing indicators to the others on the topic (not back to the sender unless self)', async () => {
      const alice = client().channel('conversation:1', { config: { broadcast: { self: false } } });
      const bob = client().channel('conversation:1', { config: { broadcast: { ack: true } } });
      const carol = client().channel('conversation:1', { config: { broadcast: { self: true } } });
      const seen: Record<string, unknown[]> = { alice: [], bob: [], carol: [] };
      alice.on('broadcast', { event: 'typing' }, (m) => seen.alice!.push(m.payload));
      bob.on('broadcast', { event: 'typing' }, (m) => seen.bob!.push(m.payload));
      carol.on('broadcast', { event: 'typing' }, (m) => seen.carol!.push(m.payload));
      await Promise.all([joined(alice), joined(bob), joined(carol)]);
      assert.equal(await alice.send({ type: 'broadcast', event: 'typing', payload: { who: 'alice', émoji: '✍️' } }), 'ok');
      assert.equal(await bob.send({ type: 'broadcast', event: 'typing', payload: { who: 'bob' } }), 'ok', 'ack: true waits for the server');
      await carol.send({ type: 'broadcast', event: 'typing', payload: { who: 'carol' } });
      await waitFor(() => seen.alice!.length === 2 && seen.bob!.length === 2 && seen.carol!.length === 3, 5000, 'broadcasts');
      // The control: one more broadcast, sent after the others were delivered; an echo to alice or a
      // duplicate would have reached each socket before it.
      await carol.send({ type: 'broadcast', event: 'typing', payload: { who: 'control' } });
      const isControl = (payload: unknown) => (payload as { who: string }).who === 'control';
      await waitFor(() => Object.values(seen).every((payloads) => payloads.some(isControl)), 5000, 'the control broadcast');
      for (const name of Object.keys(seen)) seen[name] = seen[name]!.filter((payload) => !isControl(payload));
      // Each sender has its own socket, so messages from different senders may reach the
      // server in either order (only one sender's own messages keep theirs): compare by sender.
      const bySender = (payloads: unknown[]) => [...payloads].sort((a, b) => String((a as { who: string }).who).localeCompare((b as { who: string }).who));
      assert.deepEqual(bySender(seen.alice!), [{ who: 'bob' }, { who: 'carol' }]);
      assert.deepEqual(bySender(seen.bob!), [{ who: 'alice', émoji: '✍️' }, { who: 'carol' }]);
      assert.deepEqual(bySender(seen.carol!), [{ who: 'alice', émoji: '✍️' }, { who: 'bob' }, { who: 'carol' }]);
    });

    it('accepts broadcasts over HTTP (/realtime/v1/api/broadcast and httpSend)', async () => {
      const listener = client().channel('announcements');
      const got: unknown[] = [];
      listener.on('broadcast', { event: 'news' }, (m) => got.push(m.payload));
      await joined(listener);
      const response = await fetch(`${t.url}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: t.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ topic: 'announcements', event: 'news', payload: { n: 1 } }] }),
      });
      assert.equal(response.status, 202);
      const sender = client().channel('announcements');
      assert.deepEqual(await sender.httpSend('news', { n: 2 }), { success: true });
      await waitFor(() => got.length === 2, 2000, 'HTTP broadcasts');
      assert.deepEqual(got, [{ n: 1 }, { n: 2 }]);
      const bad = await fetch(`${t.url}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: t.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [] }),
      });
      assert.equal(bad.status, 400);
      const keyless = await fetch(`${t.url}/realtime/v1/api/broadcast`, { method: 'POST', body: '{}' });
      assert.equal(keyless.status, 401);
    });

    it('tracks presence (online status): sync, join and leave', async () => {
      const alice = client().channel('online', { config: { presence: { key: 'alice' } } });
      const bob = client().channel('online', { config: { presence: { key: 'bob' } } });
      const leaves: string[] = [];
      bob.on('presence', { event: 'sync' }, () => undefined);
      bob.on('presence', { event: 'leave' }, ({ key }) => leaves.push(key));
      alice.on('presence', { event: 'sync' }, () => undefined);
      await Promise.all([joined(alice), joined(bob)]);
      await alice.track({ status: 'online', since: 1 });
      await bob.track({ status: 'away' });
      await waitFor(() => Object.keys(bob.presenceState()).length === 2 && Object.keys(alice.presenceState()).length === 2, 2000, 'both present');
      const state = bob.presenceState() as Record<string, { status: string; presence_ref: string }[]>;
      assert.equal(state.alice?.[0]?.status, 'online');
      assert.equal(typeof state.alice?.[0]?.presence_ref, 'string');
      // Re-tracking replaces the previous meta instead of adding a second one.
      await alice.track({ status: 'busy' });
      await waitFor(() => (bob.presenceState() as Record<string, { status: string }[]>).alice?.[0]?.status === 'busy', 2000, 'the update');
      assert.equal((bob.presenceState() as Record<string, unknown[]>).alice?.length, 1);
      await alice.unsubscribe();
      await waitFor(() => !('alice' in bob.presenceState()), 2000, 'alice to leave');
      assert.ok(leaves.includes('alice'));
      // A late joiner gets the full state at once.
      const carol = client().channel('online', { config: { presence: { key: 'carol' } } });
      carol.on('presence', { event: 'sync' }, () => undefined);
      await joined(carol);
      await waitFor(() => 'bob' in carol.presenceState(), 2000, 'the state for a late joiner');
    });
  });
}
