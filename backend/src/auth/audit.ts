import type { Queryable } from '../db/types.ts';

export type AuditAction =
  | 'login'
  | 'login_failed'
  | 'rate_limited'
  | 'logout'
  | 'user_signedup'
  | 'user_repeated_signup'
  | 'user_confirmation_requested'
  | 'user_recovery_requested'
  | 'user_reauthenticate_requested'
  | 'user_modified'
  | 'user_updated_password'
  | 'user_deleted'
  | 'token_refreshed'
  | 'token_revoked'
  | 'factor_in_progress'
  | 'mfa_code_login'
  | 'factor_deleted'
  | 'verification_attempted';

const LOG_TYPES: Partial<Record<AuditAction, string>> = {
  login: 'account',
  logout: 'account',
  login_failed: 'account',
  rate_limited: 'account',
  token_refreshed: 'token',
  token_revoked: 'token',
};

/**
 * One row of auth.audit_log_entries in GoTrue's payload shape. Never given passwords or tokens:
 * traits carry only what an investigation needs (provider, reason, key).
 */
export async function audit(
  db: Queryable,
  entry: { action: AuditAction; actorId?: string | null; actorEmail?: string | null; ip: string; traits?: Record<string, unknown> },
): Promise<void> {
  const payload = {
    actor_id: entry.actorId ?? '',
    actor_username: entry.actorEmail ?? '',
    actor_via_sso: false,
    action: entry.action,
    log_type: LOG_TYPES[entry.action] ?? 'user',
    traits: entry.traits ?? {},
  };
  await db.query(
    `insert into auth.audit_log_entries (id, payload, created_at, ip_address) values (gen_random_uuid(), $1::json, now(), $2)`,
    [JSON.stringify(payload), entry.ip.slice(0, 64)],
  );
}
