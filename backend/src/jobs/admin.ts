import type { Queryable } from '../db/types.ts';
import type { AppContext } from '../context.ts';
import type { Job } from './scheduler.ts';
import { MailTemplateError } from '../mail/types.ts';

/** Moderation emails sent per run (every 10 seconds). */
const NOTICE_BATCH = 100;

type AdminContext = Pick<AppContext, 'mail' | 'config'>;

type NoticeData =
  | { action: 'unpublished' | 'republished'; listingTitle: string; listingId: string; reason: string }
  | { messageId: string; name: string; email: string; subject: string; message: string }
  | { messageId: string; replyId: number; name: string; subject: string; original: string; reply: string };

interface NoticeRow {
  id: string;
  template: string;
  data: Record<string, unknown>;
  email: string | null;
  name: string | null;
  language: string | null;
}

/** The email of one notice, or null when it has nobody to go to. */
function mailOf(row: NoticeRow, context: AdminContext, site: string): { to: string; template: string; language: string | null; data: Record<string, unknown> } | null {
  const data = row.data as NoticeData;
  if (row.template === 'listing-moderation' && row.email && 'listingTitle' in data) {
    return {
      to: row.email,
      template: row.template,
      language: row.language,
      data: { action: data.action, listingTitle: data.listingTitle, reason: data.reason, name: row.name, url: `${site}/dashboard` },
    };
  }
  if (row.template === 'contact-reply' && row.email && 'reply' in data) {
    return { to: row.email, template: row.template, language: row.language, data: { name: data.name, subject: data.subject, original: data.original, reply: data.reply } };
  }
  if (row.template === 'contact-notification' && context.config.contactNotifyEmail && 'message' in data) {
    return {
      to: context.config.contactNotifyEmail,
      template: row.template,
      language: context.config.defaultLanguage,
      data: { name: data.name, email: data.email, subject: data.subject, message: data.message, url: `${site}/admin/messages` },
    };
  }
  return null;
}

/**
 * Emails what the administrators' tools queued in private.admin_notices (migrations admin_moderation
 * and reports_and_contact_inbox): the vendor learns that a listing was unpublished or republished and
 * why; a contact message's sender gets the administrator's answer; the operator address
 * (CONTACT_NOTIFY_EMAIL) hears of each new contact message. A notice without a recipient (no
 * operator address configured) is marked done without a mail.
 */
export async function sendAdminNotices(tx: Queryable, context: AdminContext): Promise<string | void> {
  const { rows: present } = await tx.query<{ present: boolean }>("select to_regclass('private.admin_notices') is not null as present");
  if (!present[0]?.present) return 'private.admin_notices is not installed; nothing done';
  const { rows } = await tx.query<NoticeRow>(
    `select n.id::text, n.template, n.data, coalesce(u.email::text, n.recipient_email) as email, p.name,
            coalesce(n.language, p.preferred_language) as language
       from private.admin_notices n
       left join public.profiles p on p.id = n.recipient_id
       left join auth.users u on u.id = n.recipient_id
      where n.sent_at is null
      order by n.id
      limit $1
      for update of n skip locked`,
    [NOTICE_BATCH],
  );
  if (rows.length === 0) return;
  const site = context.config.siteUrl.replace(/\/+$/, '');
  let sent = 0;
  const skipped: string[] = [];
  for (const row of rows) {
    const mail = mailOf(row, context, site);
    if (!mail) continue;
    try {
      await context.mail.enqueue(mail, tx);
      sent += 1;
    } catch (error) {
      // An address the contact form accepted but the outbox refuses must not hold up the others.
      if (!(error instanceof MailTemplateError)) throw error;
      skipped.push(`${row.id}: ${error.message}`);
    }
  }
  await tx.query('update private.admin_notices set sent_at = now() where id = any($1::bigint[])', [rows.map((r) => r.id)]);
  return `${sent} moderation emails queued${skipped.length ? `; not sent: ${skipped.join('; ')}` : ''}`;
}

export function adminJobs(context: AdminContext): Job[] {
  return [{ name: 'send_admin_notices', schedule: '*/10 * * * * *', run: (tx) => sendAdminNotices(tx, context) }];
}
