-- State the functions host keeps for itself (not part of a Supabase project): rate-limit windows,
-- shared by every backend process on the same database.
create table if not exists _modula.function_rate_limits (
  key text primary key,
  window_start timestamptz not null default now(),
  hits integer not null default 0
);
create index if not exists function_rate_limits_window_idx on _modula.function_rate_limits (window_start);
