import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// Per-IP limits are only as good as the address they count. These tests send X-Forwarded-For from
// 127.0.0.1 and check which address the server believes. A failed login weighs 10 against its
// address, so with RATE_LIMIT_IP_MAX=20 the third wrong password from one address is refused.

async function login(t: TestServer, email: string, forwardedFor: string): Promise<number> {
  const response = await fetch(`${t.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: t.anonKey, 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email, password: 'Wrong-Password-1' }),
  });
  return response.status;
}

describe('client address behind proxies', () => {
  const servers: TestServer[] = [];
  after(() => Promise.all(servers.map((t) => t.close())));

  it('believes X-Forwarded-For only from trusted proxies, taking the address the proxy saw', async () => {
    const t = await startTestServer({ database: 'pglite', env: { RATE_LIMIT_IP_MAX: '20', SEED: 'off' } });
    servers.push(t);
    // A client-supplied first entry cannot choose the bucket: nginx appends the real address last.
    assert.equal(await login(t, 'a@example.com', '198.51.100.1, 203.0.113.7'), 400);
    assert.equal(await login(t, 'b@example.com', '198.51.100.2, 203.0.113.7'), 400);
    assert.equal(await login(t, 'c@example.com', '198.51.100.3, 203.0.113.7'), 429);
    // Another real client has its own allowance.
    assert.equal(await login(t, 'd@example.com', '203.0.113.8'), 400);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const t = await startTestServer({ database: 'pglite', env: { RATE_LIMIT_IP_MAX: '20', TRUSTED_PROXIES: '10.9.9.9', SEED: 'off' } });
    servers.push(t);
    assert.equal(await login(t, 'a@example.com', '203.0.113.1'), 400);
    assert.equal(await login(t, 'b@example.com', '203.0.113.2'), 400);
    assert.equal(await login(t, 'c@example.com', '203.0.113.3'), 429);
  });

  it("auth-email's resend counts the end user's address, not the function host's", async () => {
    const t = await startTestServer({ database: 'pglite', env: { RATE_LIMIT_IP_MAX: '2', SEED: 'off' } });
    servers.push(t);
    for (let i = 1; i <= 4; i++) {
      const response = await fetch(`${t.url}/functions/v1/auth-email`, {
        method: 'POST',
        headers: { apikey: t.anonKey, authorization: `Bearer ${t.anonKey}`, 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}` },
        body: JSON.stringify({ to: `new${i}@example.com`, type: 'verify' }),
      });
      assert.equal(response.status, 200, `request ${i}: ${await response.text()}`);
    }
  });
});
