import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/server.ts';
import { startRestTest, type RestTestContext } from './fixture.ts';
import { jsonDepth } from '../../src/gateway/json-limits.ts';

// Issue 13 items 2 and 3: JSON bodies are limited to BODY_LIMIT (1 MB by default) and answered 413,
// and nesting deeper than JSON_MAX_DEPTH (64) is refused with 400 before it reaches the database,
// on every API that takes JSON (REST tables and functions, auth, edge functions, the rest of the app).

const nested = (levels: number, leaf = '1') => '['.repeat(levels) + leaf + ']'.repeat(levels);
const nestedObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

describe('jsonDepth', () => {
  it('counts objects and arrays, not brackets inside strings or escaped quotes', () => {
    assert.equal(jsonDepth('1'), 0);
    assert.equal(jsonDepth('{"a":[1,{"b":2}]}'), 3);
    assert.equal(jsonDepth('{"a":"[[[[[[\\"{{{{"}'), 1);
    assert.equal(jsonDepth(nested(5000)), 5000);
    assert.equal(jsonDepth(nested(5000), 64), 65, 'stops counting past the limit');
  });
});

for (const database of await testDatabases()) {
  describe(`JSON body limits (${database})`, () => {
    let r: RestTestContext;
    before(async () => {
      r = await startRestTest(database);
    });
    after(() => r.close());

    const post = (path: string, body: string, token?: string) =>
      r.fetch(path, { method: 'POST', body, token, headers: { 'Content-Type': 'application/json', Prefer: 'return=minimal' } });

    it('answers 413 with a JSON error for a REST body over 1 MB, and stores nothing', async () => {
      const big = JSON.stringify({ listing_id: 1, body: 'x'.repeat(1024 * 1024) });
      const response = await post('notes', big, r.alice.token);
      assert.equal(response.status, 413);
      const body = (await response.json()) as { code: string; message: string };
      assert.equal(body.code, 'PGRST413');
      assert.equal(body.message, 'Request body is larger than 1 MB');
      const { count } = await r.admin().from('notes').select('*', { count: 'exact', head: true }).eq('user_id', r.alice.id);
      assert.equal(count, 2);
    });

    it('still accepts a body just under the limit', async () => {
      const response = await post('notes', JSON.stringify({ listing_id: 1, body: 'y'.repeat(1000 * 1000) }), r.alice.token);
      assert.equal(response.status, 201);
    });

    it('refuses JSON nested 5,000 levels deep with 400 on tables, RPC and functions, never 500', async () => {
      for (const [path, body] of [
        ['notes', `{"listing_id":1,"body":"deep","extra":${nested(5000)}}`],
        ['notes', `[${nestedObject(5000)}]`],
        ['rpc/echo', `{"": ${nested(5000)}}`],
        ['rpc/add_numbers', `{"a": ${nested(100)}, "b": 1}`],
      ] as const) {
        const response = await post(path, body, r.alice.token);
        assert.equal(response.status, 400, path);
        const error = (await response.json()) as { code: string; message: string };
        assert.deepEqual(error, { code: 'PGRST102', details: null, hint: null, message: 'JSON nesting is deeper than 64 levels' });
      }
      // 64 levels is fine: the function gets its argument (echo's one unnamed json parameter takes the whole body).
      const ok = await r.fetch('rpc/echo', { method: 'POST', body: `{"": ${nested(63)}}`, headers: { 'Content-Type': 'application/json' } });
      assert.equal(ok.status, 200);
      assert.equal(jsonDepth(await ok.text()), 64);
    });

    it('refuses deep and huge bodies on auth, functions and the other JSON routes too', async () => {
      const headers = { apikey: r.t.anonKey, 'Content-Type': 'application/json' };
      const signup = await fetch(`${r.t.url}/auth/v1/signup`, { method: 'POST', headers, body: `{"email":"deep@example.test","password":"x","data":${nested(5000)}}` });
      assert.equal(signup.status, 400);
      assert.match(((await signup.json()) as { msg?: string; message?: string }).msg ?? '', /deeper than 64 levels/);

      const fnDeep = await fetch(`${r.t.url}/functions/v1/newsletter-signup`, { method: 'POST', headers, body: nested(5000) });
      assert.equal(fnDeep.status, 400);
      assert.deepEqual(await fnDeep.json(), { code: 'INVALID_JSON', message: 'JSON nesting is deeper than 64 levels' });
      const fnHuge = await fetch(`${r.t.url}/functions/v1/newsletter-signup`, { method: 'POST', headers, body: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }) });
      assert.equal(fnHuge.status, 413);
      assert.deepEqual(await fnHuge.json(), { code: 'REQUEST_TOO_LARGE', message: 'Request body is larger than 1 MB' });

      const bucket = await fetch(`${r.t.url}/storage/v1/bucket`, { method: 'POST', headers: { ...headers, Authorization: `Bearer ${r.t.serviceRoleKey}` }, body: `{"name":${nested(5000, '"b"')}}` });
      assert.equal(bucket.status, 400);
    });
  });
}
