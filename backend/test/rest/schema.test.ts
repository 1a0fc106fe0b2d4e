import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { testDatabases } from '../helpers/server.ts';
import { startRestTest, userToken, type RestTestContext } from './fixture.ts';

/** Polls until the predicate holds: the schema cache reloads asynchronously after a NOTIFY. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await sleep(50);
  }
  assert.fail(`timed out waiting for ${what}`);
}

for (const database of await testDatabases()) {
  describe(`REST schema cache, profiles and gateway errors on ${database}`, () => {
    let r: RestTestContext;
    before(async () => {
      r = await startRestTest(database);
    });
    after(() => r.close());

    it('reloads the schema cache by itself after DDL (event trigger + NOTIFY pgrst)', async () => {
      const db = r.t.server.context.db;
      await db.exec(`create table rest_test.late (id int primary key, label text);
        grant select on rest_test.late to anon; insert into rest_test.late values (1, 'new');`);
      await eventually(async () => (await r.fetch('late?select=label')).status === 200, 'the new table');
      assert.deepEqual(await (await r.fetch('late?select=label')).json(), [{ label: 'new' }]);
      await db.exec('alter table rest_test.late add column extra int default 7');
      await eventually(async () => (await r.fetch('late?select=extra')).status === 200, 'the new column');
      await db.exec('drop table rest_test.late');
      await eventually(async () => (await r.fetch('late')).status === 404, 'the dropped table');
    });

    it("reloads on NOTIFY pgrst, 'reload schema'", async () => {
      const db = r.t.server.context.db;
      // A function body change fires no DDL trigger that changes the cache; a manual notify still works.
      await db.exec("create or replace function rest_test.late_fn(x int) returns int language sql as 'select x * 2'");
      await db.exec("notify pgrst, 'reload schema'");
      await eventually(async () => (await r.client().rpc('late_fn', { x: 21 })).data === 42, 'the new function');
    });

    it('enables aggregate functions through pgrst.db_aggregates_enabled and groups by the other columns', async () => {
      const db = r.t.server.context.db;
      await db.exec(`do $$ begin
        execute format('alter role authenticator in database %I set pgrst.db_aggregates_enabled = %L', current_database(), 'true');
      end $$; notify pgrst, 'reload config';`);
      await eventually(async () => (await r.fetch('listings?select=price.sum()')).status === 200, 'aggregates to be enabled');
      const res = await r.client().from('listings').select('status,total:price.sum(),count(),max_id:id.max()').order('status');
      assert.equal(res.error, null);
      assert.deepEqual(res.data, [
        { status: 'archived', total: 99000, count: 1, max_id: 5 },
        { status: 'draft', total: 45000, count: 1, max_id: 3 },
        { status: 'published', total: 370000.5, count: 3, max_id: 4 },
      ]);
    });

    it('reads the exposed schemas from Accept-Profile/Content-Profile and refuses others with 406 PGRST106', async () => {
      const other = await r.fetch('listings', { headers: { 'Accept-Profile': 'auth' } });
      assert.equal(other.status, 406);
      const body = (await other.json()) as { code: string; hint: string };
      assert.equal(body.code, 'PGRST106');
      assert.match(body.hint, /public, rest_test/);
      const ok = await r.fetch('listings?select=id&id=eq.1');
      assert.equal(ok.headers.get('content-profile'), 'rest_test');
      const write = await r.fetch('tags', { method: 'POST', headers: { 'Content-Profile': 'storage', 'Content-Type': 'application/json' }, body: '{}' });
      assert.equal(write.status, 406);
    });

    it('answers 401 PGRST303 for an expired JWT and PGRST301 for a bad one', async () => {
      const expired = await userToken(r.t, r.alice.id, -10);
      const res = await r.client(expired).from('listings').select('id');
      assert.equal(res.status, 401);
      assert.equal(res.error?.code, 'PGRST303');
      const bad = await r.client('not.a.jwt').from('listings').select('id');
      assert.equal(bad.status, 401);
      assert.equal(bad.error?.code, 'PGRST301');
    });

    it('answers PostgREST errors for unknown paths and methods', async () => {
      const nested = await r.fetch('listings/1');
      assert.equal(nested.status, 404);
      assert.equal(((await nested.json()) as { code: string }).code, 'PGRST125');
      const put = await r.fetch('listings', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      assert.equal(put.status, 405);
    });

    it('never shows SQL or stack traces in errors', async () => {
      const cases = ['listings?select=id::int8range', 'listings?id=eq.1&select=title->>x', 'listings?order=nope', 'listings?select=id&limit=x'];
      for (const path of cases) {
        const res = await r.fetch(path);
        const text = await res.text();
        assert.ok(res.status >= 400 && res.status < 500, `${path} answered ${res.status}`);
        assert.doesNotMatch(text, /pgrst_|SELECT |json_agg|LATERAL|\n\s+at /);
      }
    });
  });
}
