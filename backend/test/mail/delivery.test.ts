import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.ts';
import { startServer } from '../../src/server.ts';
import { pgliteTemplate, startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { captureLog } from '../helpers/log.ts';
import { freePort, inbox, startSmtpServer, waitFor, waitForMail } from './helpers.ts';

const fastRetries = { retryBaseMs: 100, retryMaxMs: 400, maxAttempts: 100, pollIntervalMs: 300 };

const recoveryData = (n: number) => ({
  url: `https://modula.example/auth/v1/verify?token=t${n}&type=recovery`,
  code: String(100000 + n),
  expiresInMinutes: 60,
});

async function outboxCounts(t: TestServer): Promise<Record<string, number>> {
  const { rows } = await t.server.context.db.query<{ status: string; n: number }>(
    'select status, count(*)::int as n from _modula.mail_outbox group by status',
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

for (const database of await testDatabases()) {
  describe(`mail delivery on ${database}`, () => {
    describe('local inbox', () => {
      let t: TestServer;
      before(async () => {
        t = await startTestServer({ database, config: { mail: fastRetries } });
      });
      after(() => t.close());

      it('delivers an enqueued mail to /dev/inbox.json with its links, newest first', async () => {
        const { mail } = t.server.context;
        await mail.enqueue({ to: 'first@example.com', template: 'recovery', language: 'de', data: recoveryData(1) });
        await mail.enqueue({ to: 'second@example.com', template: 'recovery', language: 'ar', data: recoveryData(2) });
        const second = await waitForMail(t.url, 'second@example.com');
        assert.deepEqual(second.links, ['https://modula.example/auth/v1/verify?token=t2&type=recovery']);
        assert.match(second.html, /dir="rtl"/);
        const first = await waitForMail(t.url, 'first@example.com');
        assert.match(first.subject, /Modula-Passwort/);
        const all = await inbox(t.url);
        assert.ok(Date.parse(all[0]!.sent_at) >= Date.parse(all[all.length - 1]!.sent_at));
        for (const key of ['to', 'subject', 'text', 'html', 'links', 'sent_at']) assert.ok(key in all[0]!, key);
      });

      it('serves /dev/inbox as HTML with clickable, escaped links', async () => {
        const response = await fetch(`${t.url}/dev/inbox`);
        assert.equal(response.status, 200);
        assert.match(response.headers.get('content-type') ?? '', /text\/html/);
        const html = await response.text();
        assert.match(html, /<a href="https:\/\/modula\.example\/auth\/v1\/verify\?token=t2&amp;type=recovery">/);
      });

      it('sends nothing when the enqueuing transaction rolls back', async () => {
        const { db, mail } = t.server.context;
        await assert.rejects(
          db.transaction(async (tx) => {
            await mail.enqueue({ to: 'rolled-back@example.com', template: 'recovery', data: recoveryData(3) }, tx);
            throw new Error('abort');
          }),
          /abort/,
        );
        await mail.enqueue({ to: 'committed@example.com', template: 'recovery', data: recoveryData(4) });
        await waitForMail(t.url, 'committed@example.com');
        assert.equal((await inbox(t.url, 'rolled-back@example.com')).length, 0);
      });

      it('refuses an invalid recipient or template data before writing anything', async () => {
        const { mail } = t.server.context;
        await assert.rejects(mail.enqueue({ to: 'not an address', template: 'recovery', data: recoveryData(5) }), /not a valid email address/);
        await assert.rejects(mail.enqueue({ to: 'a@example.com', template: 'missing', data: {} }), /Unknown mail template/);
      });
    });

    describe('SMTP that is down, then up', () => {
      const count = 12;
      let port: number;
      let servers: TestServer[] = [];
      let smtp: Awaited<ReturnType<typeof startSmtpServer>> | null = null;

      before(async () => {
        port = await freePort();
        const config = { smtpUrl: `smtp://127.0.0.1:${port}`, mail: fastRetries };
        const first = await startTestServer({ database, config });
        servers = [first];
        if (database === 'postgres') {
          // A second backend process on the same database: its worker competes for the same rows.
          const name = new URL(first.config.databaseUrl!).pathname.slice(1);
          servers.push(await startTestServer({ database, config, postgresDatabase: name }));
        }
      });
      after(async () => {
        for (const s of servers.reverse()) await s.close();
        await smtp?.close();
      });

      it('delivers every mail exactly once after the server comes up', async () => {
        const [first] = servers;
        for (let i = 0; i < count; i++) {
          const target = servers[i % servers.length]!;
          await target.server.context.mail.enqueue({ to: `user${i}@example.com`, template: 'recovery', data: recoveryData(i) });
        }
        // Every mail has failed at least once against the closed port before the server starts.
        await waitFor(
          async () => {
            const { rows } = await first!.server.context.db.query<{ n: number }>(
              "select count(*)::int as n from _modula.mail_outbox where attempts >= 1 and status = 'pending' and last_error is not null",
            );
            return rows[0]!.n === count ? true : undefined;
          },
          10_000,
          'every mail to fail once',
        );
        smtp = await startSmtpServer(port);
        const received = smtp.received;
        await waitFor(() => ((received.length >= count) ? true : undefined), 15_000, `${count} mails at the SMTP server`);
        await waitFor(async () => ((await outboxCounts(first!)).sent === count ? true : undefined), 5_000, 'outbox rows marked sent');
        // Give a duplicate the chance to show up before counting.
        await new Promise((resolve) => setTimeout(resolve, 800));
        assert.equal(received.length, count);
        const recipients = received.map((m) => m.to.join(',')).sort();
        assert.deepEqual(recipients, Array.from({ length: count }, (_, i) => `user${i}@example.com`).sort());
        assert.equal(new Set(received.map((m) => m.messageId)).size, count);
        assert.deepEqual(await outboxCounts(first!), { sent: count });
      });
    });
  });
}

describe('mail outside tests', () => {
  it('prints the links of delivered mail on the console in development mode', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-mail-log-'));
    const log = captureLog();
    const config = loadConfig({ PORT: '0', DATA_DIR: dataDir, DEPLOY_DIR: path.join(dataDir, 'deploy'), MODE: 'development', LOG_LEVEL: 'info', SEED: 'off' });
    const server = await startServer(config, { logDestination: log.destination, pgliteTemplate: await pgliteTemplate() });
    try {
      await server.context.mail.enqueue({ to: 'console@example.com', template: 'recovery', data: recoveryData(9) });
      await waitFor(() => (log.messages().some((l) => l.includes('mail to console@example.com')) ? true : undefined), 5_000, 'the console line');
      const line = log.messages().find((l) => l.includes('mail to console@example.com'))!;
      assert.match(line, /https:\/\/modula\.example\/auth\/v1\/verify\?token=t9&type=recovery/);
    } finally {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  describe('who may read /dev/inbox (issue 13, item 16)', () => {
    const status = async (t: TestServer, headers: Record<string, string> = {}) => {
      const [json, page] = await Promise.all([fetch(`${t.url}/dev/inbox.json`, { headers }), fetch(`${t.url}/dev/inbox`, { headers })]);
      assert.equal(json.status, page.status, 'the page and the JSON answer alike');
      return json.status;
    };
    const withServer = async (env: Record<string, string>, check: (t: TestServer) => Promise<void>) => {
      const t = await startTestServer({ database: 'pglite', env: { SEED: 'off', ...env } });
      try {
        await check(t);
      } finally {
        await t.close();
      }
    };

    it('answers a loopback client, not a client a trusted proxy forwards from elsewhere', () =>
      withServer({}, async (t) => {
        assert.equal(await status(t), 200);
        assert.equal(await status(t, { 'x-forwarded-for': '203.0.113.9' }), 403);
        // A client naming itself 127.0.0.1 behind nginx: nginx appends the real address last.
        assert.equal(await status(t, { 'x-forwarded-for': '127.0.0.1, 198.51.100.4' }), 403);
        const refused = await fetch(`${t.url}/dev/inbox.json`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
        assert.deepEqual(Object.keys((await refused.json()) as object).sort(), ['error', 'message'], 'no mail in the answer');
      }));

    it('does not exist when the server listens on a non-loopback address, unless DEV_INBOX=on', async () => {
      await withServer({ HOST: '0.0.0.0' }, async (t) => {
        const url = t.url.replace('0.0.0.0', '127.0.0.1');
        assert.equal((await fetch(`${url}/dev/inbox.json`)).status, 404);
      });
      await withServer({ HOST: '0.0.0.0', DEV_INBOX: 'on' }, async (t) => {
        assert.equal((await fetch(`${t.url.replace('0.0.0.0', '127.0.0.1')}/dev/inbox.json`)).status, 200);
      });
    });

    it('does not exist in production unless DEV_INBOX=on, and DEV_INBOX=off turns it off anywhere', async () => {
      await withServer({ MODE: 'production', DEV_INBOX: 'on' }, async (t) => {
        assert.equal(await status(t), 200);
        assert.equal(await status(t, { 'x-forwarded-for': '203.0.113.9' }), 403, 'still loopback clients only');
      });
      await withServer({ DEV_INBOX: 'off' }, async (t) => assert.equal(await status(t), 404));
    });
  });

  it('does not serve the inbox in production mode', async () => {
    const t = await startTestServer({ database: 'pglite', env: { MODE: 'production' } });
    try {
      assert.equal((await fetch(`${t.url}/dev/inbox.json`)).status, 404);
      const page = await fetch(`${t.url}/dev/inbox`);
      assert.doesNotMatch(await page.text(), /Modula dev inbox/);
    } finally {
      await t.close();
    }
  });
});

