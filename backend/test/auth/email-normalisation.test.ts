import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { testDatabases, type TestServer } from '../helpers/server.ts';
import { normalizeEmail } from '../../../supabase/functions/_shared/email.ts';
import { PASSWORD, authFetch, followLink, inbox, latestCode, latestLink, startAuthServer, waitFor } from './helpers.ts';

// One address, one account (issue 13, item 7): case, surrounding spaces and the trailing dot of a
// fully qualified domain never make a second account, and every entry point finds the same one.

describe('normalizeEmail', () => {
  it('lowercases, trims, applies NFKC and drops the trailing dot of the domain', () => {
    assert.equal(normalizeEmail('  Demo.Customer@Modula.EU. '), 'demo.customer@modula.eu');
    assert.equal(normalizeEmail('ａ@ｘ.eu'), 'a@x.eu');
    assert.equal(normalizeEmail('a@x.eu..'), 'a@x.eu');
    assert.equal(normalizeEmail('first.last@x.eu'), 'first.last@x.eu', 'dots inside the address stay');
  });
});

for (const database of await testDatabases()) {
  describe(`email normalisation on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startAuthServer(database);
    });
    after(() => t.close());

    const fresh = () => `norm.${crypto.randomBytes(4).toString('hex')}@example.com`;
    const accounts = async (email: string) => {
      const { rows } = await t.server.context.db.query<{ email: string }>(`select email from auth.users where rtrim(lower(email), '.') = $1`, [email]);
      return rows.map((r) => r.email);
    };

    it('sign-up with a trailing dot, other case or spaces finds the existing account instead of making a second one', async () => {
      const email = fresh();
      const first = await t.client().auth.signUp({ email: email.toUpperCase(), password: PASSWORD });
      assert.equal(first.data.user?.email, email, 'stored in its one form');
      await followLink((await latestLink(t, email)).link);
      for (const variant of [`${email}.`, `  ${email.toUpperCase()}. `]) {
        const again = await t.client().auth.signUp({ email: variant, password: PASSWORD });
        assert.equal(again.error, null);
        assert.deepEqual(again.data.user?.identities, [], `${variant} is the confirmed account`);
      }
      assert.deepEqual(await accounts(email), [email]);
    });

    it('login, code verification, recover, resend and otp accept the same variants', async () => {
      const email = fresh();
      await t.client().auth.signUp({ email, password: PASSWORD });
      // resend (unconfirmed) and verifyOtp with the dotted form
      assert.equal((await t.client().auth.resend({ type: 'signup', email: `${email}.` })).error, null);
      const code = await latestCode(t, email, 2);
      const verified = await t.client().auth.verifyOtp({ email: ` ${email.toUpperCase()}.`, token: code, type: 'signup' });
      assert.equal(verified.error, null);

      const login = await t.client().auth.signInWithPassword({ email: `${email.toUpperCase()}. `, password: PASSWORD });
      assert.equal(login.error, null);
      assert.equal(login.data.user?.email, email);

      assert.equal((await t.client().auth.resetPasswordForEmail(`${email}.`)).error, null);
      const mailed = (type: string) => async () => (await inbox(t.url, email)).find((m) => m.links.some((l) => l.includes(`type=${type}`)));
      await waitFor(mailed('recovery'), 10_000, 'the recovery mail');
      assert.equal((await t.client().auth.signInWithOtp({ email: `${email}.`, options: { shouldCreateUser: false } })).error, null);
      await waitFor(mailed('magiclink'), 10_000, 'the magic link');
      assert.deepEqual(await accounts(email), [email]);
      assert.equal((await inbox(t.url, `${email}.`)).length, 0, 'nothing went to the dotted form');
    });

    it('the admin API refuses a variant of an existing address and stores new ones normalised', async () => {
      const email = fresh();
      const created = await t.admin().auth.admin.createUser({ email: ` ${email.toUpperCase()}.`, password: PASSWORD, email_confirm: true });
      assert.equal(created.error, null);
      assert.equal(created.data.user?.email, email);
      const twice = await t.admin().auth.admin.createUser({ email: `${email}.`, password: PASSWORD, email_confirm: true });
      assert.equal(twice.error?.code, 'email_exists');
      const other = await t.admin().auth.admin.createUser({ email: fresh(), password: PASSWORD, email_confirm: true });
      const moved = await authFetch(t, `/admin/users/${other.data.user!.id}`, {
        method: 'PUT',
        token: t.serviceRoleKey,
        headers: { apikey: t.serviceRoleKey },
        body: { email: `${email}.` },
      });
      assert.equal(moved.status, 422);
      assert.equal(moved.json?.error_code, 'email_exists');
    });
  });
}
