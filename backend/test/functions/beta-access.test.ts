import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { resolveBetaAccessCode } from '../../src/functions/beta-code.ts';
import { loadConfig } from '../../src/config.ts';
import { BETA_GLOBAL_KEY, BETA_GLOBAL_LIMIT, BETA_RATE_LIMIT } from '../../../supabase/functions/beta-access/index.ts';

const CODE = 'Modula2026';

async function errorBody(error: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  assert.ok(error instanceof FunctionsHttpError, `expected FunctionsHttpError, got ${String(error)}`);
  const response = error.context as Response;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

for (const database of await testDatabases()) {
  describe(`beta-access on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer({ database, env: { BETA_ACCESS_CODE: CODE } });
    });
    after(() => t.close());

    const invoke = (body: unknown, ip: string) =>
      t.client().functions.invoke<{ granted: boolean }>('beta-access', { body: body as Record<string, unknown>, headers: { 'x-forwarded-for': ip } });

    it('grants the right code, trimmed and case-insensitively, and refuses a wrong one', async () => {
      const right = await invoke({ code: `  ${CODE.toUpperCase()} ` }, '198.51.100.1');
      assert.equal(right.error, null);
      assert.deepEqual(right.data, { granted: true });
      const wrong = await invoke({ code: '123456' }, '198.51.100.1');
      assert.deepEqual(wrong.data, { granted: false });
    });

    it('never sends the code back', async () => {
      const response = await fetch(`${t.url}/functions/v1/beta-access`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: 'nope' }),
      });
      assert.equal(response.status, 200);
      assert.ok(!(await response.text()).toLowerCase().includes(CODE.toLowerCase()));
    });

    it('answers bad input with a 400 the client can read', async () => {
      const missing = await errorBody((await invoke({ nothing: true }, '198.51.100.2')).error);
      assert.equal(missing.status, 400);
      assert.equal(missing.body.error, 'invalid_request');
      const notJson = await fetch(`${t.url}/functions/v1/beta-access`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"code":' });
      assert.equal(notJson.status, 400);
      assert.equal(((await notJson.json()) as { error: string }).error, 'invalid_json');
      const get = await fetch(`${t.url}/functions/v1/beta-access`);
      assert.equal(get.status, 405);
    });

    it('limits wrong guesses per address, even when they arrive in parallel', async () => {
      const ip = '203.0.113.7';
      const results = await Promise.all(Array.from({ length: 20 }, () => invoke({ code: '000000' }, ip)));
      const ok = results.filter((r) => r.error === null);
      assert.equal(ok.length, 10);
      const limited = await errorBody(results.find((r) => r.error)?.error);
      assert.equal(limited.status, 429);
      assert.equal(limited.body.error, 'rate_limited');
      assert.ok(typeof limited.body.retryAfter === 'number' && limited.body.retryAfter > 0 && limited.body.retryAfter <= 900);
      // Once limited, even the right code is refused from that address, but not from another.
      assert.equal((await errorBody((await invoke({ code: CODE }, ip)).error)).status, 429);
      assert.deepEqual((await invoke({ code: CODE }, '203.0.113.8')).data, { granted: true });
    });

    it('does not count right codes against the limit', async () => {
      for (let i = 0; i < 15; i += 1) {
        assert.deepEqual((await invoke({ code: CODE }, '192.0.2.44')).data, { granted: true });
      }
    });

    it('limits wrong guesses across all addresses: 100 an hour, then a cool-down for everyone (issue 13, item 15)', async () => {
      await t.server.context.db.query(`delete from _modula.function_rate_limits where key like 'beta-access:%'`);
      // Rotating X-Forwarded-For gives every guess its own address, as in the audit; none reaches its own limit.
      const guesses = Array.from({ length: BETA_GLOBAL_LIMIT.max }, (_, i) => `10.${Math.floor(i / 250)}.${i % 250}.9`);
      for (const [i, ip] of guesses.entries()) {
        const { data } = await invoke({ code: String(100000 + i) }, ip);
        assert.deepEqual(data, { granted: false }, `guess ${i + 1}`);
      }
      const next = await errorBody((await invoke({ code: '999999' }, '192.0.2.200')).error);
      assert.equal(next.status, 429);
      assert.ok(Number(next.body.retryAfter) > 0 && Number(next.body.retryAfter) <= 3600);
      // Even the right code waits: otherwise the guessing would simply go on.
      assert.equal((await errorBody((await invoke({ code: CODE }, '192.0.2.201')).error)).status, 429);
      const { rows } = await t.server.context.db.query<{ hits: number }>(`select hits from _modula.function_rate_limits where key = 'beta-access:192.0.2.201'`);
      assert.equal(rows[0]?.hits ?? 0, 0, 'a refused attempt is not counted against its address');
      // The hour passes: guesses are counted afresh.
      await t.server.context.db.query(`update _modula.function_rate_limits set window_start = now() - interval '61 minutes' where key = $1`, [BETA_GLOBAL_KEY]);
      assert.deepEqual((await invoke({ code: CODE }, '192.0.2.202')).data, { granted: true });
    });

    it('answers an unknown function with 404', async () => {
      const { error } = await t.client().functions.invoke('no-such-function', { body: {} });
      assert.equal((await errorBody(error)).status, 404);
    });
  });
}

for (const database of await testDatabases()) {
  describe(`beta-access behind no trusted proxy on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      // The test client (127.0.0.1) is not a trusted proxy here, so its X-Forwarded-For is ignored.
      t = await startTestServer({ database, env: { BETA_ACCESS_CODE: CODE, TRUSTED_PROXIES: '10.9.9.9', SEED: 'off' } });
    });
    after(() => t.close());

    it('counts wrong codes per resolved client address: a rotated X-Forwarded-For is the same client', async () => {
      for (let i = 0; i < BETA_RATE_LIMIT.max; i += 1) {
        const { data } = await t.client().functions.invoke('beta-access', { body: { code: '000000' }, headers: { 'x-forwarded-for': `198.18.0.${i}` } });
        assert.deepEqual(data, { granted: false });
      }
      const { error } = await t.client().functions.invoke('beta-access', { body: { code: '000000' }, headers: { 'x-forwarded-for': '198.18.1.1' } });
      assert.equal((await errorBody(error)).status, 429);
    });
  });
}

describe('the generated beta code (embedded default)', () => {
  it('is six digits, kept in the data dir and reused; BETA_ACCESS_CODE wins', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-beta-'));
    try {
      const lines: string[] = [];
      const log = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m), error: (m: string) => lines.push(m) };
      const config = loadConfig({ DATA_DIR: dataDir, MODE: 'embedded' });
      const first = resolveBetaAccessCode(config, log);
      assert.match(first ?? '', /^\d{6}$/);
      assert.equal(fs.readFileSync(path.join(dataDir, 'beta-access-code'), 'utf8').trim(), first);
      assert.ok(lines.some((line) => line.includes(first ?? 'x')), 'the code is printed at start');
      assert.equal(resolveBetaAccessCode(config, log), first);
      assert.equal(resolveBetaAccessCode(loadConfig({ DATA_DIR: dataDir, BETA_ACCESS_CODE: 'chosen' }), log), 'chosen');
      assert.equal(resolveBetaAccessCode(loadConfig({ DATA_DIR: dataDir, MODE: 'production' }), log), undefined);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
