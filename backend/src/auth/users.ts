import crypto from 'node:crypto';
import type { Queryable } from '../db/types.ts';

/** A user as the API returns it (GoTrue's User object). */
export type UserJson = Record<string, unknown> & {
  id: string;
  email: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  is_anonymous: boolean;
};

/** The columns the auth server decides with. */
export interface UserRow {
  id: string;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed: boolean;
  banned: boolean;
  email_change: string | null;
  raw_user_meta_data: Record<string, unknown> | null;
  raw_app_meta_data: Record<string, unknown> | null;
}

const USER_COLUMNS = `u.id::text, u.email, u.encrypted_password, u.email_confirmed_at is not null as email_confirmed,
  coalesce(u.banned_until > now(), false) as banned, nullif(u.email_change, '') as email_change,
  u.raw_user_meta_data, u.raw_app_meta_data`;

/** The JSON is built in SQL so timestamps come out as PostgreSQL's ISO 8601, like GoTrue's. */
const USER_JSON = `jsonb_build_object(
  'id', u.id,
  'aud', coalesce(u.aud, 'authenticated'),
  'role', coalesce(u.role, 'authenticated'),
  'email', coalesce(u.email, ''),
  'email_confirmed_at', u.email_confirmed_at,
  'phone', coalesce(u.phone, ''),
  'confirmed_at', u.confirmed_at,
  'confirmation_sent_at', u.confirmation_sent_at,
  'recovery_sent_at', u.recovery_sent_at,
  'email_change_sent_at', case when nullif(u.email_change, '') is not null then u.email_change_sent_at end,
  'new_email', nullif(u.email_change, ''),
  'reauthentication_sent_at', u.reauthentication_sent_at,
  'last_sign_in_at', u.last_sign_in_at,
  'app_metadata', coalesce(u.raw_app_meta_data, '{}'::jsonb),
  'user_metadata', coalesce(u.raw_user_meta_data, '{}'::jsonb),
  'identities', coalesce((
    select jsonb_agg(jsonb_build_object(
      'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id, 'identity_data', i.identity_data,
      'provider', i.provider, 'last_sign_in_at', i.last_sign_in_at, 'created_at', i.created_at,
      'updated_at', i.updated_at, 'email', i.email) order by i.created_at)
    from auth.identities i where i.user_id = u.id), '[]'::jsonb),
  'factors', (
    select jsonb_agg(jsonb_build_object(
      'id', f.id, 'friendly_name', coalesce(f.friendly_name, ''), 'factor_type', f.factor_type, 'status', f.status,
      'created_at', f.created_at, 'updated_at', f.updated_at, 'last_challenged_at', f.last_challenged_at) order by f.created_at)
    from auth.mfa_factors f where f.user_id = u.id),
  'banned_until', case when u.banned_until > now() then u.banned_until end,
  'created_at', u.created_at,
  'updated_at', u.updated_at,
  'is_anonymous', u.is_anonymous
)`;

/** GoTrue omits absent optional fields rather than sending null. */
function withoutNulls(json: Record<string, unknown>): UserJson {
  return Object.fromEntries(Object.entries(json).filter(([, v]) => v !== null)) as UserJson;
}

export async function userJson(db: Queryable, id: string): Promise<UserJson | null> {
  const { rows } = await db.query<{ json: Record<string, unknown> }>(`select ${USER_JSON} as json from auth.users u where u.id = $1::uuid`, [id]);
  return rows[0] ? withoutNulls(rows[0].json) : null;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users u where lower(u.email) = $1 and u.is_sso_user = false and u.deleted_at is null`,
    [email],
  );
  return rows[0] ?? null;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users u where u.id = $1::uuid and u.deleted_at is null`, [id]);
  return rows[0] ?? null;
}

/** Whether another account already uses the address (as its email or as a pending email change). */
export async function emailTaken(db: Queryable, email: string, exceptId?: string): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from auth.users where lower(email) = $1 and ($2::uuid is null or id <> $2::uuid) and deleted_at is null limit 1`,
    [email, exceptId ?? null],
  );
  return rows.length > 0;
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  userMetadata: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  confirmed: boolean;
  role?: string;
  id?: string;
}

/**
 * Inserts the user and its email identity. Like GoTrue, the identity claims (sub, email,
 * email_verified, phone_verified) are also in user_metadata.
 */
export async function insertUser(tx: Queryable, user: NewUser): Promise<string> {
  const id = user.id ?? crypto.randomUUID();
  const identity = { sub: id, email: user.email, email_verified: user.confirmed, phone_verified: false };
  const appMetadata = { ...(user.appMetadata ?? {}), provider: 'email', providers: ['email'] };
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
       raw_user_meta_data, created_at, updated_at, is_sso_user, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, $3, $4, case when $5 then now() end, $6::jsonb, $7::jsonb,
       now(), now(), false, false)`,
    [id, user.role ?? 'authenticated', user.email, user.passwordHash ?? '', user.confirmed, JSON.stringify(appMetadata), JSON.stringify({ ...user.userMetadata, ...identity })],
  );
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1, $3::uuid, $2::jsonb, 'email', now(), now())`,
    [id, JSON.stringify(identity), id],
  );
  return id;
}

/**
 * A new sign-up for an address whose account is not confirmed yet: the password (null for a
 * passwordless OTP sign-up) and the metadata are replaced, not merged, so nothing an earlier,
 * unproven sign-up set survives. The profile follows the metadata (a trigger in the database).
 */
export async function restartSignup(tx: Queryable, userId: string, signup: { passwordHash: string | null; userMetadata: Record<string, unknown> }): Promise<void> {
  await tx.query(
    `update auth.users
        set encrypted_password = $2, updated_at = now(),
            raw_user_meta_data = $3::jsonb || jsonb_build_object('sub', id::text, 'email', email, 'email_verified', false, 'phone_verified', false)
      where id = $1::uuid and email_confirmed_at is null`,
    [userId, signup.passwordHash ?? '', JSON.stringify(signup.userMetadata)],
  );
}

/**
 * Confirming the address ends every session and refresh token the account had before: whatever
 * existed was not started by the person who has just proven the mailbox.
 */
export async function endEarlierSessions(tx: Queryable, userId: string): Promise<void> {
  await tx.query(`delete from auth.sessions where user_id = $1::uuid`, [userId]);
  await tx.query(`delete from auth.refresh_tokens where user_id = $1`, [userId]);
}

/** Marks the email confirmed, in the user, its metadata and its identity. */
export async function confirmEmail(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now(),
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || jsonb_build_object('email_verified', true)
     where id = $1::uuid`,
    [userId],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email_verified', true), updated_at = now()
     where user_id = $1::uuid and provider = 'email'`,
    [userId],
  );
}

/**
 * Merges metadata the way GoTrue does: keys are set, a null value removes the key.
 */
export function mergeMetadata(current: Record<string, unknown> | null, update: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(update)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** The language and name emails to this user are written with. */
export function mailPersonalisation(user: Pick<UserRow, 'raw_user_meta_data'>): { language: string | null; name: string | null } {
  const meta = user.raw_user_meta_data ?? {};
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  return {
    language: text(meta.language) ?? text(meta.preferred_language) ?? text(meta.locale),
    name: text(meta.name) ?? text(meta.full_name),
  };
}
