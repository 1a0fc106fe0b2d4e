import { Cron } from 'croner';
import type { Database, Queryable } from '../db/types.ts';
import type { Logger } from '../log.ts';

export interface Job {
  name: string;
  /** A cron pattern (croner syntax), in UTC. */
  schedule: string;
  /** Runs inside the transaction that holds the job's lock; may return a line for the log. */
  run(tx: Queryable): Promise<string | void>;
}

export type RunOutcome = { status: 'ran'; message: string | null } | { status: 'skipped' };

/**
 * The scheduled time a cron tick belongs to. Croner fires at (or a few milliseconds after) it; the
 * second of slack also covers a process whose timer fired a little early.
 */
export function scheduledSlot(cron: Cron, now = Date.now()): Date | null {
  return cron.previousRuns(1, new Date(now + 1000))[0] ?? null;
}

/**
 * Runs jobs on their schedules (croner). Each run holds a transaction-scoped advisory lock named
 * after the job, so with several backend processes on one PostgreSQL a job runs in one of them at a
 * time and the others skip that tick. The lock alone is not enough: a process whose tick comes a
 * moment after another's finished would run the job again for the same schedule. So each tick
 * carries its scheduled time (its slot), recorded in _modula.job_runs.last_slot, and a slot is run
 * once, by whichever process takes the lock first.
 */
export class JobScheduler {
  private readonly db: Database;
  private readonly log: Logger;
  private readonly jobs: Job[];
  private crons: Cron[] = [];

  constructor(db: Database, log: Logger, jobs: Job[]) {
    this.db = db;
    this.log = log;
    this.jobs = jobs;
  }

  start(): void {
    for (const job of this.jobs) {
      this.crons.push(
        new Cron(job.schedule, { timezone: 'UTC', protect: true, unref: true }, async (cron: Cron) => {
          try {
            const outcome = await this.runOnce(job.name, scheduledSlot(cron));
            if (outcome.status === 'ran' && outcome.message) this.log.info(`job ${job.name}: ${outcome.message}`);
          } catch (error) {
            this.log.error(`job ${job.name} failed: ${error instanceof Error ? error.message : String(error)}`);
          }
        }),
      );
    }
  }

  stop(): void {
    for (const cron of this.crons) cron.stop();
    this.crons = [];
  }

  /**
   * Runs a job now unless another process holds its lock or, given the tick's scheduled `slot`,
   * unless some process already ran that slot (or a later one).
   */
  async runOnce(name: string, slot: Date | null = null): Promise<RunOutcome> {
    const job = this.jobs.find((j) => j.name === name);
    if (!job) throw new Error(`no job named ${name}`);
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ locked: boolean }>(
        "select pg_try_advisory_xact_lock(hashtext('modula.jobs'), hashtext($1)) as locked",
        [job.name],
      );
      if (!rows[0]?.locked) return { status: 'skipped' } as const;
      if (slot) {
        const done = await tx.query<{ done: boolean }>('select last_slot >= $2 as done from _modula.job_runs where name = $1', [job.name, slot]);
        if (done.rows[0]?.done) return { status: 'skipped' } as const;
      }
      const message = await job.run(tx);
      await tx.query(
        `insert into _modula.job_runs (name, last_run_at, last_message, last_slot) values ($1, now(), $2, $3)
         on conflict (name) do update set last_run_at = now(), last_message = excluded.last_message, runs = _modula.job_runs.runs + 1,
           last_slot = coalesce(excluded.last_slot, _modula.job_runs.last_slot)`,
        [job.name, message ?? null, slot],
      );
      return { status: 'ran', message: message ?? null } as const;
    });
  }
}
