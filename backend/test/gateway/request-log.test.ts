import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { captureLog, type CapturedLog } from '../helpers/log.ts';
import { waitFor } from '../mail/helpers.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function linesOf(log: CapturedLog, requestId: string) {
  return log.entries.filter((entry) => entry.reqId === requestId);
}

/** The "request completed" line is written after the response; wait for it rather than for a while. */
function completed(log: CapturedLog, requestId: string) {
  return waitFor(() => linesOf(log, requestId).find((entry) => entry.msg === 'request completed'), 5_000, `the log line of ${requestId}`);
}

for (const database of await testDatabases()) {
  describe(`request ids and the request log on ${database}`, () => {
    let t: TestServer;
    const log = captureLog();
    before(async () => {
      t = await startTestServer({ database, env: { LOG_LEVEL: 'info', SEED: 'off' }, logDestination: log.destination });
    });
    after(() => t?.close());

    it('answers every request with X-Request-Id and logs it once, as JSON with that id', async () => {
      const response = await fetch(`${t.url}/health`);
      const id = response.headers.get('x-request-id') ?? '';
      assert.match(id, UUID);
      const line = await completed(log, id);
      assert.deepEqual(
        { method: line.method, url: line.url, statusCode: line.statusCode, ip: line.ip, level: line.level },
        { method: 'GET', url: '/health', statusCode: 200, ip: '127.0.0.1', level: 30 },
      );
      assert.equal(typeof line.responseTime, 'number');
      assert.equal(linesOf(log, id).length, 1, 'one line per request');
      // A refused request (no API key) gets an id too, and browsers may read it.
      const refused = await fetch(`${t.url}/rest/v1/listings`, { headers: { origin: 'http://localhost:5173' } });
      assert.equal(refused.status, 401);
      assert.match(refused.headers.get('x-request-id') ?? '', UUID);
      assert.match(refused.headers.get('access-control-expose-headers') ?? '', /X-Request-Id/);
    });

    it('an error line carries the id the client was given', async () => {
      const db = t.server.context.db;
      await db.exec(`
        create function public.request_log_failure() returns integer language plpgsql as $$
        begin raise exception 'request-log test failure' using errcode = 'XX000'; end $$;
        grant execute on function public.request_log_failure() to anon;
        notify pgrst, 'reload schema';`);
      const call = () => fetch(`${t.url}/rest/v1/rpc/request_log_failure`, { method: 'POST', headers: { apikey: t.anonKey, 'content-type': 'application/json' }, body: '{}' });
      // The schema cache reloads on the notification; until then the function is unknown (404).
      const response = await waitFor(async () => {
        const answer = await call();
        await answer.arrayBuffer();
        return answer.status === 404 ? undefined : answer;
      }, 10_000, 'the schema cache to see the new function');
      assert.equal(response.status, 500);
      const id = response.headers.get('x-request-id') ?? '';
      assert.match(id, UUID);
      await completed(log, id);
      const error = linesOf(log, id).find((entry) => entry.level === 50);
      assert.ok(error, `an error line with reqId ${id}: ${JSON.stringify(linesOf(log, id))}`);
      assert.match(JSON.stringify(error.err), /request-log test failure/);
      assert.equal(error.code, 'XX000');
    });

    it('takes a sane X-Request-Id from a trusted proxy, and replaces one that is not', async () => {
      const passed = await fetch(`${t.url}/health`, { headers: { 'x-request-id': 'a0f3c1e9b2d84f67a5c3e1d2b4f6a8c0' } });
      assert.equal(passed.headers.get('x-request-id'), 'a0f3c1e9b2d84f67a5c3e1d2b4f6a8c0');
      await completed(log, 'a0f3c1e9b2d84f67a5c3e1d2b4f6a8c0');
      for (const insane of ['has spaces in it', 'x'.repeat(200), '"},{"level":60']) {
        const replaced = await fetch(`${t.url}/health`, { headers: { 'x-request-id': insane } });
        assert.match(replaced.headers.get('x-request-id') ?? '', UUID, insane);
      }
    });

    it('logs no credentials from the query string', async () => {
      const response = await fetch(`${t.url}/auth/v1/verify?token=secret-link-token&type=signup&redirect_to=http://localhost/`, { redirect: 'manual' });
      const line = await completed(log, response.headers.get('x-request-id') ?? '');
      assert.equal(line.url, '/auth/v1/verify?token=redacted&type=signup&redirect_to=http://localhost/');
      assert.doesNotMatch(JSON.stringify(log.entries), /secret-link-token/);
    });
  });
}

describe('request ids from untrusted peers', () => {
  it('ignores X-Request-Id from a peer that is not a trusted proxy', async () => {
    const t = await startTestServer({ database: 'pglite', env: { TRUSTED_PROXIES: '10.9.9.9', SEED: 'off' } });
    try {
      const response = await fetch(`${t.url}/health`, { headers: { 'x-request-id': 'chosen-by-the-client' } });
      assert.match(response.headers.get('x-request-id') ?? '', UUID);
    } finally {
      await t.close();
    }
  });
});
