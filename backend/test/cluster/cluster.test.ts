// Two real backend processes (node backend/src/main.ts) on one PostgreSQL database behind nginx, as
// `npm run start:cluster` runs them: what must hold whichever process a request lands on. Requires
// PostgreSQL (TEST_POSTGRES_URL) and nginx; skipped without them unless CI=true.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import fs from 'node:fs';
import { testDatabases } from '../helpers/server.ts';
import { NGINX_PATH } from '../../../scripts/lib/nginx.ts';
import { freePort, startSmtpServer } from '../mail/helpers.ts';
import { CLUSTER_SCHEMA_SQL, createTestDatabase, post, signedInUser, startTestCluster, waitUntil, type TestCluster, type TestDatabaseHandle } from './helpers.ts';

const MAILS = 40;

const joined = (channel: RealtimeChannel, statuses: string[] = []) =>
  new Promise<void>((resolve, reject) =>
    channel.subscribe((status, error) => {
      statuses.push(status);
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    }),
  );

// nginx is part of the shape under test; .ci/run installs it. Elsewhere a missing nginx skips loudly.
const hasNginx = fs.existsSync(NGINX_PATH);
if (!hasNginx) {
  if (process.env.CI === 'true') throw new Error(`nginx is required when CI=true but ${NGINX_PATH} does not exist`);
  console.warn(`nginx is not installed at ${NGINX_PATH}: the cluster suite is skipped`);
}

if (hasNginx && (await testDatabases()).includes('postgres')) {
  describe('two backend processes on one PostgreSQL behind nginx', () => {
    let database: TestDatabaseHandle;
    let cluster: TestCluster;
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    const clients: SupabaseClient[] = [];
    let smtpUrl = '';

    before(async () => {
      database = await createTestDatabase();
      // The outbox is full before the processes exist; both then start at the same moment and race for it.
      await database.migrate();
      await database.pool.query(CLUSTER_SCHEMA_SQL);
      for (let i = 0; i < MAILS; i++) {
        await database.pool.query(
          `insert into _modula.mail_outbox (recipient, template, language, subject, text_body, html_body)
           values ($1, 'cluster-test', 'en', $2, 'body', '<p>body</p>')`,
          [`reader${i}@example.com`, `cluster mail ${i}`],
        );
      }
      const smtpPort = await freePort();
      smtp = await startSmtpServer(smtpPort);
      smtpUrl = `smtp://127.0.0.1:${smtpPort}`;
    });

    after(async () => {
      for (const client of clients) await client.removeAllChannels();
      await cluster?.dispose();
      await smtp?.close();
      await database?.drop();
    });

    it('starts both processes at the same moment; each outbox mail is sent exactly once', { timeout: 240_000 }, async () => {
      cluster = await startTestCluster(database, { nginx: true, startup: 'together', env: { SMTP_URL: smtpUrl } });
      await waitUntil(
        async () => (await database.pool.query(`select count(*)::int as n from _modula.mail_outbox where status = 'sent'`)).rows[0].n === MAILS,
        30_000,
        'every outbox mail to be sent',
      );
      const subjects = smtp.received.map((m) => m.subject);
      assert.equal(subjects.length, MAILS, `${subjects.length} messages reached the SMTP server for ${MAILS} outbox rows`);
      assert.equal(new Set(subjects).size, MAILS, 'no mail was sent twice');
    });

    it('answers /health and /ready on every process and through nginx; /ready fails while the database does not answer', { timeout: 60_000 }, async () => {
      for (const url of [cluster.at(0), cluster.at(1), cluster.at(2)]) {
        const health = await fetch(`${url}/health`);
        assert.equal(health.status, 200);
        const ready = await fetch(`${url}/ready`);
        assert.equal(ready.status, 200);
        assert.equal(((await ready.json()) as { status: string }).status, 'ready');
      }
      // A lock that blocks the readiness query stands in for a database that stopped answering.
      const blocker = await database.pool.connect();
      try {
        await blocker.query('begin');
        await blocker.query('lock table _modula.applied_sql in access exclusive mode');
        const blocked = await fetch(`${cluster.at(1)}/ready`);
        assert.equal(blocked.status, 503);
        assert.match(((await blocked.json()) as { reason: string }).reason, /^database: /);
        assert.equal((await fetch(`${cluster.at(1)}/health`)).status, 200, 'liveness does not depend on the database');
      } finally {
        await blocker.query('rollback');
        blocker.release();
      }
      assert.equal((await fetch(`${cluster.at(1)}/ready`)).status, 200);
    });

    it('limits 20 parallel logins on one email spread over both processes to exactly 5', { timeout: 60_000 }, async () => {
      const user = await signedInUser(cluster, 1, 'limited');
      // The sign-in above was a login attempt on this email too: start from a clean window.
      await database.pool.query(`delete from private.rate_limits where subject = $1`, [user.email]);
      const attempts = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post(`${cluster.at((i % 2) + 1)}/auth/v1/token?grant_type=password`, cluster.anonKey, { email: user.email, password: 'Wrong#password-123' }),
        ),
      );
      const statuses = attempts.map((a) => a.status);
      assert.equal(statuses.filter((s) => s === 429).length, 15, `statuses: ${statuses.join(',')}`);
      assert.equal(statuses.filter((s) => s === 400).length, 5, `statuses: ${statuses.join(',')}`);
    });

    it('honours sessions and refresh tokens on every process; a revoked refresh token is refused everywhere', { timeout: 60_000 }, async () => {
      const user = await signedInUser(cluster, 1, 'session');
      const me = async (n: number, token: string) =>
        (await fetch(`${cluster.at(n)}/auth/v1/user`, { headers: { apikey: cluster.anonKey, Authorization: `Bearer ${token}` } })).status;
      assert.equal(await me(2, user.accessToken), 200, 'a token issued by process 1 works on process 2');
      const refreshed = await post(`${cluster.at(2)}/auth/v1/token?grant_type=refresh_token`, cluster.anonKey, { refresh_token: user.refreshToken });
      assert.equal(refreshed.status, 200, JSON.stringify(refreshed.body));
      const access = refreshed.body.access_token as string;
      const refresh = refreshed.body.refresh_token as string;
      assert.notEqual(refresh, user.refreshToken);
      assert.equal(await me(1, access), 200, 'a token refreshed on process 2 works on process 1');

      const logout = await fetch(`${cluster.at(1)}/auth/v1/logout?scope=global`, {
        method: 'POST',
        headers: { apikey: cluster.anonKey, Authorization: `Bearer ${access}` },
      });
      assert.equal(logout.status, 204);
      for (const n of [2, 1, 0]) {
        const again = await post(`${cluster.at(n)}/auth/v1/token?grant_type=refresh_token`, cluster.anonKey, { refresh_token: refresh });
        assert.equal(again.status, 400, `process ${n || 'nginx'} refuses the revoked refresh token`);
        assert.match(String(again.body.msg ?? again.body.message ?? again.body.error_description), /Invalid Refresh Token/);
      }
    });

    it('delivers a change written through process 2 to a subscriber on process 1, and broadcast and presence both ways', { timeout: 60_000 }, async () => {
      const user = await signedInUser(cluster, 1, 'realtime');
      const onOne = cluster.client(1, { accessToken: () => user.accessToken });
      const plainOne = cluster.client(1);
      const plainTwo = cluster.client(2);
      clients.push(onOne, plainOne, plainTwo);
      await onOne.realtime.setAuth();

      const changes: { body: string }[] = [];
      const channel = onOne.channel('cluster-changes');
      channel.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'cluster_items' }, (payload) => changes.push(payload.new as { body: string }));
      await joined(channel);
      const written = await post(`${cluster.at(2)}/rest/v1/cluster_items`, cluster.anonKey, { body: 'through process 2' }, user.accessToken);
      assert.equal(written.status, 201);
      await waitUntil(() => changes.some((c) => c.body === 'through process 2'), 3000, 'the change made through process 2');

      const one = plainOne.channel('cluster-room', { config: { presence: { key: 'on-one' } } });
      const two = plainTwo.channel('cluster-room', { config: { presence: { key: 'on-two' } } });
      const atOne: unknown[] = [];
      const atTwo: unknown[] = [];
      one.on('broadcast', { event: 'ping' }, (m) => atOne.push(m.payload));
      two.on('broadcast', { event: 'ping' }, (m) => atTwo.push(m.payload));
      one.on('presence', { event: 'sync' }, () => undefined);
      two.on('presence', { event: 'sync' }, () => undefined);
      await Promise.all([joined(one), joined(two)]);
      await two.send({ type: 'broadcast', event: 'ping', payload: { from: 2 } });
      await one.send({ type: 'broadcast', event: 'ping', payload: { from: 1 } });
      await one.track({ at: 1 });
      await two.track({ at: 2 });
      await waitUntil(
        () => atOne.length === 1 && atTwo.length === 1 && ['on-one', 'on-two'].every((k) => k in one.presenceState() && k in two.presenceState()),
        5000,
        'broadcasts and presence across the processes',
      );
      assert.deepEqual(atOne, [{ from: 2 }]);
      assert.deepEqual(atTwo, [{ from: 1 }]);
    });

    it('runs each scheduled job once per schedule, not once per process', { timeout: 60_000 }, async () => {
      // send_meeting_notices runs every 10 seconds: every slot since the snapshot was run exactly once.
      const read = async () =>
        (
          await database.pool.query<{ runs: number; slot: number }>(
            `select runs::int, extract(epoch from last_slot)::int as slot from _modula.job_runs where name = 'send_meeting_notices'`,
          )
        ).rows[0];
      await waitUntil(async () => (await read()) !== undefined, 15_000, 'the first run of send_meeting_notices');
      const start = (await read())!;
      await waitUntil(async () => (await read())!.slot >= start.slot + 20, 35_000, 'two more ticks of send_meeting_notices');
      const end = (await read())!;
      assert.equal(end.runs - start.runs, (end.slot - start.slot) / 10, `runs ${start.runs} -> ${end.runs} over slots ${start.slot} -> ${end.slot}`);
    });

    it('loses no acknowledged write when a process is killed with kill -9 mid-traffic; nginx routes around it and realtime clients resubscribe', { timeout: 120_000 }, async () => {
      const user = await signedInUser(cluster, 0, 'survivor');
      // Several sockets through nginx, so some of them are on the process that dies.
      const subscribers: { client: SupabaseClient; statuses: string[]; bodies: string[] }[] = [];
      for (let i = 0; i < 6; i++) {
        const client = cluster.client(0, { accessToken: () => user.accessToken });
        clients.push(client);
        await client.realtime.setAuth();
        const entry = { client, statuses: [] as string[], bodies: [] as string[] };
        const channel = client.channel(`survivor-${i}`);
        channel.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'cluster_items' }, (payload) => entry.bodies.push((payload.new as { body: string }).body));
        await joined(channel, entry.statuses);
        subscribers.push(entry);
      }

      const acknowledged: string[] = [];
      const outcomes: { startedAt: number; status: number }[] = [];
      let killedAt = Number.POSITIVE_INFINITY;
      const state = { writing: true };
      let sequence = 0;
      const writer = async () => {
        while (state.writing) {
          const body = `write-${sequence++}`;
          const startedAt = Date.now();
          let status = 0;
          try {
            status = (await post(`${cluster.at(0)}/rest/v1/cluster_items`, cluster.anonKey, { body }, user.accessToken)).status;
          } catch {
            status = -1;
          }
          outcomes.push({ startedAt, status });
          if (status === 201) acknowledged.push(body);
        }
      };
      const writers = Array.from({ length: 4 }, writer);
      await waitUntil(() => acknowledged.length >= 40, 20_000, 'writes before the kill');
      killedAt = Date.now();
      await cluster.kill(1, 'SIGKILL');
      const writtenBeforeKill = acknowledged.length;
      await waitUntil(() => outcomes.filter((o) => o.startedAt > killedAt + 1000).length >= 60, 30_000, 'writes after the kill');
      state.writing = false;
      await Promise.all(writers);

      const { rows } = await database.pool.query<{ body: string }>(`select body from public.cluster_items where body like 'write-%'`);
      const stored = new Set(rows.map((r) => r.body));
      const lost = acknowledged.filter((body) => !stored.has(body));
      assert.deepEqual(lost, [], 'every acknowledged write is in the database');
      assert.ok(acknowledged.length > writtenBeforeKill, 'writes went on after the kill');
      const later = outcomes.filter((o) => o.startedAt > killedAt + 1000);
      assert.deepEqual(
        later.filter((o) => o.status !== 201),
        [],
        'a second after the kill every request succeeds (nginx routes around the dead process)',
      );

      // The sockets on the dead process were closed; their clients reconnect (through nginx, to the
      // living process) and join their channels again.
      await waitUntil(
        () => subscribers.some((s) => s.statuses.filter((x) => x === 'SUBSCRIBED').length >= 2),
        30_000,
        'a client of the killed process to resubscribe',
      );
      const interrupted = subscribers.filter((s) => s.statuses.length > 1);
      await waitUntil(
        () => interrupted.every((s) => s.statuses.at(-1) === 'SUBSCRIBED'),
        30_000,
        'every interrupted client to resubscribe',
      );
      const marker = await post(`${cluster.at(0)}/rest/v1/cluster_items`, cluster.anonKey, { body: 'after the kill' }, user.accessToken);
      assert.equal(marker.status, 201);
      await waitUntil(() => subscribers.every((s) => s.bodies.includes('after the kill')), 5000, 'every client, resubscribed or not, to receive the next change');
    });
  });
}
