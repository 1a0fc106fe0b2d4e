import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Cron } from 'croner';
import { POSTGRES_ADMIN_URL, startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { JobScheduler, type Job } from '../../src/jobs/scheduler.ts';
import { jobs } from '../../src/jobs/index.ts';
import { silentLogger } from '../helpers/log.ts';

const quiet = silentLogger;

for (const database of await testDatabases()) {
  describe(`scheduled jobs on ${database}`, () => {
    const servers: TestServer[] = [];
    after(async () => {
      for (const s of servers) await s.close();
    });

    it('cleanup_expired_otps runs every 30 minutes and removes expired one-time tokens only', async () => {
      const t = await startTestServer({ database });
      servers.push(t);
      const job = jobs.find((j) => j.name === 'cleanup_expired_otps');
      assert.equal(job?.schedule, '*/30 * * * *');
      const runs = new Cron(job.schedule, { timezone: 'UTC' }).nextRuns(3, new Date('2026-01-01T10:05:00Z'));
      assert.deepEqual(runs.map((d) => d.toISOString()), ['2026-01-01T10:30:00.000Z', '2026-01-01T11:00:00.000Z', '2026-01-01T11:30:00.000Z']);

      const { data } = await t.admin().auth.admin.createUser({ email: `otp-${Date.now()}@example.com`, password: 'Kx9!mPq2#Lw7-Tz', email_confirm: true });
      const userId = data.user!.id;
      const db = t.server.context.db;
      await db.query(
        `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, created_at)
         values ($1, 'recovery_token', 'old-hash', 'x', now() - interval '2 days'),
                ($1, 'reauthentication_token', 'fresh-hash', 'x', now())`,
        [userId],
      );
      const scheduler = new JobScheduler(db, quiet, jobs);
      assert.deepEqual(await scheduler.runOnce('cleanup_expired_otps'), { status: 'ran', message: null });
      const { rows } = await db.query<{ token_hash: string }>('select token_hash from auth.one_time_tokens where user_id = $1', [userId]);
      assert.deepEqual(rows.map((r) => r.token_hash), ['fresh-hash']);
      const { rows: history } = await db.query<{ runs: string }>("select runs from _modula.job_runs where name = 'cleanup_expired_otps'");
      assert.equal(Number(history[0]?.runs), 1);
    });

    it('purges realtime overflow and ended rate-limit windows, the one purge of the one rate-limit table', async () => {
      const t = servers[0]!;
      const db = t.server.context.db;
      await db.query(`insert into _modula.realtime_overflow (payload, created_at) values ('{}', now() - interval '1 hour'), ('{}', now())`);
      await db.query(`insert into private.rate_limits (scope, subject, window_ends_at, hits) values
        ('auth:password:ip', 'ended', now() - interval '1 second', 3),
        ('function:beta-access', 'ended', now() - interval '2 days', 3),
        ('contact', 'running', now() + interval '1 minute', 1)`);
      const scheduler = new JobScheduler(db, quiet, jobs);
      assert.equal((await scheduler.runOnce('purge_realtime_overflow')).status, 'ran');
      assert.deepEqual(await scheduler.runOnce('purge_rate_limits'), { status: 'ran', message: '2 ended rate-limit windows removed' });
      assert.equal((await db.query('select 1 from _modula.realtime_overflow')).rows.length, 1);
      assert.deepEqual((await db.query<{ subject: string }>('select subject from private.rate_limits')).rows.map((r) => r.subject), ['running']);
      // Nothing else purges them: no job but this one touches the table, and no module keeps a timer for it.
      assert.deepEqual(jobs.map((job) => job.name).filter((name) => /rate/.test(name)), ['purge_rate_limits']);
    });
  });
}

if ((await testDatabases()).includes('postgres')) {
  describe('scheduled jobs with two backend processes on one PostgreSQL', () => {
    const servers: TestServer[] = [];
    const name = `modula_test_${crypto.randomBytes(6).toString('hex')}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-jobs-'));
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      await client.query(sql).finally(() => client.end());
    };
    after(async () => {
      for (const s of servers) await s.close();
      await admin(`drop database if exists ${name} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('runs a job in only one process at a time (advisory lock)', async () => {
      await admin(`create database ${name}`);
      servers.push(await startTestServer({ database: 'postgres', postgresDatabase: name, dataDir }));
      servers.push(await startTestServer({ database: 'postgres', postgresDatabase: name, dataDir }));
      let running = 0;
      let overlapped = false;
      const slow: Job = {
        name: 'slow_job',
        schedule: '0 0 1 1 *',
        async run(tx) {
          running += 1;
          if (running > 1) overlapped = true;
          await tx.query('select pg_sleep(0.4)');
          running -= 1;
          return 'done';
        },
      };
      const [a, b] = servers.map((s) => new JobScheduler(s.server.context.db, quiet, [slow]));
      const outcomes = await Promise.all([a!.runOnce('slow_job'), b!.runOnce('slow_job'), a!.runOnce('slow_job')]);
      assert.equal(outcomes.filter((o) => o.status === 'ran').length, 1, JSON.stringify(outcomes));
      assert.equal(outcomes.filter((o) => o.status === 'skipped').length, 2);
      assert.equal(overlapped, false);
      // Once the lock is released, the next tick runs again, in whichever process comes first.
      assert.equal((await b!.runOnce('slow_job')).status, 'ran');
    });
  });
}
