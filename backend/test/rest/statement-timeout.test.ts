import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/server.ts';
import { startRestTest, type RestTestContext } from './fixture.ts';

// Issue 13 item 1: one anonymous request with a catastrophic regular expression used to freeze the
// embedded server. Statements now run under their role's timeout (anon and authenticated; the
// service role has none) on both engines, and on PGlite the database has its own thread, so the
// HTTP thread keeps answering while a statement runs and a statement past its time is stopped by
// replacing that thread.

const ANON_MS = 1000;
const AUTHENTICATED_MS = 2000;
// Back-references on a 4,001-character description: PostgreSQL's regex engine needs far longer
// than the timeouts here (the audit saw minutes with five groups).
const BOMB = 'listings?select=id&description=match.%5E(.*)(.*)%5C2%5C1%24';

for (const database of await testDatabases()) {
  describe(`statement timeouts per role (${database})`, () => {
    let r: RestTestContext;
    before(async () => {
      r = await startRestTest(database, {
        STATEMENT_TIMEOUT_ANON: String(ANON_MS),
        STATEMENT_TIMEOUT_AUTHENTICATED: String(AUTHENTICATED_MS),
      });
      await r.t.server.context.db.query(`update rest_test.listings set description = repeat('ab', 2000) || 'c' where id = 4`);
    });
    after(() => r.close());

    it('sets each role its own statement_timeout inside the request transaction', async () => {
      const { db } = r.t.server.context;
      const shown = async (role: 'anon' | 'authenticated' | 'service_role') =>
        (await db.queryAsRole<{ s: string }>({ role, claims: {} }, `select current_setting('statement_timeout') as s`)).rows[0]?.s;
      assert.equal(await shown('anon'), '1s');
      assert.equal(await shown('authenticated'), '2s');
      assert.equal(await shown('service_role'), '0');
    });

    it('cancels an anonymous statement past 1 s with 57014 as PostgREST answers, and the service role has no limit', async () => {
      const { db } = r.t.server.context;
      await assert.rejects(db.queryAsRole({ role: 'anon', claims: {} }, 'select pg_sleep(30)'), { code: '57014' });
      const slow = await db.queryAsRole<{ ok: number }>({ role: 'service_role', claims: {} }, 'select 1 as ok from pg_sleep(1.5)');
      assert.deepEqual(slow.rows, [{ ok: 1 }]);
    });

    it('answers a regex bomb with 500 / 57014 while health and other callers are still answered', async () => {
      const started = Date.now();
      let bombDone = 0;
      const bomb = r.fetch(BOMB).then(async (response) => {
        bombDone = Date.now();
        return { status: response.status, body: (await response.json()) as { code: string; message: string } };
      });
      // The HTTP thread is free: health answers before the bomb has finished.
      const health = await fetch(`${r.t.url}/health`);
      assert.equal(health.status, 200);
      const healthAt = Date.now();
      const { status, body } = await bomb;
      assert.equal(status, 500);
      assert.equal(body.code, '57014');
      assert.equal(body.message, 'canceling statement due to statement timeout');
      assert.ok(healthAt <= bombDone, 'health answered before the bomb was cancelled');
      assert.ok(bombDone - started >= ANON_MS - 50, 'the bomb ran until its timeout');

      // Nothing was lost and the database answers reads and writes afterwards.
      const { data, error } = await r.client().from('categories').select('id').order('id');
      assert.equal(error, null);
      assert.deepEqual(data, [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }]);
      const insert = await r.client(r.alice.token).from('notes').insert({ listing_id: 2, body: 'after the bomb' }).select('body').single();
      assert.equal(insert.error, null);
      assert.equal(insert.data?.body, 'after the bomb');
    });

    it('a signed-in caller gets the authenticated timeout', async () => {
      const started = Date.now();
      const response = await r.fetch(BOMB, { token: r.bob.token });
      assert.equal(response.status, 500);
      assert.equal(((await response.json()) as { code: string }).code, '57014');
      assert.ok(Date.now() - started >= AUTHENTICATED_MS - 50, 'ran for the authenticated limit, not the anon one');
    });

    it('ten bombs in parallel: health keeps answering, every bomb ends in 57014, and other users are served', async () => {
      const bombs = Array.from({ length: 10 }, () => r.fetch(BOMB).then((response) => response.status));
      let settled = false;
      const all = Promise.all(bombs).finally(() => (settled = true));
      const healthAnsweredWhileRunning: boolean[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await fetch(`${r.t.url}/health`);
        assert.equal(response.status, 200);
        healthAnsweredWhileRunning.push(!settled);
      }
      assert.ok(healthAnsweredWhileRunning.some(Boolean), 'health answered while the bombs ran');
      const reader = await r.client(r.alice.token).from('notes').select('body').eq('body', 'after the bomb');
      assert.equal(reader.error, null);
      assert.equal(reader.data?.length, 1);
      // Turns on the embedded database go round-robin between callers: alice waits for at most the
      // bomb that is running, not for all ten.
      assert.equal(settled, false, 'another user was answered before the ten bombs had finished');
      assert.deepEqual(await all, Array(10).fill(500));
    });
  });
}
