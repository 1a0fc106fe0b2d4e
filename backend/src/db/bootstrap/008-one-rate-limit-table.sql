-- The auth and functions rate limits count in the project's one rate-limit table now
-- (private.rate_limits, supabase/migrations/20261125020000_one_rate_limit_table.sql).
drop table if exists _modula.auth_rate_limits;
drop table if exists _modula.function_rate_limits;
