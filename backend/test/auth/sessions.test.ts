import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases, type TestServer } from '../helpers/server.ts';
import { hashToken } from '../../src/auth/tokens.ts';
import { PASSWORD, authFetch, confirmedUser, signedIn, startAuthServer } from './helpers.ts';

const refreshRaw = (t: TestServer, refreshToken: string) => authFetch(t, '/token?grant_type=refresh_token', { body: { refresh_token: refreshToken } });

for (const database of await testDatabases()) {
  describe(`auth sessions, refresh and logout on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startAuthServer(database);
    });
    after(() => t.close());

    it('issues Supabase access-token claims, verifiable with getClaims() through the JWKS', async () => {
      const email = await confirmedUser(t, { data: { name: 'Claire' } });
      const { client, session } = await signedIn(t, email);
      assert.equal(session.expires_in, 3600);
      assert.ok(Math.abs(session.expires_at! - (Math.floor(Date.now() / 1000) + 3600)) <= 2);
      const { data, error } = await client.auth.getClaims();
      assert.equal(error, null);
      const claims = data!.claims;
      assert.equal(data!.header.alg, 'ES256');
      assert.equal(claims.aud, 'authenticated');
      assert.equal(claims.role, 'authenticated');
      assert.equal(claims.email, email);
      assert.equal(claims.phone, '');
      assert.equal(claims.aal, 'aal1');
      assert.equal(claims.is_anonymous, false);
      assert.equal(claims.exp - claims.iat, 3600);
      assert.equal(claims.iss, `${t.url}/auth/v1`);
      assert.equal(claims.user_metadata?.name, 'Claire');
      assert.deepEqual(claims.app_metadata, { provider: 'email', providers: ['email'] });
      assert.equal((claims.amr as { method: string; timestamp: number }[])[0]!.method, 'password');
      assert.equal(typeof (claims.amr as { timestamp: number }[])[0]!.timestamp, 'number');
      assert.match(String(claims.session_id), /^[0-9a-f-]{36}$/);
    });

    it('rotates refresh tokens, returns the same child within the reuse interval, and revokes the family on later reuse', async () => {
      const email = await confirmedUser(t);
      const { session } = await signedIn(t, email);
      const r0 = session.refresh_token;
      const first = await t.client().auth.refreshSession({ refresh_token: r0 });
      assert.equal(first.error, null);
      const r1 = first.data.session!.refresh_token;
      assert.notEqual(r1, r0);
      assert.notEqual(first.data.session!.access_token, session.access_token);

      const retry = await refreshRaw(t, r0);
      assert.equal(retry.status, 200, 'a client that lost the answer may retry within the interval');
      assert.equal(retry.json?.refresh_token, r1);

      const second = await refreshRaw(t, r1);
      assert.equal(second.status, 200);
      const r2 = second.json!.refresh_token as string;

      // Past the reuse interval (1 s here): the family's rows are made older instead of waiting, since
      // the interval is judged by the database's clock against their updated_at.
      await t.server.context.db.query(
        `update auth.refresh_tokens set updated_at = updated_at - interval '2 seconds'
          where session_id = (select session_id from auth.refresh_tokens where token = $1)`,
        [hashToken(r0)],
      );
      const reuse = await t.client().auth.refreshSession({ refresh_token: r0 });
      assert.equal(reuse.error?.code, 'refresh_token_already_used');
      assert.equal(reuse.error?.status, 400);
      const afterRevocation = await refreshRaw(t, r2);
      assert.equal(afterRevocation.status, 400, 'the whole family is revoked');
      const user = await authFetch(t, '/user', { token: second.json!.access_token as string });
      assert.equal(user.status, 403, 'and the session with it');
      assert.equal(user.json?.code, 'session_not_found');
    });

    it('serialises parallel refreshes of one token: every caller gets the same new token', async () => {
      const email = await confirmedUser(t);
      const { session } = await signedIn(t, email);
      const results = await Promise.all(Array.from({ length: 5 }, () => refreshRaw(t, session.refresh_token)));
      assert.deepEqual(results.map((r) => r.status), [200, 200, 200, 200, 200]);
      assert.equal(new Set(results.map((r) => r.json?.refresh_token)).size, 1);
    });

    it('refuses unknown refresh tokens', async () => {
      const unknown = await refreshRaw(t, 'not-a-token');
      assert.equal(unknown.status, 400);
      assert.equal(unknown.json?.code, 'refresh_token_not_found');
      assert.equal(unknown.json?.message, 'Invalid Refresh Token: Refresh Token Not Found');
    });

    it('signs out with scope others, local and global, and refuses the signed-out sessions', async () => {
      const email = await confirmedUser(t);
      const a = await signedIn(t, email);
      const b = await signedIn(t, email);
      const c = await signedIn(t, email);
      const alive = async (s: { session: { access_token: string } }) => (await authFetch(t, '/user', { token: s.session.access_token })).status === 200;

      assert.equal((await b.client.auth.signOut({ scope: 'others' })).error, null);
      assert.deepEqual([await alive(a), await alive(b), await alive(c)], [false, true, false]);
      const dead = await authFetch(t, '/user', { token: a.session.access_token });
      assert.equal(dead.status, 403);
      assert.equal(dead.json?.code, 'session_not_found');
      assert.equal((await refreshRaw(t, a.session.refresh_token)).json?.code, 'refresh_token_not_found');

      assert.equal((await b.client.auth.signOut({ scope: 'local' })).error, null);
      assert.equal(await alive(b), false);
      const { data: afterLocal } = await b.client.auth.getSession();
      assert.equal(afterLocal.session, null, 'the client dropped its session');

      const d = await signedIn(t, email);
      const e = await signedIn(t, email);
      assert.equal((await d.client.auth.signOut()).error, null, 'global is the default');
      assert.deepEqual([await alive(d), await alive(e)], [false, false]);

      const getUser = await t.client().auth.getUser(e.session.access_token);
      assert.equal(getUser.error?.name, 'AuthSessionMissingError', 'supabase-js turns session_not_found into a missing session');
    });

    it('requires a bearer token on /user and rejects tampered JWTs', async () => {
      const none = await authFetch(t, '/user');
      assert.equal(none.status, 401);
      assert.equal(none.json?.code, 'no_authorization');
      const email = await confirmedUser(t);
      const { session } = await signedIn(t, email, PASSWORD);
      const [header, payload, signature] = session.access_token.split('.');
      const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'service_role' })).toString('base64url');
      const tampered = await authFetch(t, '/user', { token: `${header}.${forged}.${signature}` });
      assert.equal(tampered.status, 403);
      assert.equal(tampered.json?.code, 'bad_jwt');
    });
  });

  describe(`auth token lifetime on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startAuthServer(database, { config: { jwtExpiry: 600 } });
    });
    after(() => t.close());

    it('uses JWT_EXPIRY for expires_in and exp', async () => {
      const email = await confirmedUser(t);
      const { client, session } = await signedIn(t, email);
      assert.equal(session.expires_in, 600);
      const { data } = await client.auth.getClaims();
      assert.equal(data!.claims.exp - data!.claims.iat, 600);
    });
  });
}
