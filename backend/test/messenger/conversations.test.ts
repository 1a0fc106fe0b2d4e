import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { testDatabases } from '../helpers/server.ts';
import { ids, messengerWorld, users, uuidOf, type MessengerWorld } from './helpers.ts';

type Row = Record<string, unknown>;
type Change = RealtimePostgresChangesPayload<Row>;

/** Subscribes to every change of a table the client may see (no filter: row-level security decides). */
async function watch(client: SupabaseClient, table: string, topic: string): Promise<Change[]> {
  const events: Change[] = [];
  await new Promise<void>((resolve, reject) => {
    client
      .channel(topic)
      .on('postgres_changes', { event: '*', schema: 'public', table } as never, (payload: Change) => events.push(payload))
      .subscribe((status, error) => {
        if (status === 'SUBSCRIBED') resolve();
        if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
      });
  });
  return events;
}

async function until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

for (const database of await testDatabases()) {
  describe(`messenger conversations through supabase-js on ${database}`, () => {
    let world: MessengerWorld;
    before(async () => {
      world = await messengerWorld(database);
    });
    after(() => world?.close());

    it('lets only the participants read and write a conversation: not a third customer, not another company\'s vendor', async () => {
      for (const outsider of ['customerB', 'vendorB'] as const) {
        const client = world.as(outsider);
        const read = await client.from('messages').select('id').eq('conversation_id', ids.convA);
        assert.deepEqual(read.data, [], `${outsider} reads no message`);
        const conversations = await client.from('conversations').select('id').eq('id', ids.convA);
        assert.deepEqual(conversations.data, []);
        const inbox = await client.rpc('my_conversations');
        assert.equal((inbox.data as Row[]).some((c) => c.id === ids.convA), false);
        const write = await client.from('messages').insert({ conversation_id: ids.convA, sender_id: users[outsider].id, content: 'Let me in' });
        assert.equal(write.error?.code, '42501', `${outsider} writes nothing`);
        const read2 = await client.rpc('mark_conversation_read', { conversation_id: ids.convA });
        assert.equal(read2.error?.code, '42501');
        const upload = await client.storage.from('message-attachments').upload(`${ids.convA}/x/note.pdf`, new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }));
        assert.ok(upload.error, `${outsider} uploads nothing into the conversation`);
      }
      const participant = await world.as('vendorA').from('messages').select('id').eq('conversation_id', ids.convA);
      assert.deepEqual((participant.data ?? []).map((m) => m.id).sort(), [ids.message1, ids.message2].sort());
    });

    it('delivers a new message live to the other participant and to nobody else, then the read marks', async () => {
      const [vendor, customerB, vendorB] = await Promise.all([
        watch(world.as('vendorA'), 'messages', 'vendor-a'),
        watch(world.as('customerB'), 'messages', 'customer-b'),
        watch(world.as('vendorB'), 'messages', 'vendor-b'),
      ]);
      const id = uuidOf('live:1');
      const sent = await world.as('customerA').from('messages').insert({ id, conversation_id: ids.convA, sender_id: users.customerA.id, content: 'Is the cabin insulated for winter?' });
      assert.equal(sent.error, null);
      await until(() => vendor.some((e) => e.eventType === 'INSERT' && (e.new as Row).id === id), 'the vendor\'s INSERT event');
      // Give any wrong delivery the same time the right one needed, twice over.
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.deepEqual([...customerB, ...vendorB], [], 'outsiders receive nothing');

      const customer = await watch(world.as('customerA'), 'messages', 'customer-a');
      const reply = uuidOf('live:2');
      await world.as('vendorA').from('messages').insert({ id: reply, conversation_id: ids.convA, sender_id: users.vendorA.id, content: 'Yes, 20 cm of wood fibre.' });
      await world.as('vendorA').rpc('mark_conversation_read', { conversation_id: ids.convA });
      await until(() => vendor.some((e) => e.eventType === 'UPDATE' && (e.new as Row).id === id && (e.new as Row).read_at), 'the read mark on the customer\'s message');
      await until(() => customer.some((e) => e.eventType === 'INSERT' && (e.new as Row).id === reply), 'the customer\'s INSERT event');
    });

    it('stores a message sent twice with the same client-generated id once', async () => {
      const id = uuidOf('retry:rest');
      const row = { id, conversation_id: ids.convA, sender_id: users.customerA.id, content: 'Sent over a flaky connection' };
      const first = await world.as('customerA').from('messages').insert(row);
      const retry = await world.as('customerA').from('messages').insert(row);
      assert.equal(first.error, null);
      assert.equal(retry.error, null, 'the retry is answered as a success');
      const stored = await world.t.admin().from('messages').select('id').eq('id', id);
      assert.equal(stored.data?.length, 1);
    });

    it('answers a sender past 30 messages a minute with 429 and a clear message', async () => {
      const client = world.as('vendorB');
      for (let n = 0; n < 30; n++) {
        const { error } = await client.from('messages').insert({ conversation_id: ids.convB, sender_id: users.vendorB.id, content: `Update ${n + 1}` });
        assert.equal(error, null, `message ${n + 1}`);
      }
      const refused = await client.from('messages').insert({ conversation_id: ids.convB, sender_id: users.vendorB.id, content: 'One too many' });
      assert.equal(refused.status, 429);
      assert.equal(refused.error?.code, 'PT429');
      assert.equal(refused.error?.message, 'You are sending messages too fast. Please wait a minute and try again.');
    });

    it('starts conversations only through open_conversation, at most 20 an hour per customer', async () => {
      const direct = await world.as('vendorA').from('conversations').insert({ customer_id: users.customerB.id, vendor_id: users.vendorA.id, listing_id: null });
      assert.equal(direct.error?.code, '42501');
      await world.t.server.context.db.query(
        `insert into public.conversations (customer_id, vendor_id, listing_id) select $1, $2, null from generate_series(1, 20)`,
        [users.customerB.id, users.vendorA.id],
      );
      const refused = await world.as('customerB').rpc('open_conversation', { listing_id: ids.listingA });
      assert.equal(refused.status, 429);
      assert.equal(refused.error?.message, 'You have started 20 conversations in the last hour. Please try again later.');
      // An existing conversation is still opened.
      const existing = await world.as('customerB').rpc('open_conversation', { listing_id: ids.listingB });
      assert.equal((existing.data as Row).id, ids.convB);
    });
  });
}
