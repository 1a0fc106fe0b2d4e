import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { inbox, waitForMail } from '../mail/helpers.ts';
import { httpError } from './helpers.ts';

type Answer = { status: string; message: string };

for (const database of await testDatabases()) {
  describe(`newsletter-signup on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer({ database });
    });
    after(() => t.close());

    const signup = (body: Record<string, unknown>, ip = '198.51.100.20') =>
      t.client().functions.invoke<Answer>('newsletter-signup', { body, headers: { 'x-forwarded-for': ip } });

    it('double opt-in: pending with a confirmation mail, the link confirms once, then already subscribed', async () => {
      const email = 'Reader@Example.com';
      const first = await signup({ email, name: 'Ada Reader', language: 'de' });
      assert.equal(first.error, null);
      assert.deepEqual(first.data, { status: 'pending', message: 'Almost there! - Please check your email to confirm your subscription.' });
      const mail = await waitForMail(t.url, 'reader@example.com');
      assert.match(mail.subject, /Modula-Newsletters/, 'in the language asked for');
      const link = mail.links.find((l) => l.includes('/newsletter/confirm?token='));
      assert.ok(link?.startsWith(`${t.url}/newsletter/confirm?token=`), `link ${link}`);
      const token = new URL(String(link)).searchParams.get('token');

      const again = await signup({ email: 'reader@example.com' });
      assert.equal(again.data?.status, 'pending', 'idempotent while pending');
      assert.equal((await inbox(t.url, 'reader@example.com')).length, 1, 'no second mail within minutes');

      const confirmed = await t.client().functions.invoke<Answer>('newsletter-signup', { body: { action: 'confirm', token } });
      assert.deepEqual(confirmed.data, { status: 'confirmed', message: 'Thank you for subscribing!' });
      const twice = await t.client().functions.invoke<Answer>('newsletter-signup', { body: { action: 'confirm', token } });
      assert.equal(twice.data?.status, 'already_confirmed');
      assert.equal((await signup({ email })).data?.status, 'already_subscribed');
      // The trailing dot of the domain, other case and spaces are the same subscriber (issue 13, item 7).
      assert.equal((await signup({ email: ' READER@example.com. ' })).data?.status, 'already_subscribed');
      const { count } = await t.admin().from('newsletter_subscribers').select('id', { count: 'exact', head: true }).like('email', 'reader@example.com%');
      assert.equal(count, 1);

      const { data: row } = await t.admin().from('newsletter_subscribers').select('status, name, language, confirmed_at').eq('email', 'reader@example.com').single();
      assert.equal(row?.status, 'confirmed');
      assert.equal(row?.name, 'Ada Reader');
      assert.equal(row?.language, 'de');
      assert.ok(row?.confirmed_at);
    });

    it('refuses an invalid confirmation token with status invalid', async () => {
      for (const token of ['x'.repeat(43), 'short', 42]) {
        const { status, body } = await httpError((await t.client().functions.invoke('newsletter-signup', { body: { action: 'confirm', token } })).error);
        assert.equal(status, 400);
        assert.equal(body.status, 'invalid');
      }
    });

    it('answers bad input with the spec\'s messages', async () => {
      const missing = await httpError((await signup({ name: 'No Email' })).error);
      assert.equal(missing.status, 400);
      assert.equal(missing.body.message, 'Email required - Please enter your email address to subscribe.');
      const invalid = await httpError((await signup({ email: 'not-an-email' })).error);
      assert.equal(invalid.body.error, 'invalid_email');
      const badAction = await httpError((await signup({ action: 'unsubscribe', email: 'a@example.com' })).error);
      assert.equal(badAction.status, 400);
    });

    it("checks a sign-up with the home page form's schema (shared/src/schemas/newsletter.ts)", async () => {
      const blank = await httpError((await signup({ email: '   ' })).error);
      assert.deepEqual([blank.status, blank.body.error], [400, 'email_required']);
      for (const email of ['ada @example.com', 'ada@example', 42, `${'a'.repeat(250)}@example.com`]) {
        const invalid = await httpError((await signup({ email })).error);
        assert.deepEqual([invalid.status, invalid.body.error, invalid.body.message], [400, 'invalid_email', 'Please enter a valid email address.'], String(email));
      }
      const longName = await httpError((await signup({ email: 'long.name@example.com', name: 'n'.repeat(201) })).error);
      assert.deepEqual([longName.status, longName.body.error, longName.body.message], [400, 'invalid_name', 'Please use at most 200 characters.']);
      const notText = await httpError((await signup({ email: 'typed@example.com', name: ['Ada'] })).error);
      assert.deepEqual([notText.status, notText.body.error], [400, 'invalid_request']);

      const accepted = await signup({ email: '  Trimmed@Example.com ', name: '  Ada Trim  ' }, '198.51.100.21');
      assert.equal(accepted.data?.status, 'pending');
      const { data: row } = await t.admin().from('newsletter_subscribers').select('name').eq('email', 'trimmed@example.com').single();
      assert.equal(row?.name, 'Ada Trim');
      const blankName = await signup({ email: 'blank.name@example.com', name: '   ' }, '198.51.100.21');
      assert.equal(blankName.data?.status, 'pending');
      const { data: unnamed } = await t.admin().from('newsletter_subscribers').select('name').eq('email', 'blank.name@example.com').single();
      assert.equal(unnamed?.name, null);
    });

    it('limits sign-ups per address', async () => {
      const ip = '203.0.113.99';
      const results = [];
      for (let i = 0; i < 21; i += 1) results.push(await signup({ email: `bulk${i}@example.com` }, ip));
      assert.equal(results.filter((r) => r.error === null).length, 20);
      const limited = await httpError(results[20]!.error);
      assert.equal(limited.status, 429);
      assert.equal(limited.body.error, 'rate_limited');
    });
  });
}
