import type { Queryable } from '../db/types.ts';
import type { AppContext } from '../context.ts';
import type { Job } from './scheduler.ts';

type BillingContext = Pick<AppContext, 'mail' | 'config'>;

async function installed(tx: Queryable, name: string, kind: 'regclass' | 'regprocedure'): Promise<boolean> {
  const { rows } = await tx.query<{ present: boolean }>(`select to_${kind}($1) is not null as present`, [name]);
  return rows[0]?.present ?? false;
}

/** Subscriptions past their renewal date end; their companies are brought within the free plan. */
async function expireSubscriptions(tx: Queryable): Promise<string | void> {
  if (!(await installed(tx, 'public.expire_subscriptions()', 'regprocedure'))) return 'public.expire_subscriptions is not installed; nothing done';
  const { rows } = await tx.query<{ ended: number }>('select public.expire_subscriptions() as ended');
  const ended = rows[0]?.ended ?? 0;
  return ended ? `${ended} subscriptions ended` : undefined;
}

interface NoticeRow {
  id: string;
  kind: 'unpublished' | 'republished';
  plan_name: string;
  email: string | null;
  name: string | null;
  language: string | null;
  titles: string[];
}

/** Tells company members which listings their plan change unpublished or published again. */
async function sendBillingNotices(tx: Queryable, context: BillingContext): Promise<string | void> {
  if (!(await installed(tx, 'private.billing_notices', 'regclass'))) return 'private.billing_notices is not installed; nothing done';
  const { rows } = await tx.query<NoticeRow>(
    `select n.id::text, n.kind, p.name as plan_name, u.email, r.name, r.preferred_language as language,
            array(select l.title from public.listings l where l.id = any (n.listing_ids) order by l.title) as titles
       from private.billing_notices n
       join public.plans p on p.id = n.plan
       join public.profiles r on r.id = n.recipient_id
       left join auth.users u on u.id = n.recipient_id
      where n.sent_at is null
      order by n.id
      limit 100
      for update of n skip locked`,
  );
  if (rows.length === 0) return;
  const site = context.config.siteUrl.replace(/\/+$/, '');
  let sent = 0;
  for (const row of rows) {
    if (row.email && row.titles.length > 0) {
      await context.mail.enqueue(
        {
          to: row.email,
          template: 'listings-plan-change',
          language: row.language ?? undefined,
          data: { name: row.name, kind: row.kind, plan: row.plan_name, titles: row.titles, url: `${site}/pricing` },
        },
        tx,
      );
      sent += 1;
    }
    await tx.query('update private.billing_notices set sent_at = now() where id = $1', [row.id]);
  }
  return `${sent} listing plan-change emails queued`;
}

/** Billing's scheduled work. Test-provider renewals run outside these transactions (billing-renewals.ts). */
export function billingJobs(context: BillingContext): Job[] {
  return [
    { name: 'expire_subscriptions', schedule: '30 * * * * *', run: (tx) => expireSubscriptions(tx) },
    { name: 'send_billing_notices', schedule: '*/10 * * * * *', run: (tx) => sendBillingNotices(tx, context) },
  ];
}
