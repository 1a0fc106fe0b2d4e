import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { closeClients, control, subscribe, waitFor } from './helpers.ts';

const PASSWORD = 'Kx9!mPq2#Lw7-Tz';

/** The project's own schema end to end: real users, the messages table's policies, REST inserts. */
for (const database of await testDatabases()) {
  describe(`realtime on the marketplace schema (${database})`, () => {
    let t: TestServer;
    const clients: SupabaseClient[] = [];
    before(async () => {
      t = await startTestServer({ database });
    });
    after(async () => {
      await closeClients(...clients);
      await t.close();
    });

    async function signedIn(userType: 'customer' | 'vendor') {
      const email = `${userType}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
      const created = await t.admin().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true, user_metadata: { name: userType, user_type: userType } });
      assert.equal(created.error, null, created.error?.message);
      const client = createClient(t.url, t.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
      clients.push(client);
      assert.equal((await client.auth.signInWithPassword({ email, password: PASSWORD })).error, null);
      await client.realtime.setAuth();
      return { id: created.data.user!.id, client };
    }

    it('delivers a message sent through /rest/v1 to the other participant only', async () => {
      const customer = await signedIn('customer');
      const vendor = await signedIn('vendor');
      const outsider = await signedIn('customer');
      const { data: conversation, error } = await t.admin().from('conversations').insert({ customer_id: customer.id, vendor_id: vendor.id }).select('id').single();
      assert.equal(error, null, error?.message);

      const inbox = await subscribe(vendor.client, `messages:${conversation.id}`, { event: 'INSERT', table: 'messages', filter: `conversation_id=eq.${conversation.id}` });
      const snoop = await subscribe(outsider.client, 'messages:all', { event: '*', table: 'messages' });
      const started = Date.now();
      const sent = await customer.client.from('messages').insert({ conversation_id: conversation.id, sender_id: customer.id, content: 'Is the A-frame still available?' });
      assert.equal(sent.error, null, sent.error?.message);
      await waitFor(() => inbox.events.length === 1, 1000, 'the message at the vendor');
      assert.ok(Date.now() - started < 1000);
      const message = inbox.events[0]!.new as { content: string; sender_id: string; read_at: unknown };
      assert.equal(message.content, 'Is the A-frame still available?');
      assert.equal(message.sender_id, customer.id);
      assert.equal(message.read_at, null);
      // The control: a message in the outsider's own conversation, sent after the one they must not see.
      const { data: own, error: ownError } = await t.admin().from('conversations').insert({ customer_id: outsider.id, vendor_id: vendor.id }).select('id').single();
      assert.equal(ownError, null, ownError?.message);
      await control(
        snoop,
        async () => assert.equal((await t.admin().from('messages').insert({ conversation_id: own.id, sender_id: vendor.id, content: 'control' })).error, null),
        (e) => (e.new as { content: string }).content === 'control',
      );
      assert.deepEqual(snoop.events.map((e) => (e.new as { content: string }).content), ['control'], 'RLS keeps other users out');
    });
  });
}
