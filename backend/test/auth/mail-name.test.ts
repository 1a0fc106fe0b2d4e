import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases, type TestServer } from '../helpers/server.ts';
import { confirmedUser, latestLink, signedIn, startAuthServer } from './helpers.ts';

// After a rename, mail greets the user by the name they chose (issue 19, item 17): the profile is
// where people rename themselves, and the auth metadata mail is written from follows it.

for (const database of await testDatabases()) {
  describe(`mail after a rename on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startAuthServer(database);
    });
    after(() => t.close());

    it('greets with the current profile name, and the next token carries it', async () => {
      const email = await confirmedUser(t, { data: { name: 'Olive Oldname', user_type: 'customer' } });
      const { client, session } = await signedIn(t, email);
      const renamed = await client.from('profiles').update({ name: 'Nora Newname' }).eq('id', session.user.id).select('name');
      assert.equal(renamed.error, null);
      assert.deepEqual(renamed.data, [{ name: 'Nora Newname' }]);

      assert.equal((await t.client().auth.resetPasswordForEmail(email)).error, null);
      const { mail } = await latestLink(t, email, 2);
      assert.match(mail.subject, /password/i);
      assert.match(mail.text, /Nora Newname/);
      assert.doesNotMatch(mail.text, /Olive/);

      const { data } = await client.auth.refreshSession();
      assert.equal(data.session?.user.user_metadata.name, 'Nora Newname');
    });
  });
}
