import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/server.ts';
import { startRestTest, type RestTestContext } from './fixture.ts';

interface Note {
  id: string;
  user_id: string;
  body: string;
  rating: number | null;
}

for (const database of await testDatabases()) {
  describe(`REST writes on ${database}`, () => {
    let r: RestTestContext;
    before(async () => {
      r = await startRestTest(database);
    });
    after(() => r.close());

    const countTags = async () => (await r.admin().from('tags').select('*', { count: 'exact', head: true })).count;

    describe('insert', () => {
      it('answers 201 with no body by default, and the row shaped by select with return=representation', async () => {
        const plain = await r.client(r.alice.token).from('notes').insert({ body: 'plain insert', listing_id: 3 });
        assert.equal(plain.status, 201);
        assert.equal(plain.data, null);
        assert.equal(plain.error, null);
        const shaped = await r
          .client(r.alice.token)
          .from('notes')
          .insert({ body: 'with select', listing_id: 3 })
          .select('body,user_id,listing:listings(title)')
          .single();
        assert.equal(shaped.status, 201);
        assert.deepEqual(shaped.data, { body: 'with select', user_id: r.alice.id, listing: { title: 'Tiny pod' } });
      });

      it('inserts arrays with columns=, where missing keys are NULL unless missing=default', async () => {
        const nulls = await r.admin().from('listings').insert([{ title: 'A1', description: 'x' }, { title: 'A2' }]).select('title,description,status');
        assert.equal(nulls.error, null);
        assert.deepEqual(nulls.data, [
          { title: 'A1', description: 'x', status: 'draft' },
          { title: 'A2', description: null, status: 'draft' },
        ]);
        const withNull = await r.admin().from('listings').insert([{ title: 'B1', status: 'published' }, { title: 'B2' }]).select('title,status');
        assert.equal(withNull.error?.code, '23502', 'a key missing from one object becomes NULL, as on PostgREST');
        const defaults = await r
          .admin()
          .from('listings')
          .insert([{ title: 'C1', status: 'published' }, { title: 'C2' }], { defaultToNull: false })
          .select('title,status,tags');
        assert.equal(defaults.error, null);
        assert.deepEqual(defaults.data, [
          { title: 'C1', status: 'published', tags: [] },
          { title: 'C2', status: 'draft', tags: [] },
        ]);
      });

      it('answers 400 PGRST204 for a key that is not a column', async () => {
        const res = await r.client(r.alice.token).from('notes').insert({ body: 'x', colour: 'red' });
        assert.equal(res.status, 400);
        assert.equal(res.error?.code, 'PGRST204');
        assert.equal(res.error?.message, "Could not find the 'colour' column of 'notes' in the schema cache");
      });

      it('maps constraint errors: 409 unique, 409 foreign key, 400 not-null and check', async () => {
        const unique = await r.admin().from('tags').insert({ id: 1, name: 'dup' });
        assert.equal(unique.status, 409);
        assert.equal(unique.error?.code, '23505');
        const fk = await r.client(r.alice.token).from('notes').insert({ body: 'x', listing_id: 424242 });
        assert.equal(fk.status, 409);
        assert.equal(fk.error?.code, '23503');
        const check = await r.client(r.alice.token).from('notes').insert({ body: '' });
        assert.equal(check.status, 400);
        assert.equal(check.error?.code, '23514');
      });

      it('answers 400 PGRST102 for a body that is not JSON', async () => {
        const res = await r.fetch('notes', { method: 'POST', token: r.alice.token, headers: { 'Content-Type': 'application/json' }, body: '{"body":' });
        assert.equal(res.status, 400);
        assert.equal(((await res.json()) as { code: string }).code, 'PGRST102');
      });

      it('gives the Location of a single insert with return=headers-only', async () => {
        const res = await r.fetch('tags', {
          method: 'POST',
          headers: { Authorization: `Bearer ${r.t.serviceRoleKey}`, 'Content-Type': 'application/json', Prefer: 'return=headers-only' },
          body: JSON.stringify({ id: 70, name: 'located' }),
        });
        assert.equal(res.status, 201);
        assert.equal(res.headers.get('location'), '/tags?id=eq.70');
      });
    });

    describe('upsert', () => {
      it('is 201 when it inserts and 200 when it only updates (merge-duplicates)', async () => {
        const first = await r.admin().from('tags').upsert({ id: 40, name: 'forty' }).select().single();
        assert.equal(first.status, 201);
        const second = await r.admin().from('tags').upsert({ id: 40, name: 'forty-two' }).select().single();
        assert.equal(second.status, 200);
        assert.deepEqual(second.data, { id: 40, name: 'forty-two' });
        const minimal = await r.admin().from('tags').upsert({ id: 40, name: 'forty-three' });
        assert.equal(minimal.status, 200);
        assert.equal(minimal.data, null);
      });

      it('uses on_conflict columns and skips duplicates with ignore-duplicates', async () => {
        const initial = await countTags();
        const ignored = await r.admin().from('tags').upsert([{ id: 41, name: 'eco' }, { id: 42, name: 'fresh' }], { onConflict: 'name', ignoreDuplicates: true }).select('id,name');
        assert.equal(ignored.error, null);
        assert.deepEqual(ignored.data, [{ id: 42, name: 'fresh' }]);
        assert.equal(await countTags(), (initial ?? 0) + 1);
        const merged = await r.admin().from('tags').upsert({ id: 1, name: 'eco' }, { onConflict: 'name' }).select('id,name').single();
        assert.deepEqual(merged.data, { id: 1, name: 'eco' });
      });

      it('answers 400 42P10 when on_conflict matches no unique constraint', async () => {
        const res = await r.admin().from('listings').upsert({ id: 1, title: 'x' }, { onConflict: 'title' });
        assert.equal(res.status, 400);
        assert.equal(res.error?.code, '42P10');
      });
    });

    describe('update and delete', () => {
      it('answers 204 without a representation and 200 with one', async () => {
        const noted = await r.client(r.alice.token).from('notes').insert({ body: 'to update', rating: 1 }).select('id').single<{ id: string }>();
        const id = noted.data?.id ?? '';
        const minimal = await r.client(r.alice.token).from('notes').update({ rating: 2 }).eq('id', id);
        assert.equal(minimal.status, 204);
        assert.equal(minimal.data, null);
        const shown = await r.client(r.alice.token).from('notes').update({ rating: 3 }).eq('id', id).select('rating').single();
        assert.equal(shown.status, 200);
        assert.deepEqual(shown.data, { rating: 3 });
        const removed = await r.client(r.alice.token).from('notes').delete().eq('id', id);
        assert.equal(removed.status, 204);
        const gone = await r.client(r.alice.token).from('notes').select('id').eq('id', id);
        assert.deepEqual(gone.data, []);
      });

      it('matches zero rows without an error and reports counts in Content-Range', async () => {
        const none = await r.client(r.alice.token).from('notes').update({ rating: 1 }).eq('body', 'no such note');
        assert.equal(none.status, 204);
        const res = await r.fetch('notes?body=eq.nothing', { method: 'DELETE', token: r.alice.token, headers: { Prefer: 'count=exact' } });
        assert.equal(res.status, 204);
        assert.equal(res.headers.get('content-range'), '*/0');
        const patched = await r.fetch('notes?rating=eq.5', {
          method: 'PATCH',
          token: r.alice.token,
          headers: { 'Content-Type': 'application/json', Prefer: 'count=exact' },
          body: JSON.stringify({ rating: 5 }),
        });
        assert.equal(patched.headers.get('content-range'), '0-0/1');
      });

      it('refuses, and rolls back, a single-object update that touches several rows', async () => {
        const res = await r.client(r.alice.token).from('notes').update({ rating: 9 }).not('id', 'is', null).select().single();
        assert.equal(res.status, 406);
        assert.equal(res.error?.code, 'PGRST116');
        const unchanged = await r.client(r.alice.token).from('notes').select('rating').eq('rating', 9);
        assert.deepEqual(unchanged.data, []);
      });

      it('enforces max-affected with handling=strict (PGRST124, rolled back)', async () => {
        const res = await r.fetch('notes?rating=is.null', {
          method: 'DELETE',
          token: r.alice.token,
          headers: { Prefer: 'handling=strict, max-affected=0' },
        });
        assert.equal(res.status, 400);
        assert.equal(((await res.json()) as { code: string }).code, 'PGRST124');
        const still = await r.client(r.alice.token).from('notes').select('id').is('rating', null);
        assert.ok((still.data ?? []).length > 0);
      });

      it('limits an update with order and limit', async () => {
        const res = await r.fetch('slots?id=gte.1&order=id.desc&limit=2&select=id,label', {
          method: 'PATCH',
          headers: { Authorization: `Bearer ${r.t.serviceRoleKey}`, 'Content-Type': 'application/json', Prefer: 'return=representation' },
          body: JSON.stringify({ label: 'limited' }),
        });
        const rows = ((await res.json()) as { id: number }[]).map((row) => row.id).sort();
        assert.deepEqual(rows, [2, 3]);
        const untouched = await r.client().from('slots').select('label').eq('id', 1).single();
        assert.deepEqual(untouched.data, { label: 'early' });
      });

      it('does everything but keeps nothing with tx=rollback', async () => {
        const res = await r.fetch('tags?select=id', {
          method: 'POST',
          headers: { Authorization: `Bearer ${r.t.serviceRoleKey}`, 'Content-Type': 'application/json', Prefer: 'return=representation, tx=rollback' },
          body: JSON.stringify({ id: 90, name: 'ghost' }),
        });
        assert.equal(res.status, 201);
        assert.deepEqual(await res.json(), [{ id: 90 }]);
        assert.match(res.headers.get('preference-applied') ?? '', /tx=rollback/);
        const kept = await r.admin().from('tags').select('id').eq('id', 90);
        assert.deepEqual(kept.data, []);
      });
    });

    describe('row-level security and grants', () => {
      it('shows a user only their own rows and hides others from updates and deletes', async () => {
        const alice = await r.client(r.alice.token).from('notes').select('user_id');
        assert.ok((alice.data ?? []).length > 0);
        assert.ok((alice.data as Note[]).every((n) => n.user_id === r.alice.id));
        const update = await r.client(r.alice.token).from('notes').update({ body: 'hijacked' }).eq('body', 'bob private note').select();
        assert.deepEqual(update.data, []);
        const remove = await r.client(r.alice.token).from('notes').delete().eq('body', 'bob private note').select();
        assert.deepEqual(remove.data, []);
        const bob = await r.client(r.bob.token).from('notes').select('body');
        assert.deepEqual(bob.data, [{ body: 'bob private note' }]);
      });

      it('refuses an insert for someone else with 403 42501 for a user', async () => {
        const res = await r.client(r.alice.token).from('notes').insert({ body: 'forged', user_id: r.bob.id });
        assert.equal(res.status, 403);
        assert.equal(res.error?.code, '42501');
      });

      it('refuses anon with 401 42501 and WWW-Authenticate', async () => {
        const read = await r.fetch('notes');
        assert.equal(read.status, 401);
        assert.equal(read.headers.get('www-authenticate'), 'Bearer');
        const write = await r.client().from('notes').insert({ body: 'anon' });
        assert.equal(write.status, 401);
        assert.equal(write.error?.code, '42501');
      });

      it('lets anon insert into an insert-only table, but not read it back', async () => {
        const insert = await r.client().from('events').insert({ name: 'page_view', params: { path: '/' } });
        assert.equal(insert.status, 201);
        const back = await r.client().from('events').insert({ name: 'again' }).select();
        assert.equal(back.status, 401);
        const owner = await r.t.server.context.db.query<{ user_id: string | null }>("select user_id from rest_test.events where name = 'page_view'");
        assert.equal(owner.rows[0]?.user_id, null);
      });

      it('lets service_role bypass RLS', async () => {
        const all = await r.admin().from('notes').select('user_id');
        const owners = new Set((all.data as Note[]).map((n) => n.user_id));
        assert.ok(owners.has(r.alice.id) && owners.has(r.bob.id));
      });

      it('keeps a table without grants closed to users (42501)', async () => {
        const res = await r.client(r.alice.token).from('hidden').select('*');
        assert.equal(res.status, 403);
        assert.equal(res.error?.code, '42501');
      });
    });
  });
}
