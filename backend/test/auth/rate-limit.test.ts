import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { PASSWORD, authFetch, confirmedUser, startAuthServer, uniqueEmail } from './helpers.ts';

const login = (t: TestServer, email: string, password: string) =>
  authFetch(t, '/token?grant_type=password', { body: { email, password, gotrue_meta_security: {} } });

async function auditCount(t: TestServer, action: string, email: string): Promise<number> {
  const { rows } = await t.server.context.db.query<{ n: number }>(
    `select count(*)::int as n from auth.audit_log_entries where payload->>'action' = $1 and payload->>'actor_username' = $2`,
    [action, email],
  );
  return rows[0]!.n;
}

for (const database of await testDatabases()) {
  describe(`auth rate limits on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startAuthServer(database);
    });
    after(() => t.close());

    it('refuses the 6th login attempt in the window with 429 over_request_rate_limit, even with the right password', async () => {
      const email = await confirmedUser(t);
      const variants = [email, email.toUpperCase(), ` ${email} `, email, email];
      for (const variant of variants) assert.equal((await login(t, variant, 'Wrong#Pass-2026')).status, 400);
      const sixth = await login(t, email, PASSWORD);
      assert.equal(sixth.status, 429);
      assert.equal(sixth.json?.code, 'over_request_rate_limit');
      assert.equal(sixth.headers.get('x-sb-error-code'), 'over_request_rate_limit');
      assert.match(String(sixth.json?.message), /Please wait 15 minutes before trying again\./);
      const retryAfter = Number(sixth.headers.get('retry-after'));
      assert.ok(retryAfter > 800 && retryAfter <= 900, `Retry-After ${retryAfter}`);
      const viaClient = await t.client().auth.signInWithPassword({ email, password: PASSWORD });
      assert.equal(viaClient.error?.code, 'over_request_rate_limit');
      assert.equal(viaClient.error?.status, 429);
      assert.ok((await auditCount(t, 'rate_limited', email)) >= 2, 'rate limiting is audited');
      assert.equal(await auditCount(t, 'login_failed', email), 5, 'failures are audited');
    });

    it('lets exactly 5 of 20 parallel login attempts through, and hashes only those', async () => {
      const email = await confirmedUser(t);
      const results = await Promise.all(Array.from({ length: 20 }, () => login(t, email, 'Wrong#Pass-2026')));
      const statuses = results.map((r) => r.status);
      assert.equal(statuses.filter((s) => s === 400).length, 5, statuses.join(','));
      assert.equal(statuses.filter((s) => s === 429).length, 15);
      assert.equal(await auditCount(t, 'login_failed', email), 5, 'refused attempts never reached the password check');
    });

    it('limits sign-up attempts per email, also in parallel', async () => {
      const email = uniqueEmail('signup-limit');
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await authFetch(t, '/signup', { body: { email, password: PASSWORD } })).status);
      assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
      const sixth = await t.client().auth.signUp({ email, password: PASSWORD });
      assert.equal(sixth.error?.code, 'over_request_rate_limit');
      assert.match(sixth.error!.message, /Please wait \d+ minutes?/);

      const parallel = uniqueEmail('signup-parallel');
      const results = await Promise.all(Array.from({ length: 20 }, () => authFetch(t, '/signup', { body: { email: parallel, password: PASSWORD } })));
      assert.equal(results.filter((r) => r.status === 429).length, 15);
      assert.ok(results.filter((r) => r.status === 200).length === 5, results.map((r) => r.status).join(','));
      const { rows } = await t.server.context.db.query<{ n: number }>('select count(*)::int as n from auth.users where email = $1', [parallel]);
      assert.equal(rows[0]!.n, 1, 'one account however many parallel sign-ups');
    });

    it('keeps login and sign-up counters apart', async () => {
      const email = await confirmedUser(t);
      for (let i = 0; i < 4; i++) await authFetch(t, '/signup', { body: { email, password: PASSWORD } });
      assert.equal((await login(t, email, PASSWORD)).status, 200);
    });
  });

  describe(`auth per-IP rate limit on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer({ database, config: { rateLimit: { windowSeconds: 900, emailMax: 5, ipMax: 8 } } });
    });
    after(() => t.close());

    it('refuses a password spray across many emails from one address', async () => {
      const statuses = [];
      for (let i = 0; i < 9; i++) statuses.push((await login(t, uniqueEmail('spray'), 'Spray#Pass-2026')).status);
      assert.deepEqual(statuses, [400, 400, 400, 400, 400, 400, 400, 400, 429]);
    });
  });

  if (database === 'postgres') {
    describe('auth rate limits shared by two backend processes on one PostgreSQL', () => {
      const servers: TestServer[] = [];
      before(async () => {
        servers.push(await startAuthServer('postgres'));
        const name = new URL(servers[0]!.config.databaseUrl!).pathname.slice(1);
        const { rateLimit, auth, mail } = servers[0]!.config;
        servers.push(await startTestServer({ database: 'postgres', postgresDatabase: name, config: { rateLimit, auth, mail } }));
      });
      after(async () => {
        for (const s of servers.reverse()) await s.close();
      });

      it('counts attempts against both processes together', async () => {
        const email = uniqueEmail('shared');
        const statuses = [];
        for (let i = 0; i < 6; i++) statuses.push((await login(servers[i % 2]!, email, 'Wrong#Pass-2026')).status);
        assert.deepEqual(statuses, [400, 400, 400, 400, 400, 429]);
      });
    });
  }
}
