import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { createFixture, ids, users, uuidOf } from '../schema/helpers/fixture.ts';
import { errorCodeOf } from '../schema/helpers/sql.ts';

// The limits inside the database (ad clicks, contact messages, security events) count the client
// address the gateway resolved from TRUSTED_PROXIES. These requests come from 127.0.0.1, the trusted
// proxy, the way nginx forwards them: whatever X-Forwarded-For the client sent, then the address
// nginx saw. A client rotating its own first entry used to get a fresh bucket every time.

const CLIENT = '203.0.113.50';
const NEIGHBOUR = '203.0.113.51';

function viaProxy(t: TestServer, path: string, body: unknown, n: number, client = CLIENT): Promise<Response> {
  return fetch(`${t.url}/rest/v1/${path}`, {
    method: 'POST',
    headers: {
      apikey: t.anonKey,
      'content-type': 'application/json',
      // The first entry is the client's to choose; the last is what the proxy appended.
      'x-forwarded-for': `198.51.${Math.floor(n / 250)}.${n % 250}, ${client}`,
    },
    body: JSON.stringify(body),
  });
}

async function statuses(t: TestServer, path: string, body: (n: number) => unknown, count: number, client = CLIENT): Promise<number[]> {
  const out: number[] = [];
  for (let n = 0; n < count; n++) {
    const response = await viaProxy(t, path, body(n), n, client);
    await response.arrayBuffer();
    out.push(response.status);
  }
  return out;
}

async function clicks(t: TestServer, listing: string, count: number, client = CLIENT): Promise<string[]> {
  const out: string[] = [];
  // Every click claims to be another visitor; the address limit still counts them together.
  for (let n = 0; n < count; n++) out.push((await (await viaProxy(t, 'rpc/record_ad_click', { listing_id: listing, visitor_id: `visitor-${client.replaceAll('.', '-')}-${n}` }, n, client)).json()) as string);
  return out;
}

const times = <T>(count: number, value: T): T[] => Array<T>(count).fill(value);

for (const database of await testDatabases()) {
  describe(`database rate limits count the resolved client address on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer({ database, env: { SEED: 'off' } });
      await createFixture(t.server.context.db);
    });
    after(() => t?.close());

    it('charges 30 of 40 ad clicks per address and hour, however X-Forwarded-For rotates; a neighbour has its own 30', async () => {
      const campaign = uuidOf('campaign:rotating-clicks');
      await t.server.context.db.query(
        `insert into public.ad_campaigns (id, user_id, company_id, listing_id, name, budget, click_rate) values ($1, $2, $3, $4, 'Rotating', 1000.00, 0.10)`,
        [campaign, users.vendorB.id, ids.companyB, ids.listingC],
      );
      assert.deepEqual(await clicks(t, ids.listingC, 40), [...times(30, 'charged'), ...times(10, 'rate_limited')]);
      assert.deepEqual(await clicks(t, ids.listingC, 6, NEIGHBOUR), times(6, 'charged'));
      const { rows } = await t.server.context.db.query<{ clicks: number }>('select clicks from public.ad_campaigns where id = $1', [campaign]);
      assert.equal(rows[0]?.clicks, 36);
    });

    it('accepts 5 of 20 contact messages per 10 minutes, whatever X-Forwarded-For and the email say', async () => {
      const message = (n: number) => ({ name: 'Rota', email: `rota${n}@example.com`, subject: 'Hello', message: `Message ${n}` });
      assert.deepEqual(await statuses(t, 'contact_messages', message, 20), [...times(5, 201), ...times(15, 429)]);
      assert.deepEqual(await statuses(t, 'contact_messages', message, 1, NEIGHBOUR), [201]);
    });

    it('logs 30 of 60 security events one client reports in 10 minutes', async () => {
      const event = (n: number) => ({ event_type: 'login_failed', details: { attempt: n } });
      assert.deepEqual(await statuses(t, 'rpc/log_security_event', event, 60), [...times(30, 204), ...times(30, 429)]);
      assert.deepEqual(await statuses(t, 'rpc/log_security_event', event, 1, NEIGHBOUR), [204]);
      const { rows } = await t.server.context.db.query<{ n: number }>(
        `select count(*)::int as n from public.security_events where source = 'client' and details ? 'attempt'`,
      );
      assert.equal(rows[0]?.n, 31);
    });

    it('caller_key reads the address the gateway set, never the X-Forwarded-For header; a user counts as the user', async () => {
      const keyWith = (claims: object) =>
        t.server.context.db.transaction(async (tx) => {
          await tx.query(
            `select set_config('request.jwt.claims', $1, true),
                    set_config('request.headers', '{"x-forwarded-for":"198.51.100.1"}', true),
                    set_config('request.client_ip', $2, true)`,
            [JSON.stringify(claims), CLIENT],
          );
          return (await tx.query<{ key: string }>('select private.caller_key(null) as key')).rows[0]?.key;
        });
      assert.equal(await keyWith({ role: 'anon' }), `ip:${CLIENT}`);
      assert.equal(await keyWith({ sub: users.customerA.id, role: 'authenticated' }), `user:${users.customerA.id}`);
    });

    it('keeps the counters and their functions away from browsers', async () => {
      const db = t.server.context.db;
      for (const actor of ['anon', 'customerA'] as const) {
        assert.equal(await errorCodeOf(db, actor, 'select * from private.rate_limits'), '42501');
        assert.equal(await errorCodeOf(db, actor, `select * from private.rate_limit_hit('contact', 'ip:x', 5, 600)`), '42501');
        assert.equal(await errorCodeOf(db, actor, `select private.rate_limit_refund('contact', 'ip:x')`), '42501');
        assert.equal(await errorCodeOf(db, actor, `select private.within_rate_limit('contact:ip:x', 5, 600)`), '42501');
        assert.equal(await errorCodeOf(db, actor, 'select private.prune_rate_limits()'), '42501');
        assert.equal(await errorCodeOf(db, actor, 'select private.caller_key(null)'), '42501');
      }
      const { rows } = await db.asRole({ role: 'service_role', claims: {} }, (tx) =>
        tx.query<{ allowed: boolean; hits: number }>(`select allowed, hits from private.rate_limit_hit('contact', 'ip:service-check', 5, 600, 2)`),
      );
      assert.deepEqual(rows, [{ allowed: true, hits: 2 }]);
    });
  });
}
