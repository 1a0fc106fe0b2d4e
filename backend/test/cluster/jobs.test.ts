// A schedule's tick runs once across processes: the advisory lock keeps two runs apart in time, and
// the tick's slot (its scheduled time, in _modula.job_runs.last_slot) stops a process whose tick
// comes a moment after another process's run has finished. Requires PostgreSQL.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Cron } from 'croner';
import { testDatabases } from '../helpers/server.ts';
import { silentLogger } from '../helpers/log.ts';
import { JobScheduler, scheduledSlot, type Job } from '../../src/jobs/scheduler.ts';
import { openPostgres } from '../../src/db/postgres.ts';
import type { Database } from '../../src/db/types.ts';
import { createTestDatabase, type TestDatabaseHandle } from './helpers.ts';

describe('the slot of a cron tick', () => {
  const cron = new Cron('*/10 * * * * *', { timezone: 'UTC', paused: true });
  it('is the scheduled time the tick fired for, also when the timer fired a little early or late', () => {
    assert.equal(scheduledSlot(cron, Date.parse('2026-11-27T10:00:10.004Z'))?.toISOString(), '2026-11-27T10:00:10.000Z');
    assert.equal(scheduledSlot(cron, Date.parse('2026-11-27T10:00:09.700Z'))?.toISOString(), '2026-11-27T10:00:10.000Z');
    assert.equal(scheduledSlot(cron, Date.parse('2026-11-27T10:00:10.300Z'))?.toISOString(), '2026-11-27T10:00:10.000Z');
  });
});

if ((await testDatabases()).includes('postgres')) {
  describe('scheduled jobs in two processes on one PostgreSQL', () => {
    let database: TestDatabaseHandle;
    const pools: Database[] = [];
    before(async () => {
      database = await createTestDatabase();
      await database.migrate();
      pools.push(await openPostgres(database.url, 2), await openPostgres(database.url, 2));
    });
    after(async () => {
      for (const db of pools) await db.close();
      await database?.drop();
    });

    it('runs a slot once, whichever process comes first, even when the other comes after the run finished', async () => {
      let runs = 0;
      const job: Job = {
        name: 'counted_job',
        schedule: '*/10 * * * * *',
        async run() {
          runs += 1;
          return `run ${runs}`;
        },
      };
      const [a, b] = pools.map((db) => new JobScheduler(db, silentLogger, [job]));
      const slot = new Date('2026-11-27T10:00:10Z');
      const next = new Date('2026-11-27T10:00:20Z');
      assert.equal((await a!.runOnce('counted_job', slot)).status, 'ran');
      assert.equal((await b!.runOnce('counted_job', slot)).status, 'skipped', 'the same slot, after the first run finished');
      assert.equal((await b!.runOnce('counted_job', next)).status, 'ran');
      assert.equal((await a!.runOnce('counted_job', slot)).status, 'skipped', 'an older slot');
      assert.equal((await a!.runOnce('counted_job', next)).status, 'skipped');
      const outcomes = await Promise.all([a!.runOnce('counted_job', new Date('2026-11-27T10:00:30Z')), b!.runOnce('counted_job', new Date('2026-11-27T10:00:30Z'))]);
      assert.deepEqual(outcomes.map((o) => o.status).sort(), ['ran', 'skipped']);
      assert.equal(runs, 3);
      const { rows } = await database.pool.query(`select runs::int, last_slot from _modula.job_runs where name = 'counted_job'`);
      assert.equal(rows[0].runs, 3);
      assert.equal((rows[0].last_slot as Date).toISOString(), '2026-11-27T10:00:30.000Z');
      // Without a slot (a run by hand) the job runs whenever the lock is free.
      assert.equal((await a!.runOnce('counted_job')).status, 'ran');
    });
  });
}
