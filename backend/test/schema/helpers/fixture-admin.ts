import type { Database } from '../../../src/db/types.ts';

/** One audit row written by the fixture's administrator (as the moderation functions do). */
export async function createAdminFixture(db: Database): Promise<void> {
  await db.query(
    `insert into public.admin_audit_log (actor_id, actor_email, action, target_type, target_id, reason)
     select u.id, u.email, 'fixture.check', 'listing', 'fixture-target', 'Fixture row'
       from auth.users u join public.profiles p on p.id = u.id
      where p.role = 'admin'
      order by u.email limit 1`,
  );
}
