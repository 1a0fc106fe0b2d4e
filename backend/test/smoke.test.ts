import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, testDatabases, type TestServer } from './helpers/server.ts';

for (const database of await testDatabases()) {
  describe(`backend start-up on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer({ database });
    });
    after(() => t.close());

    it('answers health and serves the browser config with the anon key', async () => {
      const health = await fetch(`${t.url}/health`).then((r) => r.json() as Promise<Record<string, unknown>>);
      assert.equal(health.status, 'ok');
      const config = await fetch(`${t.url}/config.json`).then((r) => r.json() as Promise<Record<string, unknown>>);
      assert.equal(config.supabaseAnonKey, t.anonKey);
    });

    it('refuses API calls without a known API key, as Supabase\'s gateway does', async () => {
      const none = await fetch(`${t.url}/rest/v1/anything`);
      assert.equal(none.status, 401);
      assert.equal(((await none.json()) as { message: string }).message, 'No API key found in request');
      const wrong = await fetch(`${t.url}/rest/v1/anything`, { headers: { apikey: 'nope' } });
      assert.equal(wrong.status, 401);
      assert.equal(((await wrong.json()) as { message: string }).message, 'Invalid API key');
    });
  });
}
