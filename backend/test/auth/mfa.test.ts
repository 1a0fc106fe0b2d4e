import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Secret, TOTP } from 'otpauth';
import { testDatabases, type TestServer } from '../helpers/server.ts';
import { OTHER_PASSWORD, authFetch, confirmedUser, signedIn, startAuthServer } from './helpers.ts';

const codeFor = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();

for (const database of await testDatabases()) {
  describe(`auth MFA (TOTP) on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startAuthServer(database);
    });
    after(() => t.close());

    it('enrolls with an SVG QR code, verifies a code to aal2, and guards changes at aal1', async () => {
      const email = await confirmedUser(t);
      const { client } = await signedIn(t, email);
      const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
      assert.equal(enrolled.error, null);
      const factor = enrolled.data!;
      assert.equal(factor.type, 'totp');
      assert.equal(factor.friendly_name, 'Phone');
      assert.match(factor.totp.qr_code, /^data:image\/svg\+xml;utf-8,<svg/);
      assert.match(factor.totp.uri, /^otpauth:\/\/totp\/Modula:.*secret=/);
      const secret = factor.totp.secret;

      const duplicate = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
      assert.equal(duplicate.error?.code, 'mfa_factor_name_conflict');

      const listed = await client.auth.mfa.listFactors();
      assert.equal(listed.data?.totp.length, 0, 'unverified factors are not listed as usable');
      assert.equal(listed.data?.all.length, 1);

      const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
      assert.equal(challenge.error, null);
      assert.ok(challenge.data!.expires_at > Date.now() / 1000);
      const wrong = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: codeFor(secret) === '000000' ? '111111' : '000000' });
      assert.equal(wrong.error?.code, 'mfa_verification_failed');
      assert.equal(wrong.error?.status, 422);

      const verified = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: codeFor(secret) });
      assert.equal(verified.error, null);
      const { data: level } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
      assert.equal(level?.currentLevel, 'aal2');
      const { data: claims } = await client.auth.getClaims();
      assert.equal(claims!.claims.aal, 'aal2');
      assert.deepEqual((claims!.claims.amr as { method: string }[]).map((a) => a.method).sort(), ['password', 'totp']);
      const { data: user } = await client.auth.getUser();
      assert.equal(user.user?.factors?.[0]?.status, 'verified');

      const used = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: codeFor(secret) });
      assert.equal(used.error?.code, 'mfa_challenge_expired', 'a challenge is used once');

      // A new sign-in starts at aal1 and must step up before sensitive changes.
      const second = await signedIn(t, email);
      const { data: secondLevel } = await second.client.auth.mfa.getAuthenticatorAssuranceLevel();
      assert.deepEqual([secondLevel?.currentLevel, secondLevel?.nextLevel], ['aal1', 'aal2']);
      const password = await second.client.auth.updateUser({ password: OTHER_PASSWORD });
      assert.equal(password.error?.code, 'insufficient_aal');
      assert.equal(password.error?.status, 401);
      const unenrollAal1 = await second.client.auth.mfa.unenroll({ factorId: factor.id });
      assert.equal(unenrollAal1.error?.code, 'insufficient_aal');

      const stepUp = await second.client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(secret) });
      assert.equal(stepUp.error, null);
      const unenrolled = await second.client.auth.mfa.unenroll({ factorId: factor.id });
      assert.equal(unenrolled.error, null);
      assert.equal(unenrolled.data?.id, factor.id);
      const { data: none } = await second.client.auth.getUser();
      assert.equal(none.user?.factors, undefined);
    });

    it('refuses expired challenges and other users\' factors', async () => {
      const email = await confirmedUser(t);
      const { client, session } = await signedIn(t, email);
      const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp' });
      const { data: challenge } = await client.auth.mfa.challenge({ factorId: factor!.id });
      await t.server.context.db.query(`update auth.mfa_challenges set created_at = now() - interval '10 minutes' where id = $1`, [challenge!.id]);
      const expired = await client.auth.mfa.verify({ factorId: factor!.id, challengeId: challenge!.id, code: codeFor(factor!.totp.secret) });
      assert.equal(expired.error?.code, 'mfa_challenge_expired');

      const stranger = await signedIn(t, await confirmedUser(t));
      const foreign = await stranger.client.auth.mfa.challenge({ factorId: factor!.id });
      assert.equal(foreign.error?.code, 'mfa_factor_not_found');
      const raw = await authFetch(t, `/factors/${factor!.id}`, { method: 'DELETE', token: stranger.session.access_token });
      assert.equal(raw.status, 404);
      assert.ok(session.access_token);
    });
  });
}
