import type { Queryable } from '../db/types.ts';
import type { AppContext } from '../context.ts';
import type { Job } from './scheduler.ts';

/** Order changes emailed per run (every 10 seconds). */
const NOTICE_BATCH = 100;

type OrdersContext = Pick<AppContext, 'mail' | 'config'>;

interface OrderNoticeRow {
  id: string;
  order_id: string;
  recipient_id: string;
  status: 'awaiting_deposit' | 'deposit_paid' | 'in_production' | 'shipped' | 'delivered' | 'completed' | 'cancelled';
  previous_status: string | null;
  note: string | null;
  reference: string;
  title: string;
  customer_id: string;
  email: string | null;
  recipient_name: string | null;
  language: string | null;
}

/**
 * Emails the customer and the vendor about every order placed or moved on (private.order_notices,
 * written by the orders trigger and public.update_order_status), in each recipient's language.
 */
export async function sendOrderNotices(tx: Queryable, context: OrdersContext): Promise<string | void> {
  const { rows: present } = await tx.query<{ present: boolean }>("select to_regclass('private.order_notices') is not null as present");
  if (!present[0]?.present) return 'private.order_notices is not installed; nothing done';
  const { rows } = await tx.query<OrderNoticeRow>(
    `select n.id::text, n.order_id, n.recipient_id, n.status, n.previous_status, n.note,
            o.reference, o.title, o.customer_id, u.email, r.name as recipient_name, r.preferred_language as language
       from private.order_notices n
       join public.orders o on o.id = n.order_id
       join public.profiles r on r.id = n.recipient_id
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
    if (!row.email) continue;
    const url = row.recipient_id === row.customer_id ? `${site}/customer-dashboard/orders` : `${site}/dashboard?tab=orders`;
    await context.mail.enqueue(
      {
        to: row.email,
        template: 'order-update',
        language: row.language,
        data: {
          name: row.recipient_name,
          reference: row.reference,
          title: row.title,
          status: row.status,
          created: row.previous_status === null,
          note: row.note,
          url,
        },
      },
      tx,
    );
    sent += 1;
  }
  await tx.query('update private.order_notices set sent_at = now() where id = any($1::bigint[])', [rows.map((r) => r.id)]);
  return `${sent} order emails queued`;
}

interface InvitationNoticeRow {
  id: string;
  email: string;
  company: string;
  inviter: string | null;
  inviter_company: string | null;
  language: string | null;
  invitee_name: string | null;
}

/**
 * Emails each company invitation (private.invitation_notices, written when invite_to_company creates
 * or renews one) in the invitee's language when they have an account, else the inviter's.
 */
export async function sendInvitationNotices(tx: Queryable, context: OrdersContext): Promise<string | void> {
  const { rows: present } = await tx.query<{ present: boolean }>("select to_regclass('private.invitation_notices') is not null as present");
  if (!present[0]?.present) return 'private.invitation_notices is not installed; nothing done';
  const { rows } = await tx.query<InvitationNoticeRow>(
    `select n.id::text, i.email, c.name as company, p.name as inviter, p.company_name as inviter_company,
            coalesce(invitee.preferred_language, p.preferred_language) as language, invitee.name as invitee_name
       from private.invitation_notices n
       join public.company_invitations i on i.id = n.invitation_id
       join public.companies c on c.id = i.company_id
       left join public.profiles p on p.id = i.invited_by
       left join auth.users u on lower(u.email) = i.email
       left join public.profiles invitee on invitee.id = u.id
      where n.sent_at is null and i.accepted_at is null
      order by n.id
      limit $1
      for update of n skip locked`,
    [NOTICE_BATCH],
  );
  if (rows.length === 0) return;
  const site = context.config.siteUrl.replace(/\/+$/, '');
  for (const row of rows) {
    await context.mail.enqueue(
      {
        to: row.email,
        template: 'company-invitation',
        language: row.language,
        data: { name: row.invitee_name, company: row.company, inviter: row.inviter?.trim() || row.company, url: `${site}/dashboard` },
      },
      tx,
    );
  }
  await tx.query('update private.invitation_notices set sent_at = now() where id = any($1::bigint[])', [rows.map((r) => r.id)]);
  return `${rows.length} invitation emails queued`;
}

export function orderJobs(context: OrdersContext): Job[] {
  return [
    { name: 'send_order_notices', schedule: '*/10 * * * * *', run: (tx) => sendOrderNotices(tx, context) },
    { name: 'send_invitation_notices', schedule: '5-55/10 * * * * *', run: (tx) => sendInvitationNotices(tx, context) },
  ];
}
