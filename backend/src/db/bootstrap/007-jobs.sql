-- When each scheduled job last ran (whichever backend process ran it).
create table if not exists _modula.job_runs (
  name text primary key,
  last_run_at timestamptz not null,
  last_message text,
  runs bigint not null default 1
);
