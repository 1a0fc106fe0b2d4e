import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { testDatabases, type TestServer } from '../helpers/server.ts';
import { hashToken, randomToken } from '../../src/auth/tokens.ts';
import { OTHER_PASSWORD, PASSWORD, authFetch, followLink, latestLink, startAuthServer, uniqueEmail } from './helpers.ts';

// Pre-registration takeover (issue 13, item 5): someone signs up with another person's address and
// never confirms; the owner then signs up (or asks for a sign-in link) and confirms. Only what the
// confirming person set may work afterwards.

/** A session and refresh token the account holds before it is confirmed, however it got them. */
async function plantSession(t: TestServer, userId: string): Promise<string> {
  const sessionId = crypto.randomUUID();
  const refreshToken = randomToken();
  await t.server.context.db.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at) values ($1::uuid, $2::uuid, now(), now(), 'aal1', now())`,
    [sessionId, userId],
  );
  await t.server.context.db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3::uuid)`,
    [hashToken(refreshToken), userId, sessionId],
  );
  return refreshToken;
}

for (const database of await testDatabases()) {
  describe(`pre-registration takeover on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startAuthServer(database);
    });
    after(() => t.close());

    const profileOf = async (id: string) => {
      const { rows } = await t.server.context.db.query<Record<string, unknown>>(
        'select name, user_type::text, company_name, profile_image, preferred_language from public.profiles where id = $1',
        [id],
      );
      return rows[0];
    };

    it("a repeated sign-up replaces the unconfirmed account's password and metadata; confirming ends earlier sessions", async () => {
      const email = uniqueEmail('victim');
      const attacker = await t.client().auth.signUp({
        email,
        password: OTHER_PASSWORD,
        options: { data: { name: 'Mallory Mask', user_type: 'vendor', company_name: 'Mask Ltd', avatar: 'https://evil.example/a.png' } },
      });
      assert.equal(attacker.error, null);
      const userId = attacker.data.user!.id;
      const { link: attackerLink } = await latestLink(t, email);
      const planted = await plantSession(t, userId);

      const victim = await t.client().auth.signUp({
        email,
        password: PASSWORD,
        options: { data: { name: 'Vera Owner', user_type: 'customer', preferred_language: 'de' } },
      });
      assert.equal(victim.error, null);
      assert.equal(victim.data.user?.id, userId, 'still one account');
      assert.equal(victim.data.user?.user_metadata.name, 'Vera Owner');
      assert.equal(victim.data.user?.user_metadata.company_name, undefined, 'metadata is replaced, not merged');
      assert.equal((await profileOf(userId))?.name, 'Vera Owner', 'the profile follows before confirmation too');

      assert.equal((await followLink(attackerLink)).hash.get('error_code'), 'otp_expired', "the first sign-up's link no longer works");
      const { link } = await latestLink(t, email, 2);
      const confirmed = await followLink(link);
      assert.equal(confirmed.status, 303);
      assert.ok(confirmed.hash.get('access_token'));

      const withAttackerPassword = await t.client().auth.signInWithPassword({ email, password: OTHER_PASSWORD });
      assert.equal(withAttackerPassword.error?.code, 'invalid_credentials');
      const withOwnPassword = await t.client().auth.signInWithPassword({ email, password: PASSWORD });
      assert.equal(withOwnPassword.error, null);
      assert.deepEqual(await profileOf(userId), {
        name: 'Vera Owner',
        user_type: 'customer',
        company_name: null,
        profile_image: null,
        preferred_language: 'de',
      });

      const refreshed = await authFetch(t, '/token?grant_type=refresh_token', { body: { refresh_token: planted } });
      assert.equal(refreshed.status, 400);
      assert.equal(refreshed.json?.error_code, 'refresh_token_not_found');
      const { rows } = await t.server.context.db.query<{ n: number }>('select count(*)::int as n from auth.sessions where user_id = $1', [userId]);
      assert.equal(rows[0]!.n, 2, 'the session from the link and the login remain; the earlier one is gone');
    });

    it('a sign-in link asked for an unconfirmed address drops the password and metadata it had', async () => {
      const email = uniqueEmail('otp-victim');
      const attacker = await t.client().auth.signUp({ email, password: OTHER_PASSWORD, options: { data: { name: 'Mallory Mask', user_type: 'vendor' } } });
      const userId = attacker.data.user!.id;
      const { error } = await t.client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
      assert.equal(error, null);
      const { link } = await latestLink(t, email, 2);
      assert.equal((await followLink(link)).status, 303);
      assert.equal((await t.client().auth.signInWithPassword({ email, password: OTHER_PASSWORD })).error?.code, 'invalid_credentials');
      const profile = await profileOf(userId);
      assert.equal(profile?.name, email, 'no name was given, so the profile is named by the address (spec section 4)');
      assert.equal(profile?.user_type, 'customer');
    });

    it('a confirmed account is never touched by a later sign-up', async () => {
      const email = uniqueEmail('owner');
      await t.client().auth.signUp({ email, password: PASSWORD, options: { data: { name: 'Olga Owner', user_type: 'vendor' } } });
      await followLink((await latestLink(t, email)).link);
      const again = await t.client().auth.signUp({ email, password: OTHER_PASSWORD, options: { data: { name: 'Mallory Mask', user_type: 'customer' } } });
      assert.deepEqual(again.data.user?.identities, []);
      const signedIn = await t.client().auth.signInWithPassword({ email, password: PASSWORD });
      assert.equal(signedIn.error, null);
      assert.equal(signedIn.data.user?.user_metadata.name, 'Olga Owner');
      assert.equal((await profileOf(signedIn.data.user!.id))?.user_type, 'vendor');
    });
  });
}
