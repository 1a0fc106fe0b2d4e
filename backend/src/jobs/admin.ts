import type { Queryable } from '../db/types.ts';
import type { AppContext } from '../context.ts';
import type { Job } from './scheduler.ts';

/** Moderation emails sent per run (every 10 seconds). */
const NOTICE_BATCH = 100;

type AdminContext = Pick<AppContext, 'mail' | 'config'>;

interface NoticeRow {
  id: string;
  template: string;
  data: { action: 'unpublished' | 'republished'; listingTitle: string; listingId: string; reason: string };
  email: string | null;
  name: string | null;
  language: string | null;
}

/**
 * Emails what the administrators' moderation queued in private.admin_notices (migration
 * admin_moderation): the vendor learns that a listing was unpublished or republished, and why.
 */
export async function sendAdminNotices(tx: Queryable, context: AdminContext): Promise<string | void> {
  const { rows: present } = await tx.query<{ present: boolean }>("select to_regclass('private.admin_notices') is not null as present");
  if (!present[0]?.present) return 'private.admin_notices is not installed; nothing done';
  const { rows } = await tx.query<NoticeRow>(
    `select n.id::text, n.template, n.data, u.email, p.name, p.preferred_language as language
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
  for (const row of rows) {
    if (row.email && row.template === 'listing-moderation') {
      await context.mail.enqueue(
        {
          to: row.email,
          template: 'listing-moderation',
          language: row.language,
          data: { action: row.data.action, listingTitle: row.data.listingTitle, reason: row.data.reason, name: row.name, url: `${site}/dashboard` },
        },
        tx,
      );
      sent += 1;
    }
  }
  await tx.query('update private.admin_notices set sent_at = now() where id = any($1::bigint[])', [rows.map((r) => r.id)]);
  return `${sent} moderation emails queued`;
}

export function adminJobs(context: AdminContext): Job[] {
  return [{ name: 'send_admin_notices', schedule: '*/10 * * * * *', run: (tx) => sendAdminNotices(tx, context) }];
}
