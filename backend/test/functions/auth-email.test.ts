import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { inbox, waitForMail } from '../mail/helpers.ts';
import { createUser, httpError } from './helpers.ts';

for (const database of await testDatabases()) {
  describe(`auth-email on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer({ database });
    });
    after(() => t.close());

    it('sends the welcome email once, in the user\'s language, to the user\'s own confirmed address', async () => {
      const user = await createUser(t, { metadata: { user_type: 'vendor', preferred_language: 'fr', name: 'Chloé' } });
      const sent = await user.client.functions.invoke('auth-email', { body: { to: user.email, type: 'welcome', name: 'Chloé', userType: 'vendor' } });
      assert.equal(sent.error, null);
      assert.deepEqual(sent.data, { sent: true });
      const mail = await waitForMail(t.url, user.email);
      assert.equal(mail.subject, 'Bienvenue sur Modula');
      assert.match(mail.text, /Chloé/);
      assert.ok(mail.links.includes(`${t.url}/dashboard`));
      const again = await user.client.functions.invoke('auth-email', { body: { to: user.email, type: 'welcome', name: 'Chloé', userType: 'vendor' } });
      assert.deepEqual(again.data, { sent: false, reason: 'already_sent' });
      // Mail only leaves through the outbox: one row for this address means one mail, without waiting.
      const { rows } = await t.server.context.db.query<{ n: number }>('select count(*)::int as n from _modula.mail_outbox where recipient = $1', [user.email]);
      assert.equal(rows[0]!.n, 1);
      assert.equal((await inbox(t.url, user.email)).length, 1);
    });

    it('refuses to welcome someone else\'s address, or anyone without a session', async () => {
      const user = await createUser(t);
      const other = await httpError((await user.client.functions.invoke('auth-email', { body: { to: 'victim@example.com', type: 'welcome', name: 'X' } })).error);
      assert.equal(other.status, 403);
      const anonymous = await httpError((await t.client().functions.invoke('auth-email', { body: { to: user.email, type: 'welcome' } })).error);
      assert.equal(anonymous.status, 401);
    });

    it('resends the verification email through Auth for an unconfirmed account', async () => {
      const pending = await createUser(t, { confirmed: false });
      const result = await t.client().functions.invoke('auth-email', { body: { to: pending.email, type: 'verify', name: 'Test', userType: 'customer' } });
      assert.equal(result.error, null);
      assert.deepEqual(result.data, { sent: true });
      const mail = await waitForMail(t.url, pending.email);
      assert.ok(mail.links.some((l) => l.includes('/auth/v1/verify')), 'the confirmation link');
      // An unknown address gets the same answer (no account enumeration) and no mail.
      const unknown = await t.client().functions.invoke('auth-email', { body: { to: 'nobody-here@example.com', type: 'verify' } });
      assert.deepEqual(unknown.data, { sent: true });
    });

    it('answers bad input with 400', async () => {
      for (const body of [{ to: 'nope', type: 'welcome' }, { to: 'a@example.com', type: 'reset' }, { to: 'a@example.com', type: 'verify', userType: 'admin' }]) {
        const { status } = await httpError((await t.client().functions.invoke('auth-email', { body })).error);
        assert.equal(status, 400, JSON.stringify(body));
      }
    });
  });
}
