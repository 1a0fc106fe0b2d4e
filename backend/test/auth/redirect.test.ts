import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases, type TestServer } from '../helpers/server.ts';
import { globToRegExp, safeRedirect } from '../../src/auth/redirect.ts';
import { PASSWORD, followLink, latestLink, startAuthServer, uniqueEmail } from './helpers.ts';

describe('redirect allow-list', () => {
  const config = { siteUrl: 'https://modula.eu', uriAllowList: ['https://*.modula.eu/**', 'http://localhost:3000/callback'] };

  it('accepts SITE_URL and allow-listed globs, and falls back to SITE_URL for anything else', () => {
    assert.equal(safeRedirect('https://modula.eu/login?verified=true', config), 'https://modula.eu/login?verified=true');
    assert.equal(safeRedirect('https://preview.modula.eu/verify', config), 'https://preview.modula.eu/verify');
    assert.equal(safeRedirect('http://localhost:3000/callback', config), 'http://localhost:3000/callback');
    for (const evil of [
      'https://evil.example/phish',
      'https://modula.eu.evil.example/',
      'https://evil.example/?https://modula.eu',
      'https://a.b.modula.eu/x',
      'javascript:alert(1)',
      '//evil.example',
      'https://user:pw@modula.eu/',
      'http://localhost:3000/other',
      '',
      undefined,
    ]) {
      assert.equal(safeRedirect(evil, config), 'https://modula.eu', String(evil));
    }
  });

  it('lets loopback SITE_URLs redirect to another loopback port', () => {
    const local = { siteUrl: 'http://localhost:8080', uriAllowList: [] };
    assert.equal(safeRedirect('http://127.0.0.1:3001/login', local), 'http://127.0.0.1:3001/login');
    assert.equal(safeRedirect('http://evil.example:3001/login', local), 'http://localhost:8080');
  });

  it('compiles globs: * stays within a label or segment, ** crosses', () => {
    assert.ok(globToRegExp('https://*.modula.eu/*').test('https://x.modula.eu/a'));
    assert.ok(!globToRegExp('https://*.modula.eu/*').test('https://x.modula.eu/a/b'));
    assert.ok(globToRegExp('https://*.modula.eu/**').test('https://x.modula.eu/a/b'));
  });
});

for (const database of await testDatabases()) {
  describe(`redirect_to in auth emails on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startAuthServer(database, { config: { uriAllowList: ['https://*.modula.eu/**'] } });
    });
    after(() => t.close());

    it('puts SITE_URL in the link instead of a foreign redirect_to, and verify never redirects elsewhere', async () => {
      const email = uniqueEmail('redirect');
      await t.client().auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: 'https://evil.example/steal' } });
      const { link } = await latestLink(t, email);
      assert.equal(link.searchParams.get('redirect_to'), t.url);
      link.searchParams.set('redirect_to', 'https://evil.example/steal');
      const { location, hash } = await followLink(link);
      assert.equal(location.origin, new URL(t.url).origin);
      assert.ok(hash.get('access_token'), 'the token still works, but lands on the site');
    });

    it('keeps an allow-listed redirect_to', async () => {
      const email = uniqueEmail('allowed');
      await t.client().auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: 'https://preview.modula.eu/welcome' } });
      const { link } = await latestLink(t, email);
      const { location } = await followLink(link);
      assert.equal(`${location.origin}${location.pathname}`, 'https://preview.modula.eu/welcome');
    });
  });
}
