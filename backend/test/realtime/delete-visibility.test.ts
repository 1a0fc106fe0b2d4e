import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { createFixture, ids, users } from '../schema/helpers/fixture.ts';
import { SCHEMA_SQL, closeClients, control, subscribe, user, type Received } from './helpers.ts';

// Issue 13 item 14: a signed-in user subscribed to favourites received every user's removal
// ({user_id, listing_id}). A DELETE now reaches only subscribers who could read the old row under
// the table's read policies, on every table of the publication.

for (const database of await testDatabases()) {
  describe(`realtime deletes reach only who could read the row (${database})`, () => {
    let t: TestServer;
    const clients: SupabaseClient[] = [];
    before(async () => {
      t = await startTestServer({ database });
      await createFixture(t.server.context.db);
      await t.server.context.db.exec(SCHEMA_SQL);
    });
    after(async () => {
      await closeClients(...clients);
      await t.close();
    });

    async function clientOf(id: string): Promise<SupabaseClient> {
      const token = await t.server.context.keys.sign({ sub: id, role: 'authenticated', aud: 'authenticated' }, 3600);
      const client = createClient(t.url, t.anonKey, {
        accessToken: async () => token,
        realtime: { params: { log_level: 'error' } },
      });
      await client.realtime.setAuth();
      clients.push(client);
      return client;
    }

    const removed = (e: Received['events'][number]) => e.eventType === 'DELETE';

    it("a user subscribed to favourites does not receive another user's favourite removal", async () => {
      const a = await clientOf(users.customerA.id);
      const b = await clientOf(users.customerB.id);
      const snoop = await subscribe(a, 'favorites:a', { event: '*', table: 'favorites' });
      const owner = await subscribe(b, 'favorites:b', { event: 'DELETE', table: 'favorites' });

      // B removes their favourite through the API, as the app does.
      const gone = await b.from('favorites').delete().eq('listing_id', ids.listingB);
      assert.equal(gone.error, null, gone.error?.message);
      await control(owner, async () => undefined, removed);
      assert.deepEqual(owner.events[0]!.old, { user_id: users.customerB.id, listing_id: ids.listingB }, 'the owner still gets their own removal');

      // Positive control on A's own channel: A's own removal arrives, B's never did.
      await control(
        snoop,
        async () => assert.equal((await a.from('favorites').delete().eq('listing_id', ids.listingA)).error, null),
        removed,
        [a],
      );
      assert.deepEqual(
        snoop.events.map((e) => e.old),
        [{ user_id: users.customerA.id, listing_id: ids.listingA }],
        "only A's own removal reached A",
      );
    });

    it("a conversation outsider does not receive the deletion of other people's messages", async () => {
      const outsider = await clientOf(users.customerA.id);
      const participant = await clientOf(users.customerB.id);
      const snoop = await subscribe(outsider, 'messages:snoop', [{ event: 'DELETE', table: 'messages' }]);
      const inbox = await subscribe(participant, 'messages:inbox', [{ event: 'DELETE', table: 'messages' }]);
      await t.server.context.db.query('delete from public.messages where id = $1', [ids.message3]);
      await control(inbox, async () => undefined, removed);
      // The control for the outsider: a message of their own conversation removed afterwards.
      await control(
        snoop,
        async () => t.server.context.db.query('delete from public.messages where id = $1', [ids.message1]),
        removed,
        [outsider],
      );
      assert.deepEqual(snoop.events.map((e) => (e.old as { id: string }).id), [ids.message1]);
    });

    it('holds for any RLS table in the publication, with or without a filter', async () => {
      const alice = await user(t);
      const bob = await user(t);
      const aliceClient = await clientOf(alice.id);
      const snoopAll = await subscribe(aliceClient, 'rt:all', { event: 'DELETE', table: 'rt_items' });
      const snoopFiltered = await subscribe(aliceClient, 'rt:bob', { event: 'DELETE', table: 'rt_items', filter: `user_id=eq.${bob.id}` });
      const { rows } = await t.server.context.db.query<{ id: string }>(
        `insert into public.rt_items (user_id, body) values ($1, 'bob secret'), ($2, 'alice own') returning id`,
        [bob.id, alice.id],
      );
      await t.server.context.db.query('delete from public.rt_items where id = $1', [rows[0]!.id]);
      await control(snoopAll, () => t.server.context.db.query('delete from public.rt_items where id = $1', [rows[1]!.id]), removed, [aliceClient]);
      assert.equal(snoopAll.events.length, 1);
      assert.deepEqual(snoopAll.events[0]!.old, { id: Number(rows[1]!.id) }, "only Alice's own row, reduced to its key");
      assert.deepEqual(snoopFiltered.events, []);
    });
  });
}
