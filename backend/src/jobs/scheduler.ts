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
 * Runs jobs on their schedules (croner). Each run holds a transaction-scoped advisory lock named
 * after the job, so with several backend processes on one PostgreSQL a job runs in one of them at a
 * time and the others skip that tick.
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
        new Cron(job.schedule, { timezone: 'UTC', protect: true, unref: true }, async () => {
          try {
            const outcome = await this.runOnce(job.name);
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

  /** Runs a job now unless another process holds its lock. */
  async runOnce(name: string): Promise<RunOutcome> {
    const job = this.jobs.find((j) => j.name === name);
    if (!job) throw new Error(`no job named ${name}`);
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ locked: boolean }>(
        "select pg_try_advisory_xact_lock(hashtext('modula.jobs'), hashtext($1)) as locked",
        [job.name],
      );
      if (!rows[0]?.locked) return { status: 'skipped' } as const;
      const message = await job.run(tx);
      await tx.query(
        `insert into _modula.job_runs (name, last_run_at, last_message) values ($1, now(), $2)
         on conflict (name) do update set last_run_at = now(), last_message = excluded.last_message, runs = _modula.job_runs.runs + 1`,
        [job.name, message ?? null],
      );
      return { status: 'ran', message: message ?? null } as const;
    });
  }
}
