import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { AuthWeakPasswordError } from '@supabase/supabase-js';
import { testDatabases, type TestServer } from '../helpers/server.ts';
import { PASSWORD, authFetch, followLink, latestCode, latestLink, startAuthServer, uniqueEmail } from './helpers.ts';

for (const database of await testDatabases()) {
  describe(`auth sign-up and email verification on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startAuthServer(database);
    });
    after(() => t.close());

    it('signs up without a session, mails the link, and the link signs in with the tokens in the hash', async () => {
      const email = uniqueEmail('signup');
      const client = t.client();
      const redirect = `${t.url}/login?verified=true`;
      const { data, error } = await client.auth.signUp({
        email,
        password: PASSWORD,
        options: { data: { name: 'Ada Lovelace', user_type: 'vendor', language: 'de' }, emailRedirectTo: redirect },
      });
      assert.equal(error, null);
      assert.equal(data.session, null, 'confirmation is required');
      assert.equal(data.user?.email, email);
      assert.equal(data.user?.user_metadata.name, 'Ada Lovelace');
      assert.equal(data.user?.identities?.length, 1);
      assert.equal(data.user?.email_confirmed_at, undefined);
      assert.ok(data.user?.confirmation_sent_at);

      const early = await client.auth.signInWithPassword({ email, password: PASSWORD });
      assert.equal(early.error?.code, 'email_not_confirmed');
      assert.equal(early.error?.status, 400);

      const { mail, link } = await latestLink(t, email);
      assert.match(mail.subject, /Bestätigen Sie Ihre E-Mail-Adresse/, 'written in the language from user_metadata');
      assert.equal(link.pathname, '/auth/v1/verify');
      assert.equal(link.searchParams.get('type'), 'signup');
      assert.equal(link.searchParams.get('redirect_to'), redirect);
      assert.ok((link.searchParams.get('token') ?? '').length >= 43, 'a 256-bit token');

      const probe = await fetch(link, { method: 'HEAD', redirect: 'manual' });
      assert.notEqual(probe.status, 303, 'a HEAD probe (link scanner) does not use the token');
      const { status, location, hash } = await followLink(link);
      assert.equal(status, 303);
      assert.equal(`${location.origin}${location.pathname}${location.search}`, redirect);
      assert.deepEqual([...hash.keys()], ['access_token', 'expires_at', 'expires_in', 'refresh_token', 'sb', 'token_type', 'type']);
      assert.equal(hash.get('type'), 'signup');
      assert.equal(hash.get('token_type'), 'bearer');
      assert.equal(hash.get('expires_in'), '3600');

      const fromLink = t.client({ accessToken: hash.get('access_token')! });
      const { data: me } = await fromLink.auth.getUser(hash.get('access_token')!);
      assert.equal(me.user?.email, email);
      assert.ok(me.user?.email_confirmed_at);

      const confirmed = await client.auth.signInWithPassword({ email, password: PASSWORD });
      assert.equal(confirmed.error, null);
      assert.equal(confirmed.data.session?.token_type, 'bearer');

      const again = await followLink(link);
      assert.equal(again.hash.get('error_code'), 'otp_expired', 'a link works once');
      assert.equal(again.hash.get('error'), 'access_denied');
      assert.equal(again.hash.get('error_description'), 'Email link is invalid or has expired');
    });

    it('answers an existing confirmed email with an obfuscated user without identities and sends nothing', async () => {
      const email = uniqueEmail('existing');
      const real = await t.client().auth.signUp({ email, password: PASSWORD });
      await followLink((await latestLink(t, email)).link);
      const { data, error } = await t.client().auth.signUp({ email, password: 'Other#Pass-2026' });
      assert.equal(error, null);
      assert.equal(data.session, null);
      assert.deepEqual(data.user?.identities, []);
      assert.equal(data.user?.email, email);
      assert.notEqual(data.user?.id, real.data.user?.id, 'the real id is not revealed');
      assert.deepEqual(Object.keys(data.user!).sort(), Object.keys(real.data.user!).sort(), 'shaped like a new user');
      const { rows } = await t.server.context.db.query<{ n: number }>('select count(*)::int as n from _modula.mail_outbox where recipient = $1', [email]);
      assert.equal(rows[0]!.n, 1, 'only the first confirmation was mailed');
    });

    it('re-sends the confirmation for an unconfirmed repeat sign-up', async () => {
      const email = uniqueEmail('repeat');
      await t.client().auth.signUp({ email, password: PASSWORD });
      const { data } = await t.client().auth.signUp({ email, password: PASSWORD });
      assert.equal(data.user?.identities?.length, 1);
      const { link } = await latestLink(t, email, 2);
      assert.equal((await followLink(link)).status, 303);
    });

    it('verifies the 6-digit code from the mail with verifyOtp (type signup and email) and by token_hash', async () => {
      const email = uniqueEmail('code');
      await t.client().auth.signUp({ email, password: PASSWORD });
      const wrong = await t.client().auth.verifyOtp({ email, token: '000000', type: 'signup' });
      assert.equal(wrong.error?.code, 'otp_expired');
      assert.equal(wrong.error?.status, 403);
      const code = await latestCode(t, email);
      const { data, error } = await t.client().auth.verifyOtp({ email, token: code, type: 'signup' });
      assert.equal(error, null);
      assert.ok(data.session?.access_token);
      assert.ok(data.user?.email_confirmed_at);

      const second = uniqueEmail('email-type');
      await t.client().auth.signUp({ email: second, password: PASSWORD });
      const secondCode = await latestCode(t, second);
      assert.equal((await t.client().auth.verifyOtp({ email: second, token: secondCode, type: 'email' })).error, null);

      const third = uniqueEmail('hash');
      await t.client().auth.signUp({ email: third, password: PASSWORD });
      const { link } = await latestLink(t, third);
      const byHash = await t.client().auth.verifyOtp({ token_hash: link.searchParams.get('token')!, type: 'signup' });
      assert.equal(byHash.error, null);
      assert.equal(byHash.data.user?.email, third);
    });

    it('treats an expired link as invalid', async () => {
      const email = uniqueEmail('expired');
      await t.client().auth.signUp({ email, password: PASSWORD });
      const { link } = await latestLink(t, email);
      await t.server.context.db.query(
        `update auth.one_time_tokens set created_at = created_at - interval '2 hours' where relates_to = $1`,
        [email],
      );
      const { status, hash } = await followLink(link);
      assert.equal(status, 303);
      assert.equal(hash.get('error_code'), 'otp_expired');
      assert.equal(hash.get('access_token'), null);
    });

    it('refuses weak passwords at sign-up with AuthWeakPasswordError, reasons and the spec messages', async () => {
      const email = uniqueEmail('weak.signup');
      // One address per case: each sign-up attempt counts against the address's limit of 5.
      const cases: [string, string[], RegExp][] = [
        ['Aaaa1111!!!!', ['pattern'], /^Password does not meet security requirements\. Please choose a stronger password\.$/],
        ['Zq7#m', ['length'], /^Password should be at least 8 characters\.$/],
        ['nouppercase1!', ['characters'], /^Password must contain an uppercase letter\.$/],
        ['Password123!', ['pwned'], /This password has been compromised in data breaches\. Please choose a different, unique password for your security\./],
        [`Xy7#${email.split('@')[0]}`, ['email'], /^Password cannot contain your email username\.$/],
        ['Grace#Hopper-1906', ['name'], /^Password cannot contain your name\.$/],
      ];
      for (const [password, reasons, message] of cases) {
        const target = reasons.includes('email') ? email : uniqueEmail('weak');
        const { data, error } = await t.client().auth.signUp({ email: target, password, options: { data: { name: 'Grace Hopper' } } });
        assert.ok(error instanceof AuthWeakPasswordError, password);
        assert.equal(error.status, 422);
        assert.equal(error.code, 'weak_password');
        assert.deepEqual(error.reasons, reasons, password);
        assert.match(error.message, message);
        assert.equal(data.user, null);
      }
    });

    it('refuses a bad email and a missing password with GoTrue errors', async () => {
      const bad = await t.client().auth.signUp({ email: 'not-an-email', password: PASSWORD });
      assert.equal(bad.error?.code, 'validation_failed');
      assert.equal(bad.error?.message, 'Unable to validate email address: invalid format');
      const raw = await authFetch(t, '/signup', { body: { email: uniqueEmail(), password: '' } });
      assert.equal(raw.status, 422);
      assert.equal(raw.json?.code, 'validation_failed');
    });

    it('sends every auth error with code, error_code, msg, message and the version headers', async () => {
      const raw = await authFetch(t, '/token?grant_type=password', { body: { email: uniqueEmail(), password: 'Wrong#Pass-123' } });
      assert.equal(raw.status, 400);
      assert.deepEqual(raw.json, {
        code: 'invalid_credentials',
        error_code: 'invalid_credentials',
        msg: 'Invalid login credentials',
        message: 'Invalid login credentials',
      });
      assert.equal(raw.headers.get('x-sb-error-code'), 'invalid_credentials');
      assert.equal(raw.headers.get('x-supabase-api-version'), '2024-01-01');
      const cors = await fetch(`${t.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: t.anonKey, origin: 'http://localhost:3000', 'content-type': 'application/json' },
        body: '{}',
      });
      assert.match(cors.headers.get('access-control-expose-headers') ?? '', /X-Supabase-Api-Version/);
      const malformed = await fetch(`${t.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: t.anonKey, 'content-type': 'application/json' },
        body: '{"email":',
      });
      assert.equal(malformed.status, 400);
      assert.equal(((await malformed.json()) as { code: string }).code, 'bad_json');
    });

    it('serves settings, health and the JWKS (keyless) as GoTrue does', async () => {
      const settings = await authFetch(t, '/settings');
      assert.equal(settings.status, 200);
      assert.equal((settings.json!.external as Record<string, boolean>).email, true);
      assert.equal(settings.json?.mailer_autoconfirm, false);
      assert.equal((await authFetch(t, '/health')).status, 200);
      const jwks = await fetch(`${t.url}/auth/v1/.well-known/jwks.json`);
      assert.equal(jwks.status, 200);
      assert.equal(jwks.headers.get('cache-control'), 'public, max-age=600');
      const { keys } = (await jwks.json()) as { keys: Record<string, unknown>[] };
      assert.equal(keys[0]!.alg, 'ES256');
      assert.deepEqual(keys[0]!.key_ops, ['verify']);
      assert.equal(keys[0]!.d, undefined, 'never the private key');
    });
  });

  describe(`auth sign-up with MAILER_AUTOCONFIRM on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startAuthServer(database, { config: { autoconfirm: true } });
    });
    after(() => t.close());

    it('returns a session at once and 422 user_already_exists for a second sign-up', async () => {
      const email = uniqueEmail('auto');
      const first = await t.client().auth.signUp({ email, password: PASSWORD });
      assert.equal(first.error, null);
      assert.ok(first.data.session?.access_token);
      assert.ok(first.data.user?.email_confirmed_at);
      const second = await t.client().auth.signUp({ email, password: PASSWORD });
      assert.equal(second.error?.code, 'user_already_exists');
      assert.equal(second.error?.status, 422);
    });
  });
}
