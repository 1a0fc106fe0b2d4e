import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases, type TestServer } from '../helpers/server.ts';
import { PASSWORD, authFetch, confirmedUser, signedIn, startAuthServer, uniqueEmail } from './helpers.ts';

for (const database of await testDatabases()) {
  describe(`auth admin API on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startAuthServer(database);
    });
    after(() => t.close());

    it('creates a confirmed user with metadata who can sign in at once (as the seed does)', async () => {
      const email = uniqueEmail('seeded');
      const { data, error } = await t.admin().auth.admin.createUser({
        email,
        password: 'ModulaDemo!2026',
        email_confirm: true,
        user_metadata: { name: 'Lukas Brenner', user_type: 'vendor' },
        app_metadata: { role: 'admin' },
      });
      assert.equal(error, null);
      assert.ok(data.user?.email_confirmed_at);
      assert.equal(data.user?.user_metadata.user_type, 'vendor');
      assert.equal(data.user?.app_metadata.role, 'admin');
      assert.equal(data.user?.app_metadata.provider, 'email');
      const { session } = await signedIn(t, email, 'ModulaDemo!2026');
      assert.ok(session.access_token);

      const again = await t.admin().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
      assert.equal(again.error?.code, 'email_exists');
      assert.equal(again.error?.status, 422);
      const weak = await t.admin().auth.admin.createUser({ email: uniqueEmail(), password: 'password1' });
      assert.equal(weak.error?.code, 'weak_password');
    });

    it('lists with pagination, gets, updates and deletes users', async () => {
      const emails: string[] = [];
      for (let i = 0; i < 3; i++) emails.push(await confirmedUser(t));
      const page = await t.admin().auth.admin.listUsers({ page: 1, perPage: 2 });
      assert.equal(page.error, null);
      assert.equal(page.data.users.length, 2);
      assert.ok((page.data as { total?: number }).total! >= 3);
      assert.equal((page.data as { nextPage?: number | null }).nextPage, 2);

      const target = (await t.admin().auth.admin.listUsers({ perPage: 1000 })).data.users.find((u) => u.email === emails[0])!;
      const got = await t.admin().auth.admin.getUserById(target.id);
      assert.equal(got.data.user?.email, emails[0]);

      const updated = await t.admin().auth.admin.updateUserById(target.id, {
        user_metadata: { name: 'Renamed' },
        app_metadata: { role: 'admin' },
        password: 'Fresh#Password-77',
      });
      assert.equal(updated.error, null);
      assert.equal(updated.data.user?.user_metadata.name, 'Renamed');
      assert.equal(updated.data.user?.app_metadata.role, 'admin');
      assert.equal((await t.client().auth.signInWithPassword({ email: emails[0]!, password: 'Fresh#Password-77' })).error, null);

      const { session } = await signedIn(t, emails[1]!);
      const banned = await t.admin().auth.admin.updateUserById((await t.admin().auth.admin.listUsers({ perPage: 1000 })).data.users.find((u) => u.email === emails[1])!.id, {
        ban_duration: '24h',
      });
      assert.ok(banned.data.user?.banned_until);
      assert.equal((await authFetch(t, '/user', { token: session.access_token })).json?.code, 'session_not_found', 'a ban ends sessions');
      assert.equal((await t.client().auth.signInWithPassword({ email: emails[1]!, password: PASSWORD })).error?.code, 'user_banned');

      const deleted = await t.admin().auth.admin.deleteUser(target.id);
      assert.equal(deleted.error, null);
      const gone = await t.admin().auth.admin.getUserById(target.id);
      assert.equal(gone.error?.code, 'user_not_found');
      assert.equal(gone.error?.status, 404);
    });

    it('is for the service role only', async () => {
      const email = await confirmedUser(t);
      const { client, session } = await signedIn(t, email);
      const asAnon = await authFetch(t, '/admin/users');
      assert.equal(asAnon.status, 403);
      assert.equal(asAnon.json?.code, 'not_admin');
      const asUser = await authFetch(t, '/admin/users', { token: session.access_token });
      assert.equal(asUser.status, 403);
      const viaClient = await client.auth.admin.listUsers();
      assert.equal(viaClient.error?.status, 403);
    });
  });
}
