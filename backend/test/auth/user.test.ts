import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { AuthWeakPasswordError } from '@supabase/supabase-js';
import { testDatabases, type TestServer } from '../helpers/server.ts';
import { OTHER_PASSWORD, PASSWORD, authFetch, confirmedUser, followLink, latestCode, latestLink, signedIn, startAuthServer, uniqueEmail, waitForMail } from './helpers.ts';

for (const database of await testDatabases()) {
  describe(`auth user updates on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startAuthServer(database);
    });
    after(() => t.close());

    it('gets the user and merges metadata (null removes a key)', async () => {
      const email = await confirmedUser(t, { data: { name: 'Ben', user_type: 'customer' } });
      const { client } = await signedIn(t, email);
      const { data: got } = await client.auth.getUser();
      assert.equal(got.user?.email, email);
      assert.equal(got.user?.user_metadata.user_type, 'customer');
      const { data, error } = await client.auth.updateUser({ data: { company: 'Timber & Co', user_type: null } });
      assert.equal(error, null);
      assert.equal(data.user?.user_metadata.company, 'Timber & Co');
      assert.equal(data.user?.user_metadata.name, 'Ben');
      assert.equal('user_type' in (data.user?.user_metadata ?? {}), false);
    });

    it('refuses app_metadata from the user, same_password and weak passwords with reasons', async () => {
      const email = await confirmedUser(t, { email: uniqueEmail('rules'), data: { name: 'Rosalind Franklin' } });
      const { session, client } = await signedIn(t, email);
      const app = await authFetch(t, '/user', { method: 'PUT', token: session.access_token, body: { app_metadata: { role: 'admin' } } });
      assert.equal(app.status, 403);
      assert.equal(app.json?.code, 'not_admin');

      const same = await client.auth.updateUser({ password: PASSWORD });
      assert.equal(same.error?.code, 'same_password');
      assert.equal(same.error?.status, 422);
      assert.equal(same.error?.message, 'New password should be different from the old password.');

      const weak = await client.auth.updateUser({ password: 'password' });
      assert.ok(weak.error instanceof AuthWeakPasswordError);
      assert.equal(weak.error.code, 'weak_password');
      assert.deepEqual(weak.error.reasons, ['characters', 'pwned']);
      assert.match(weak.error.message, /Password must contain an uppercase letter, a number and a special character\./);

      const named = await client.auth.updateUser({ password: 'Rosalind#Franklin9' });
      assert.deepEqual((named.error as AuthWeakPasswordError).reasons, ['name']);
      assert.match(named.error!.message, /Password cannot contain your name\./);
      const local = email.split('@')[0]!;
      const mailed = await client.auth.updateUser({ password: `X9!${local}` });
      assert.deepEqual((mailed.error as AuthWeakPasswordError).reasons, ['email']);
      assert.match(mailed.error!.message, /Password cannot contain your email username\./);
      const short = await client.auth.updateUser({ password: 'Ab1!x' });
      assert.deepEqual((short.error as AuthWeakPasswordError).reasons, ['length']);
      assert.match(short.error!.message, /at least 8 characters/);
    });

    it('changes the password in a fresh session and ends the other sessions', async () => {
      const email = await confirmedUser(t);
      const other = await signedIn(t, email);
      const { client } = await signedIn(t, email);
      const { error } = await client.auth.updateUser({ password: OTHER_PASSWORD });
      assert.equal(error, null);
      assert.equal((await authFetch(t, '/user', { token: other.session.access_token })).json?.code, 'session_not_found');
      assert.equal((await t.client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code, 'invalid_credentials');
      assert.equal((await t.client().auth.signInWithPassword({ email, password: OTHER_PASSWORD })).error, null);
    });

    it('asks an old session for reauthentication, and accepts the emailed nonce', async () => {
      const email = await confirmedUser(t);
      const { client, session } = await signedIn(t, email);
      const sessionId = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()).session_id as string;
      await t.server.context.db.query(`update auth.sessions set created_at = now() - interval '25 hours' where id = $1`, [sessionId]);
      const refused = await client.auth.updateUser({ password: OTHER_PASSWORD });
      assert.equal(refused.error?.code, 'reauthentication_needed');
      assert.equal(refused.error?.status, 400);
      assert.equal((await client.auth.reauthenticate()).error, null);
      const nonce = await latestCode(t, email, 2);
      const wrong = await client.auth.updateUser({ password: OTHER_PASSWORD, nonce: nonce === '123456' ? '654321' : '123456' });
      assert.equal(wrong.error?.code, 'reauthentication_not_valid');
      const { error } = await client.auth.updateUser({ password: OTHER_PASSWORD, nonce });
      assert.equal(error, null);
      assert.equal((await t.client().auth.signInWithPassword({ email, password: OTHER_PASSWORD })).error, null);
    });

    it('changes the email only after the new address confirms, and tells the old address', async () => {
      const email = await confirmedUser(t);
      const { client } = await signedIn(t, email);
      const newEmail = uniqueEmail('moved');
      const { data, error } = await client.auth.updateUser({ email: newEmail }, { emailRedirectTo: `${t.url}/profile` });
      assert.equal(error, null);
      assert.equal(data.user?.email, email, 'unchanged until confirmed');
      assert.equal(data.user?.new_email, newEmail);
      const notice = await waitForMail(t.url, email, 2);
      assert.match(notice.text, new RegExp(newEmail.replace(/\./g, '\\.')));
      const { link } = await latestLink(t, newEmail);
      assert.equal(link.searchParams.get('type'), 'email_change');
      const { status, hash, location } = await followLink(link);
      assert.equal(status, 303);
      assert.equal(location.pathname, '/profile');
      assert.equal(hash.get('type'), 'email_change');
      const { data: moved } = await t.client().auth.getUser(hash.get('access_token')!);
      assert.equal(moved.user?.email, newEmail);
      assert.equal((await t.client().auth.signInWithPassword({ email: newEmail, password: PASSWORD })).error, null);
      assert.equal((await t.client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code, 'invalid_credentials');
    });

    it('refuses an email that another account uses', async () => {
      const taken = await confirmedUser(t);
      const email = await confirmedUser(t);
      const { client } = await signedIn(t, email);
      const { error } = await client.auth.updateUser({ email: taken });
      assert.equal(error?.code, 'email_exists');
      assert.equal(error?.status, 422);
    });
  });
}
