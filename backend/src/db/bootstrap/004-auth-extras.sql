-- What the auth server keeps beyond GoTrue's own tables (not part of a Supabase project).

-- Fixed-window attempt counters (login, sign-up, mail sends, code checks), shared by every backend
-- process on the database and incremented atomically by one upsert.
create table if not exists _modula.auth_rate_limits (
  key text primary key,
  window_start timestamptz not null,
  hits integer not null
);
create index if not exists auth_rate_limits_window_idx on _modula.auth_rate_limits (window_start);

-- Server secrets shared by all processes (e.g. the key refresh tokens are derived with).
create table if not exists _modula.auth_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

-- Email links carry a random 256-bit token (token_hash holds its SHA-256); the 6-digit code sent in
-- the same mail is stored separately, hashed with the address it was sent to.
alter table auth.one_time_tokens add column if not exists code_hash text;
create index if not exists one_time_tokens_relates_to_idx on auth.one_time_tokens (relates_to);

revoke all on _modula.auth_rate_limits, _modula.auth_secrets from public;
