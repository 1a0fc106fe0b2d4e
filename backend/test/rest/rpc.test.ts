import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/server.ts';
import { startRestTest, type RestTestContext } from './fixture.ts';

for (const database of await testDatabases()) {
  describe(`REST functions (rpc) on ${database}`, () => {
    let r: RestTestContext;
    before(async () => {
      r = await startRestTest(database);
    });
    after(() => r.close());

    it('returns a scalar as bare JSON, over POST and GET, with parameter defaults', async () => {
      const post = await r.client().rpc('add_numbers', { a: 1, b: 2 });
      assert.equal(post.error, null);
      assert.equal(post.data, 3);
      const defaulted = await r.client().rpc('add_numbers', { a: 5 });
      assert.equal(defaulted.data, 15);
      const get = await r.client().rpc('add_numbers', { a: 1, b: 41 }, { get: true });
      assert.equal(get.data, 42);
      const bool = await r.client().rpc('is_strong', { password: 'correct horse' });
      assert.equal(bool.data, true);
      const raw = await r.fetch('rpc/is_strong', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"password":"short"}' });
      assert.equal(await raw.text(), 'false');
      assert.equal(raw.headers.get('content-range'), '0-0/*');
    });

    it('chooses the overload by the set of argument names', async () => {
      const text = await r.client().rpc('add_numbers', { a: 'x', b: 'y', c: 'z' });
      assert.equal(text.data, 'xyz');
    });

    it('answers 404 PGRST202 when no function matches the arguments', async () => {
      const wrongKey = await r.client().rpc('add_numbers', { a: 1, z: 2 });
      assert.equal(wrongKey.status, 404);
      assert.equal(wrongKey.error?.code, 'PGRST202');
      const missing = await r.client().rpc('no_such_function');
      assert.equal(missing.status, 404);
      assert.equal(missing.error?.code, 'PGRST202');
    });

    it('returns rows of a set-returning function, with select, filters, order, embeds and count', async () => {
      const res = await r
        .client()
        .rpc('listings_by_status', { s: 'published' }, { count: 'exact' })
        .select('id,title,categories(name)')
        .gt('id', 1)
        .order('id', { ascending: false });
      assert.equal(res.error, null);
      assert.equal(res.count, 2);
      assert.deepEqual(res.data, [
        { id: 4, title: 'Glass house, "deluxe"', categories: null },
        { id: 2, title: 'Steel loft', categories: { name: 'Homes' } },
      ]);
      const table = await r.client().rpc('status_counts');
      assert.deepEqual(table.data, [
        { status: 'archived', n: 1 },
        { status: 'draft', n: 1 },
        { status: 'published', n: 3 },
      ]);
    });

    it('returns a single composite row as an object and a set of scalars as an array', async () => {
      const one = await r.client().rpc('first_listing').select('id,title');
      assert.deepEqual(one.data, { id: 1, title: 'Oak cabin' });
      const titles = await r.client().rpc('listing_titles').limit(2);
      assert.deepEqual(titles.data, ['Oak cabin', 'Steel loft']);
    });

    it('answers 204 for a void function and runs it read-write over POST', async () => {
      const res = await r.client(r.alice.token).rpc('log_event', { event_name: 'rpc-void' });
      assert.equal(res.status, 204);
      assert.equal(res.data, null);
      const stored = await r.t.server.context.db.query<{ user_id: string }>("select user_id from rest_test.events where name = 'rpc-void'");
      assert.equal(stored.rows[0]?.user_id, r.alice.id);
    });

    it('runs GET calls read-only (405 25006 for a write)', async () => {
      const res = await r.client(r.alice.token).rpc('log_event', { event_name: 'via-get' }, { get: true });
      assert.equal(res.status, 405);
      assert.equal(res.error?.code, '25006');
    });

    it('respects EXECUTE grants: 401 for anon on a revoked function', async () => {
      const res = await r.client().rpc('log_event', { event_name: 'anon' });
      assert.equal(res.status, 401);
      assert.equal(res.error?.code, '42501');
    });

    it('runs functions under the caller so RLS applies inside them', async () => {
      assert.equal((await r.client(r.bob.token).rpc('my_note_count')).data, 1);
      assert.ok(((await r.client(r.alice.token).rpc('my_note_count')).data as number) >= 2);
    });

    it('maps raised errors: PTxyz to status xyz and P0001 to 400', async () => {
      const forbidden = await r.client().rpc('forbidden');
      assert.equal(forbidden.status, 403);
      assert.equal(forbidden.error?.code, 'PT403');
      assert.equal(forbidden.error?.message, 'not for you');
      const plain = await r.client().rpc('fail_plain');
      assert.equal(plain.status, 400);
      assert.equal(plain.error?.code, 'P0001');
    });

    it('passes the whole body to a single unnamed json parameter', async () => {
      const res = await r.client().rpc('echo', { nested: { list: [1, 2] } });
      assert.deepEqual(res.data, { nested: { list: [1, 2] } });
    });

    it('lets a function set the response status and headers', async () => {
      const res = await r.fetch('rpc/set_status', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      assert.equal(res.status, 202);
      assert.equal(res.headers.get('x-custom'), 'yes');
      assert.equal(await res.json(), 'accepted');
    });
  });
}
