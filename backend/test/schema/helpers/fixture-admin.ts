import type { Database } from '../../../src/db/types.ts';

/** The rows of the main fixture this one refers to (passed in: fixture.ts imports this file). */
interface AdminFixtureRefs {
  ids: { listingB: string; convA: string; contact1: string; reportA: string; reportB: string };
  users: Record<'customerA' | 'vendorA' | 'admin', { id: string; email: string }>;
}

/**
 * One audit row written by the fixture's administrator (as the moderation functions do); customer A's
 * open report of listing B, vendor A's of conversation A; the administrator's answer to contact message 1.
 */
export async function createAdminFixture(db: Database, { ids, users }: AdminFixtureRefs): Promise<void> {
  await db.query(
    `insert into public.admin_audit_log (actor_id, actor_email, action, target_type, target_id, reason)
     select u.id, u.email, 'fixture.check', 'listing', 'fixture-target', 'Fixture row'
       from auth.users u join public.profiles p on p.id = u.id
      where p.role = 'admin'
      order by u.email limit 1`,
  );
  await db.query(
    `insert into public.reports (id, reporter_id, listing_id, conversation_id, reason, details) values
       ($1, $2, $3, null, 'fraud', 'Asks for payment outside Modula.'),
       ($4, $5, null, $6, 'harassment', 'Insulting messages.')`,
    [ids.reportA, users.customerA.id, ids.listingB, ids.reportB, users.vendorA.id, ids.convA],
  );
  await db.query(
    `insert into public.contact_replies (message_id, author_id, author_email, body) values ($1, $2, $3, 'Fixture reply')`,
    [ids.contact1, users.admin.id, users.admin.email],
  );
}
