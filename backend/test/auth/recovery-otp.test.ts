import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases, type TestServer } from '../helpers/server.ts';
import { OTHER_PASSWORD, PASSWORD, authFetch, confirmedUser, followLink, inbox, latestCode, latestLink, startAuthServer, uniqueEmail, waitForMail } from './helpers.ts';

for (const database of await testDatabases()) {
  describe(`auth recovery, resend and OTP on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startAuthServer(database);
    });
    after(() => t.close());

    it('recovers a password: mail, link with type=recovery, then updateUser in the recovery session', async () => {
      const email = await confirmedUser(t);
      const { data, error } = await t.client().auth.resetPasswordForEmail(email, { redirectTo: `${t.url}/reset-password` });
      assert.equal(error, null);
      assert.deepEqual(data, {});
      const { mail, link } = await latestLink(t, email, 2);
      assert.match(mail.subject, /Reset your Modula password/);
      assert.equal(link.searchParams.get('type'), 'recovery');
      const { status, hash, location } = await followLink(link);
      assert.equal(status, 303);
      assert.equal(location.pathname, '/reset-password');
      assert.equal(hash.get('type'), 'recovery');
      const client = t.client();
      const { error: setError } = await client.auth.setSession({ access_token: hash.get('access_token')!, refresh_token: hash.get('refresh_token')! });
      assert.equal(setError, null);
      const { data: claims } = await client.auth.getClaims();
      assert.equal((claims!.claims.amr as { method: string }[])[0]!.method, 'recovery');
      assert.equal((await client.auth.updateUser({ password: OTHER_PASSWORD })).error, null);
      assert.equal((await t.client().auth.signInWithPassword({ email, password: OTHER_PASSWORD })).error, null);
    });

    it('verifies a recovery code with verifyOtp type recovery', async () => {
      const email = await confirmedUser(t);
      await t.client().auth.resetPasswordForEmail(email);
      const code = await latestCode(t, email, 2);
      const { data, error } = await t.client().auth.verifyOtp({ email, token: code, type: 'recovery' });
      assert.equal(error, null);
      assert.equal(data.user?.email, email);
    });

    it('resends the sign-up confirmation, and a fresh link works', async () => {
      const email = uniqueEmail('resend');
      await t.client().auth.signUp({ email, password: PASSWORD });
      const { error } = await t.client().auth.resend({ type: 'signup', email });
      assert.equal(error, null);
      const { link } = await latestLink(t, email, 2);
      assert.equal((await followLink(link)).hash.get('type'), 'signup');
    });

    it('sends a magic link with a code to an existing account (signInWithOtp) and both sign in', async () => {
      const email = await confirmedUser(t);
      const { error } = await t.client().auth.signInWithOtp({ email, options: { emailRedirectTo: `${t.url}/dashboard` } });
      assert.equal(error, null);
      const { mail, link } = await latestLink(t, email, 2);
      assert.match(mail.subject, /sign-in link/);
      assert.equal(link.searchParams.get('type'), 'magiclink');
      const { hash } = await followLink(link);
      assert.equal(hash.get('type'), 'magiclink');
      assert.ok(hash.get('access_token'));

      await t.client().auth.signInWithOtp({ email });
      const code = await latestCode(t, email, 3);
      const { data, error: codeError } = await t.client().auth.verifyOtp({ email, token: code, type: 'email' });
      assert.equal(codeError, null);
      assert.ok(data.session);
    });

    it('creates an account on first OTP sign-in unless shouldCreateUser is false', async () => {
      const email = uniqueEmail('otp-new');
      assert.equal((await t.client().auth.signInWithOtp({ email, options: { data: { name: 'Otto' } } })).error, null);
      const { link } = await latestLink(t, email);
      assert.equal(link.searchParams.get('type'), 'signup', 'a new user gets a sign-up confirmation');
      const { hash } = await followLink(link);
      const { data } = await t.client().auth.getUser(hash.get('access_token')!);
      assert.equal(data.user?.user_metadata.name, 'Otto');

      const refused = await t.client().auth.signInWithOtp({ email: uniqueEmail('otp-none'), options: { shouldCreateUser: false } });
      assert.equal(refused.error?.code, 'otp_disabled');
      assert.equal(refused.error?.status, 422);
    });

    it('answers recover and resend identically for known and unknown addresses, also when repeated', async () => {
      const known = await confirmedUser(t);
      const unconfirmed = uniqueEmail('pending');
      await t.client().auth.signUp({ email: unconfirmed, password: PASSWORD });
      const unknown = uniqueEmail('nobody');
      const strip = (r: Awaited<ReturnType<typeof authFetch>>) => ({
        status: r.status,
        body: r.text,
        // x-request-id is unique to each response by design.
        headers: [...r.headers.entries()].filter(([k]) => !['date', 'content-length', 'keep-alive', 'connection', 'x-request-id'].includes(k)).sort(),
      });
      for (const path of ['/recover', '/resend']) {
        const answers = [];
        for (const email of [known, unknown, unconfirmed, known, unknown, unconfirmed]) {
          const body = path === '/recover' ? { email } : { email, type: 'signup' };
          answers.push(strip(await authFetch(t, path, { body })));
        }
        for (const answer of answers) assert.deepEqual(answer, answers[0], `${path} answers alike`);
        assert.equal(answers[0]!.status, 200);
        assert.equal(answers[0]!.body, '{}');
      }
      assert.equal((await inbox(t.url, unknown)).length, 0, 'nothing is mailed to an unknown address');
      await waitForMail(t.url, known, 2);
    });

    it('rate-limits mail requests per address regardless of whether it has an account', async () => {
      const known = await confirmedUser(t);
      const unknown = uniqueEmail('nobody');
      for (const email of [known, unknown]) {
        const statuses = [];
        for (let i = 0; i < 6; i++) statuses.push((await authFetch(t, '/recover', { body: { email } })).status);
        assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
      }
    });
  });
}
