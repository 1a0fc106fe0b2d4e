import type { Queryable } from '../db/types.ts';
import type { RenderedRequest } from '../../../supabase/functions/_shared/mail/render.ts';
import type { MailAttachment } from './types.ts';

export interface OutboxRow {
  id: string;
  recipient: string;
  template: string;
  language: string;
  subject: string;
  text_body: string;
  html_body: string;
  attachments: MailAttachment[] | null;
  attempts: number;
}

/** A plausible single address: the outbox refuses header injection and obvious garbage early. */
const ADDRESS = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

export function isDeliverableAddress(address: string): boolean {
  return address.length <= 254 && ADDRESS.test(address);
}

export async function insertOutbox(db: Queryable, to: string, template: string, mail: RenderedRequest): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into _modula.mail_outbox (recipient, template, language, subject, text_body, html_body, attachments)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb) returning id::text`,
    [to, template, mail.language, mail.subject, mail.text, mail.html, mail.attachments?.length ? JSON.stringify(mail.attachments) : null],
  );
  return rows[0]!.id;
}

/**
 * Takes up to `limit` due rows and leases them for `leaseSeconds`. SKIP LOCKED lets the workers of
 * several processes claim disjoint rows, so each mail is handed to one worker at a time.
 */
export async function claimDue(db: Queryable, limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>(
    `with due as (
       select id from _modula.mail_outbox
        where (status = 'pending' and next_attempt_at <= now())
           or (status = 'sending' and locked_until < now())
        order by id
        limit $1
        for update skip locked
     )
     update _modula.mail_outbox m
        set status = 'sending', attempts = m.attempts + 1, locked_until = now() + make_interval(secs => $2)
       from due
      where m.id = due.id
     returning m.id::text, m.recipient, m.template, m.language, m.subject, m.text_body, m.html_body, m.attachments, m.attempts`,
    [limit, leaseSeconds],
  );
  return rows;
}

export async function markSent(db: Queryable, id: string, messageId: string | null): Promise<void> {
  await db.query(
    `update _modula.mail_outbox set status = 'sent', sent_at = now(), locked_until = null, message_id = $2, last_error = null
      where id = $1::bigint`,
    [id, messageId],
  );
}

export async function markFailed(db: Queryable, id: string, error: string, retryInMs: number | null): Promise<void> {
  await db.query(
    `update _modula.mail_outbox
        set status = case when $3::double precision is null then 'failed' else 'pending' end,
            next_attempt_at = now() + make_interval(secs => coalesce($3::double precision, 0) / 1000),
            locked_until = null,
            last_error = left($2, 1000)
      where id = $1::bigint`,
    [id, error, retryInMs],
  );
}

/** Milliseconds until the next pending mail is due, or null when none is waiting. */
export async function msUntilNextDue(db: Queryable): Promise<number | null> {
  const { rows } = await db.query<{ ms: number | null }>(
    `select greatest(0, extract(epoch from min(next_attempt_at) - now()) * 1000)::float8 as ms
       from _modula.mail_outbox where status = 'pending'`,
  );
  return rows[0]?.ms ?? null;
}

/** Sent mail is kept for a while for support questions, then dropped. */
export async function pruneSent(db: Queryable, olderThanDays: number): Promise<void> {
  await db.query(`delete from _modula.mail_outbox where status = 'sent' and sent_at < now() - make_interval(days => $1)`, [
    olderThanDays,
  ]);
}

/** Hands claimed rows back untouched (the worker is stopping before it got to them). */
export async function releaseClaimed(db: Queryable, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `update _modula.mail_outbox set status = 'pending', attempts = attempts - 1, locked_until = null
      where id = any($1::bigint[]) and status = 'sending'`,
    [ids],
  );
}
