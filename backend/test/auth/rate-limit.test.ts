import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { FAILURE_COST } from '../../src/auth/limits.ts';
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

  describe(`auth per-address limit on ${database} (defaults: 300 per 15 minutes, a failure weighs ${FAILURE_COST})`, () => {
    let t: TestServer;
    before(async () => {
      // The default configuration: what an office behind one address meets.
      t = await startTestServer({ database, env: { SEED: 'off' } });
    });
    after(() => t.close());

    it('lets 40 people behind one address sign in, and stops a script guessing passwords from it', async () => {
      assert.deepEqual(t.config.rateLimit, { windowSeconds: 900, emailMax: 5, ipMax: 300 });
      const people = Array.from({ length: 40 }, (_, i) => uniqueEmail(`office${i}`));
      for (const email of people) {
        const { error } = await t.admin().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
        assert.equal(error, null);
      }
      const signIns = [];
      for (const email of people) signIns.push((await login(t, email, PASSWORD)).status);
      assert.deepEqual(signIns, people.map(() => 200), 'the 30-per-address limit stopped the 31st of these');

      // 40 successes cost 40 of 300; each failure costs 10, so the 27th guess is refused.
      const guesses = [];
      for (let i = 0; i < 40; i++) guesses.push((await login(t, uniqueEmail('spray'), 'Spray#Pass-2026')).status);
      assert.deepEqual(guesses, [...Array<number>(26).fill(400), ...Array<number>(14).fill(429)]);
      // The address is limited now, also for its people; another address is not.
      assert.equal((await login(t, people[0]!, PASSWORD)).status, 429);
      const elsewhere = await authFetch(t, '/token?grant_type=password', {
        body: { email: people[1], password: PASSWORD },
        headers: { 'x-forwarded-for': '203.0.113.40' },
      });
      assert.equal(elsewhere.status, 200);
    });

    it('weighs a wrong emailed code like a wrong password', async () => {
      const other = { 'x-forwarded-for': '203.0.113.41' };
      const statuses = [];
      for (let i = 0; i < 31; i++) {
        const response = await authFetch(t, '/verify', { body: { type: 'email', email: uniqueEmail('codes'), token: '000000' }, headers: other });
        statuses.push(response.status);
      }
      assert.deepEqual(statuses, [...Array<number>(30).fill(403), 429]);
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
