import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { SCHEMA_SQL, closeClients, control, realtimeClient, subscribe, user, waitFor, type TestUser } from './helpers.ts';

for (const database of await testDatabases()) {
  describe(`realtime postgres_changes on ${database}`, () => {
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
      t.server.context.db.query<{ id: string }>('insert into public.rt_items (user_id, body, n, tags, meta) values ($1, $2, 7, $3, $4) returning id', [
        owner,
        body,
        ['x', 'y'],
        JSON.stringify({ k: 1 }),
      ]);

    it("delivers B's inserts to B's filtered subscription within a second, and never A's", async () => {
      const client = await realtimeClient(t, () => b.token);
      try {
        const sub = await subscribe(client, `items:${b.id}`, { event: '*', table: 'rt_items', filter: `user_id=eq.${b.id}` });
        await waitFor(() => sub.system.some((m) => m.status === 'ok'), 2000, 'the subscribed system message');
        assert.equal(sub.system[0]?.message, 'Subscribed to PostgreSQL');
        await insertItem(a.id, 'from a');
        const started = Date.now();
        await insertItem(b.id, 'from b');
        await waitFor(() => sub.events.length > 0, 1000, "B's insert");
        assert.ok(Date.now() - started < 1000);
        // A's row was committed before B's, and changes arrive in commit order: B's is the control.
        assert.equal(sub.events.length, 1, 'A\'s row never arrives');
        const event = sub.events[0]!;
        assert.equal(event.eventType, 'INSERT');
        assert.equal(event.schema, 'public');
        assert.equal(event.table, 'rt_items');
        assert.equal(event.errors, null);
        assert.match(event.commit_timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        const row = event.new as Record<string, unknown>;
        assert.equal(row.user_id, b.id);
        assert.equal(row.body, 'from b');
        assert.equal(typeof row.id, 'number', 'int8 is coerced through columns[]');
        assert.equal(row.n, 7);
        assert.deepEqual(row.tags, ['x', 'y']);
        assert.deepEqual(row.meta, { k: 1 });
        assert.ok(!Number.isNaN(Date.parse(String(row.created_at))));
        assert.deepEqual(event.old, {});
      } finally {
        await closeClients(client);
      }
    });

    it('without a filter, row-level security still hides other users\' rows', async () => {
      const client = await realtimeClient(t, () => a.token);
      try {
        const sub = await subscribe(client, 'items:all', { event: 'INSERT', table: 'rt_items' });
        await insertItem(b.id, 'b only');
        await insertItem(a.id, 'a only');
        // B's row came first in commit order, so A's (the control) arriving means B's would have too.
        await waitFor(() => sub.events.length > 0, 1000, "A's insert");
        assert.deepEqual(sub.events.map((e) => (e.new as { body: string }).body), ['a only']);
      } finally {
        await closeClients(client);
      }
    });

    it('a user without SELECT rights on the table gets nothing', async () => {
      const client = await realtimeClient(t, () => a.token);
      try {
        const sub = await subscribe(client, 'secret', [
          { event: '*', table: 'rt_secret' },
          { event: 'INSERT', table: 'rt_items', filter: `user_id=eq.${a.id}` },
        ]);
        await t.server.context.db.query("insert into public.rt_secret (note) values ('classified')");
        await t.server.context.db.query("delete from public.rt_secret where note = 'classified'");
        await control(sub, () => insertItem(a.id, 'secret control'), (e) => e.table === 'rt_items');
        assert.deepEqual(sub.events.map((e) => e.table), ['rt_items']);
      } finally {
        await closeClients(client);
      }
    });

    it('sends UPDATE with the new row and DELETE with only the primary key when RLS is on', async () => {
      const client = await realtimeClient(t, () => b.token);
      try {
        const sub = await subscribe(client, 'items:changes', { event: '*', table: 'rt_items', filter: `user_id=eq.${b.id}` });
        const { rows } = await insertItem(b.id, 'before');
        const id = Number(rows[0]!.id);
        await t.server.context.db.query("update public.rt_items set body = 'after' where id = $1", [id]);
        await t.server.context.db.query('delete from public.rt_items where id = $1', [id]);
        await waitFor(() => sub.events.length >= 3, 2000, 'insert, update and delete');
        const [insert, update, remove] = sub.events;
        assert.equal(insert!.eventType, 'INSERT');
        assert.equal(update!.eventType, 'UPDATE');
        assert.equal((update!.new as { body: string }).body, 'after');
        assert.deepEqual(update!.old, { id }, 'old row is the primary key under RLS');
        assert.equal(remove!.eventType, 'DELETE');
        assert.deepEqual(remove!.old, { id });
        assert.deepEqual(remove!.new, {});
      } finally {
        await closeClients(client);
      }
    });

    it('sends the whole old row for REPLICA IDENTITY FULL without RLS, and honours in/gt filters', async () => {
      const client = await realtimeClient(t, () => a.token);
      try {
        const deletes = await subscribe(client, 'open:deletes', { event: 'DELETE', table: 'rt_open', filter: 'label=in.(gone,"also, gone")' });
        const big = await subscribe(client, 'open:big', { event: 'INSERT', table: 'rt_open', filter: 'id=gt.100' });
        await t.server.context.db.query(
          "insert into public.rt_open (id, label, owner) values (1, 'gone', $1), (2, 'also, gone', $1), (3, 'kept', $1), (101, 'big', $1)",
          [a.id],
        );
        await t.server.context.db.query('delete from public.rt_open where id in (1, 2, 3)');
        // The controls: one more row for each channel, changed after the ones they must not see.
        const controls = async () => {
          await t.server.context.db.query("insert into public.rt_open (id, label, owner) values (4, 'gone', $1), (102, 'big', $1)", [a.id]);
          await t.server.context.db.query('delete from public.rt_open where id = 4');
        };
        await control(deletes, controls, (e) => (e.old as { id?: number }).id === 4);
        await waitFor(() => big.events.some((e) => (e.new as { id: number }).id === 102), 2000, 'the control of the insert filter');
        assert.deepEqual(deletes.events.map((e) => e.old as { id: number }).sort((x, y) => x.id - y.id), [
          { id: 1, label: 'gone', owner: a.id },
          { id: 2, label: 'also, gone', owner: a.id },
          { id: 4, label: 'gone', owner: a.id },
        ]);
        assert.deepEqual(big.events.map((e) => (e.new as { id: number }).id), [101, 102]);
      } finally {
        await closeClients(client);
      }
    });

    it('delivers a change larger than a NOTIFY payload', async () => {
      const client = await realtimeClient(t, () => b.token);
      try {
        const sub = await subscribe(client, 'items:big', { event: 'INSERT', table: 'rt_items', filter: `user_id=eq.${b.id}` });
        const body = 'x'.repeat(20_000);
        await insertItem(b.id, body);
        await waitFor(() => sub.events.length > 0, 2000, 'the big insert');
        assert.equal((sub.events[0]!.new as { body: string }).body, body);
      } finally {
        await closeClients(client);
      }
    });

    it('starts delivering for a table added to the publication while running', async () => {
      await t.server.context.db.exec(`
        create table public.rt_late (id int primary key, v text);
        grant select on public.rt_late to authenticated;
        alter publication supabase_realtime add table public.rt_late;`);
      const client = await realtimeClient(t, () => a.token);
      try {
        const sub = await subscribe(client, 'late', [
          { event: 'INSERT', table: 'rt_late' },
          { event: 'INSERT', table: 'rt_items', filter: `user_id=eq.${a.id}` },
        ]);
        await t.server.context.db.query("insert into public.rt_late values (1, 'hello')");
        await waitFor(() => sub.events.length > 0, 2000, 'the late table insert');
        await t.server.context.db.exec('alter publication supabase_realtime drop table public.rt_late');
        await t.server.context.db.query("insert into public.rt_late values (2, 'unpublished')");
        await control(sub, () => insertItem(a.id, 'late control'), (e) => e.table === 'rt_items');
        assert.deepEqual(sub.events.map((e) => e.table), ['rt_late', 'rt_items']);
      } finally {
        await closeClients(client);
      }
    });
  });
}
