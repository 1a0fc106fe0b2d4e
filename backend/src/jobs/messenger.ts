import type { Queryable } from '../db/types.ts';
import type { AppContext } from '../context.ts';
import type { Job } from './scheduler.ts';

/** Meeting changes emailed per run (every 10 seconds). */
const NOTICE_BATCH = 100;
/** Unread for this long before a digest is sent (issue 14). */
const DIGEST_AFTER = '10 minutes';
/** At most one digest per conversation and recipient in this time. */
const DIGEST_EVERY = '1 hour';
/** Older unread messages are not news any more: they never start a digest. */
const DIGEST_HORIZON = '3 days';
const DIGEST_PREVIEWS = 5;

type MessengerContext = Pick<AppContext, 'mail' | 'config'>;

async function installed(tx: Queryable, relation: string): Promise<boolean> {
  const { rows } = await tx.query<{ present: boolean }>('select to_regclass($1) is not null as present', [relation]);
  return rows[0]?.present ?? false;
}

function personLabel(name: string | null, company: string | null): string {
  const person = name?.trim() || 'Modula';
  return company?.trim() ? `${person} (${company.trim()})` : person;
}

interface NoticeRow {
  id: string;
  meeting_id: string;
  event: 'requested' | 'confirmed' | 'declined' | 'proposed' | 'cancelled';
  actor_id: string | null;
  recipient_id: string;
  details: {
    meetingType: 'video' | 'phone' | 'on_site' | 'showroom';
    previousStatus?: string;
    times?: string[];
    scheduledAt?: string;
    durationMinutes: number;
    reason?: string;
    note?: string;
    timeZone?: string;
    sequence: number;
  };
  email: string | null;
  recipient_name: string | null;
  language: string | null;
  actor_name: string | null;
  actor_company: string | null;
  listing_title: string | null;
}

/** Emails both sides about every change to a meeting, in each recipient's language. */
async function sendMeetingNotices(tx: Queryable, context: MessengerContext): Promise<string | void> {
  if (!(await installed(tx, 'private.meeting_notices'))) return 'private.meeting_notices is not installed; nothing done';
  const { rows } = await tx.query<NoticeRow>(
    `select n.id::text, n.meeting_id, n.event, n.actor_id, n.recipient_id, n.details,
            u.email, r.name as recipient_name, r.preferred_language as language,
            a.name as actor_name, a.company_name as actor_company, l.title as listing_title
       from private.meeting_notices n
       join public.meetings m on m.id = n.meeting_id
       join public.profiles r on r.id = n.recipient_id
       left join auth.users u on u.id = n.recipient_id
       left join public.profiles a on a.id = n.actor_id
       left join public.listings l on l.id = m.listing_id
      where n.sent_at is null
      order by n.id
      limit $1
      for update of n skip locked`,
    [NOTICE_BATCH],
  );
  if (rows.length === 0) return;
  const site = context.config.siteUrl.replace(/\/+$/, '');
  let sent = 0;
  for (const row of rows) {
    if (!row.email) continue;
    const { details } = row;
    const calendar =
      row.event === 'confirmed' || (row.event === 'cancelled' && details.previousStatus === 'confirmed')
        ? { uid: `${row.meeting_id}@modula`, sequence: details.sequence, cancelled: row.event === 'cancelled' }
        : null;
    await context.mail.enqueue(
      {
        to: row.email,
        template: 'meeting-update',
        language: row.language,
        data: {
          name: row.recipient_name,
          event: row.event,
          byRecipient: row.actor_id === row.recipient_id,
          actorName: personLabel(row.actor_name, row.actor_company),
          listingTitle: row.listing_title,
          meetingType: details.meetingType,
          times: details.times ?? [],
          scheduledAt: details.scheduledAt ?? null,
          durationMinutes: details.durationMinutes,
          timeZone: details.timeZone ?? null,
          reason: details.reason ?? null,
          note: details.note ?? null,
          url: `${site}/customer-dashboard/meetings`,
          calendar,
        },
      },
      tx,
    );
    sent += 1;
  }
  await tx.query('update private.meeting_notices set sent_at = now() where id = any($1::bigint[])', [rows.map((r) => r.id)]);
  return `${sent} meeting emails queued`;
}

interface DigestRow {
  conversation_id: string;
  recipient_id: string;
  unread: number;
  email: string | null;
  recipient_name: string | null;
  language: string | null;
  counterpart_name: string | null;
  counterpart_company: string | null;
  listing_title: string | null;
  previews: { type: string; content: string }[];
}

function preview(message: { type: string; content: string }): Record<string, unknown> {
  if (message.type === 'text') return { kind: 'text', text: message.content };
  try {
    const body = JSON.parse(message.content) as Record<string, unknown>;
    if (message.type === 'attachment') return { kind: 'attachment', fileName: String(body.fileName ?? '').slice(0, 255) };
    if (message.type === 'quotation') return { kind: 'quotation', title: String(body.title ?? '').slice(0, 200) };
  } catch {
    // A malformed JSON message (never written through the API) is summarised like a meeting update.
  }
  return { kind: 'meeting' };
}

/**
 * The unread digest: a recipient who has not read a message for 10 minutes gets one email about that
 * conversation's unread messages, at most one per conversation an hour, and never twice about the
 * same messages.
 */
async function sendMessageDigests(tx: Queryable, context: MessengerContext): Promise<string | void> {
  if (!(await installed(tx, 'private.message_digests'))) return 'private.message_digests is not installed; nothing done';
  const { rows } = await tx.query<DigestRow>(
    `with unread as (
       select m.conversation_id, m.created_at,
              case when m.sender_id = c.customer_id then c.vendor_id else c.customer_id end as recipient_id
         from public.messages m
         join public.conversations c on c.id = m.conversation_id
        where m.read_at is null and m.created_at > now() - $1::interval
     ), due as (
       select u.conversation_id, u.recipient_id, count(*)::int as unread
         from unread u
         left join private.message_digests d on d.conversation_id = u.conversation_id and d.recipient_id = u.recipient_id
        where d.sent_at is null or d.sent_at <= now() - $2::interval
        group by u.conversation_id, u.recipient_id, d.sent_at
       having bool_or(u.created_at <= now() - $3::interval and u.created_at > coalesce(d.sent_at, '-infinity'))
        limit 200
     )
     select due.conversation_id, due.recipient_id, due.unread, au.email,
            r.name as recipient_name, r.preferred_language as language,
            o.name as counterpart_name, o.company_name as counterpart_company, l.title as listing_title,
            (select coalesce(jsonb_agg(x order by x.created_at), '[]'::jsonb) from (
               select m.message_type::text as type, m.content, m.created_at from public.messages m
                where m.conversation_id = due.conversation_id and m.sender_id <> due.recipient_id and m.read_at is null
                order by m.created_at desc limit $4) x) as previews
       from due
       join public.conversations c on c.id = due.conversation_id
       join public.profiles r on r.id = due.recipient_id
       left join public.profiles o on o.id = case when c.customer_id = due.recipient_id then c.vendor_id else c.customer_id end
       left join public.listings l on l.id = c.listing_id
       left join auth.users au on au.id = due.recipient_id`,
    [DIGEST_HORIZON, DIGEST_EVERY, DIGEST_AFTER, DIGEST_PREVIEWS],
  );
  if (rows.length === 0) return;
  const site = context.config.siteUrl.replace(/\/+$/, '');
  let sent = 0;
  for (const row of rows) {
    if (row.email && row.previews.length > 0) {
      await context.mail.enqueue(
        {
          to: row.email,
          template: 'message-digest',
          language: row.language,
          data: {
            name: row.recipient_name,
            counterpartName: personLabel(row.counterpart_name, row.counterpart_company),
            listingTitle: row.listing_title,
            count: row.unread,
            messages: row.previews.map(preview),
            url: `${site}/customer-dashboard/messages?conversation=${row.conversation_id}`,
          },
        },
        tx,
      );
      sent += 1;
    }
    await tx.query(
      `insert into private.message_digests (conversation_id, recipient_id, sent_at) values ($1, $2, now())
       on conflict (conversation_id, recipient_id) do update set sent_at = excluded.sent_at`,
      [row.conversation_id, row.recipient_id],
    );
  }
  return `${sent} unread digests queued`;
}

/** A confirmed meeting whose time is over is completed (the meetings page lists it as past). */
async function completePastMeetings(tx: Queryable): Promise<string | void> {
  const { rowCount } = await tx.query(
    `update public.meetings set status = 'completed'
      where status = 'confirmed' and scheduled_at + make_interval(mins => duration_minutes) < now()`,
  );
  return rowCount ? `${rowCount} meetings completed` : undefined;
}

/** The messenger's scheduled work; its emails go through the outbox in the job's transaction. */
export function messengerJobs(context: MessengerContext): Job[] {
  return [
    { name: 'send_meeting_notices', schedule: '*/10 * * * * *', run: (tx) => sendMeetingNotices(tx, context) },
    { name: 'send_message_digests', schedule: '15 * * * * *', run: (tx) => sendMessageDigests(tx, context) },
    { name: 'complete_past_meetings', schedule: '*/5 * * * *', run: (tx) => completePastMeetings(tx) },
  ];
}
