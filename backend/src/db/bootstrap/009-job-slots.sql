-- The scheduled time of the last run of each job: with several backend processes, a schedule's tick
-- is run once, by whichever process takes the job's lock first (backend/src/jobs/scheduler.ts).
alter table _modula.job_runs add column if not exists last_slot timestamptz;
