import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases, type TestServer } from '../helpers/server.ts';
import { PASSWORD, confirmedUser, followLink, latestLink, startAuthServer } from './helpers.ts';

// Targeted lockout (issue 13, item 6): five wrong passwords from anywhere hold the password path for
// 15 minutes (the spec's limit stays), but the owner still gets in with an emailed sign-in link, and
// that path has limits of its own which a stranger cannot turn into a lockout either.

for (const database of await testDatabases()) {
  describe(`sign-in while the password limit holds on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startAuthServer(database);
    });
    after(() => t.close());

    it('the owner signs in with an emailed link while wrong passwords have locked the password path', async () => {
      const email = await confirmedUser(t);
      for (let i = 0; i < 5; i++) {
        assert.equal((await t.client().auth.signInWithPassword({ email, password: 'Wrong#Guess-42' })).error?.code, 'invalid_credentials');
      }
      const locked = await t.client().auth.signInWithPassword({ email, password: PASSWORD });
      assert.equal(locked.error?.status, 429, 'even the right password waits: the spec limit holds');

      const asked = await t.client().auth.signInWithOtp({ email, options: { shouldCreateUser: false, emailRedirectTo: `${t.url}/` } });
      assert.equal(asked.error, null, 'the emailed-link path is not locked by password failures');
      const { link } = await latestLink(t, email, 2);
      assert.equal(link.searchParams.get('type'), 'magiclink');
      const { status, hash } = await followLink(link);
      assert.equal(status, 303);
      const { data } = await t.client().auth.getUser(hash.get('access_token')!);
      assert.equal(data.user?.email, email);
    });

    it('limits the links per address, and the newest link mailed keeps working while the limit holds', async () => {
      const email = await confirmedUser(t);
      // Someone else asks for links to this address until the limit (5 per address per window) holds.
      for (let i = 0; i < 5; i++) assert.equal((await t.client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error, null);
      const refused = await t.client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
      assert.equal(refused.error?.status, 429);
      assert.match(refused.error?.message ?? '', /Please wait \d+ minutes? before trying again/);
      // Every request mailed the owner; the newest link in their mailbox still signs them in.
      const { link } = await latestLink(t, email, 6);
      const { hash } = await followLink(link);
      assert.ok(hash.get('access_token'), `signed in, not ${hash.get('error_code')}`);
    });
  });
}
