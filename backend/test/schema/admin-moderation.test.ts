import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import type { Database } from '../../src/db/types.ts';
import { sendAdminNotices } from '../../src/jobs/admin.ts';
import { ACTORS, createFixture, ids, users, type Actor } from './helpers/fixture.ts';
import { as, errorCodeOf, errorOf } from './helpers/sql.ts';

type Row = Record<string, unknown>;

/** Every moderation function with arguments that would succeed for an administrator. */
const CALLS: [string, unknown[]][] = [
  ['select * from public.admin_search_listings($1)', ['']],
  ['select * from public.admin_search_companies($1)', ['']],
  ['select * from public.admin_search_users($1)', ['']],
  ['select * from public.admin_security_events()', []],
  ['select * from public.admin_security_event_types()', []],
  ['select public.admin_set_listing_published($1, true, $2)', [ids.listingB, 'Checked again']],
  ['select public.admin_set_company_verified($1, true, $2)', [ids.companyA, 'Registration checked']],
  ['select public.admin_set_user_suspended($1, false, $2)', [users.customerB.id, 'Nothing wrong']],
  ['select public.admin_set_admin($1, true, $2)', [users.admin.id, 'Already admin']],
];

for (const database of await testDatabases()) {
  describe(`moderation on ${database}`, () => {
    let t: TestServer;
    let db: Database;
    const auditRows = async (action: string, target: string) =>
      (await db.query<Row>('select actor_id, action, target_type, target_id, reason, details from public.admin_audit_log where action = $1 and target_id = $2 order by id', [action, target])).rows;
    const listingState = async (id: string) =>
      (await db.query<{ status: string; moderation_reason: string | null; suspension_hold: boolean }>('select status, moderation_reason, suspension_hold from public.listings where id = $1', [id])).rows[0];

    before(async () => {
      t = await startTestServer({ database, scheduledJobs: false }); // the tests run the notice job by hand
      db = t.server.context.db;
      await createFixture(db);
    });
    after(() => t?.close());

    it('refuses every moderation function to everyone but administrators, and writes nothing for them', async () => {
      for (const [sql, params] of CALLS) {
        for (const actor of ACTORS.filter((a) => a !== 'admin')) {
          assert.equal(await errorCodeOf(db, actor, sql, params), '42501', `${actor}: ${sql}`);
        }
      }
      assert.equal((await db.query(`select 1 from public.admin_audit_log where action <> 'fixture.check'`)).rows.length, 0);
      for (const [sql, params] of CALLS) assert.equal(await errorCodeOf(db, 'admin', sql, params), null, `admin: ${sql}`);
    });

    it('unpublishes a listing with a reason: hidden from the catalogue, kept from its vendor, audited, and the vendor emailed', async () => {
      assert.equal(await errorCodeOf(db, 'admin', 'select public.admin_set_listing_published($1, false, $2)', [ids.listingA, ' ']), '22023', 'a reason is required');
      const [result] = await as<{ s: string }>(db, 'admin', 'select public.admin_set_listing_published($1, false, $2) as s', [ids.listingA, 'Photos show another house']);
      assert.equal(result!.s, 'archived');
      assert.deepEqual(await listingState(ids.listingA), { status: 'archived', moderation_reason: 'Photos show another house', suspension_hold: false });
      assert.deepEqual(await as(db, 'anon', 'select id from public.listings where id = $1', [ids.listingA]), []);
      const refused = await errorOf(db, 'vendorA', `update public.listings set status = 'published' where id = $1`, [ids.listingA]);
      assert.equal(refused?.code, '42501');
      assert.match(refused?.message ?? '', /unpublished by Modula.*Photos show another house/);
      assert.equal(await errorCodeOf(db, 'vendorA', 'update public.listings set moderation_reason = null where id = $1', [ids.listingA]), '42501');
      const audit = await auditRows('listing.unpublish', ids.listingA);
      assert.equal(audit.length, 1);
      assert.equal(audit[0]!.actor_id, users.admin.id);
      assert.equal(audit[0]!.reason, 'Photos show another house');
      assert.equal((audit[0]!.details as Row).title, 'Alpine A-frame');

      // The job turns the notice into an email to the company's owner.
      const message = await db.transaction((tx) => sendAdminNotices(tx, t.server.context));
      assert.match(String(message), /moderation emails queued/);
      const mail = (await db.query<{ recipient: string; subject: string; text_body: string }>(
        `select recipient, subject, text_body from _modula.mail_outbox where template = 'listing-moderation' order by id desc limit 1`)).rows[0];
      assert.equal(mail?.recipient, users.vendorA.email);
      assert.equal(mail?.subject, 'Your listing “Alpine A-frame” was unpublished');
      assert.match(mail?.text_body ?? '', /Reason: Photos show another house/);

      await as(db, 'admin', 'select public.admin_set_listing_published($1, true, $2)', [ids.listingA, 'Photos replaced']);
      assert.deepEqual(await listingState(ids.listingA), { status: 'published', moderation_reason: null, suspension_hold: false });
      assert.equal((await auditRows('listing.republish', ids.listingA)).length, 1);
      const found = await as<{ id: string; status: string }>(db, 'admin', 'select id, status from public.admin_search_listings($1)', ['alpine']);
      assert.deepEqual(found, [{ id: ids.listingA, status: 'published' }]);
    });

    it('verifies and unverifies a company with a note', async () => {
      await as(db, 'admin', 'select public.admin_set_company_verified($1, false, $2)', [ids.companyA, 'Registration expired']);
      assert.equal((await db.query<{ verified: boolean }>('select verified from public.companies where id = $1', [ids.companyA])).rows[0]!.verified, false);
      await as(db, 'admin', 'select public.admin_set_company_verified($1, true, $2)', [ids.companyA, 'Renewed registration seen']);
      const audit = [...await auditRows('company.unverify', ids.companyA), ...await auditRows('company.verify', ids.companyA)];
      assert.deepEqual(audit.map((r) => r.reason), ['Registration expired', 'Registration checked', 'Renewed registration seen']);
    });

    it('suspends an account: it cannot sign in and its company\'s listings are hidden until it is restored', async () => {
      const email = 'suspended.vendor@test.modula.eu';
      const password = 'Correct-Horse-Battery-42';
      const created = await t.admin().auth.admin.createUser({ email, password, email_confirm: true, user_metadata: { name: 'Sam Suspended', user_type: 'vendor' } });
      assert.equal(created.error, null);
      const id = created.data.user!.id;
      await db.query(`insert into public.company_members (company_id, user_id, member_role) values ($1, $2, 'member')`, [ids.companyB, id]);
      await db.query(`delete from public.company_members where company_id = $1 and user_id = $2`, [ids.companyB, users.vendorB.id]);
      const first = await t.client().auth.signInWithPassword({ email, password });
      assert.equal(first.error, null);

      assert.equal(await errorCodeOf(db, 'admin', 'select public.admin_set_user_suspended($1, true, $2)', [users.admin.id, 'Myself']), '22023');
      await as(db, 'admin', 'select public.admin_set_user_suspended($1, true, $2)', [id, 'Fraudulent listings']);
      const refused = await t.client().auth.signInWithPassword({ email, password });
      assert.equal(refused.error?.code, 'user_banned');
      const refreshed = await t.client().auth.refreshSession({ refresh_token: first.data.session!.refresh_token });
      assert.ok(refreshed.error, 'the session ended');
      assert.deepEqual(await listingState(ids.listingB), { status: 'archived', moderation_reason: null, suspension_hold: true });
      assert.deepEqual(await listingState(ids.listingC), { status: 'archived', moderation_reason: null, suspension_hold: true });
      const [row] = await as<{ suspended_at: string | null }>(db, 'admin', 'select suspended_at from public.admin_search_users($1)', [email]);
      assert.ok(row?.suspended_at);
      assert.deepEqual((await auditRows('user.suspend', id)).map((r) => [r.reason, (r.details as Row).listings_hidden]), [['Fraudulent listings', 2]]);

      await as(db, 'admin', 'select public.admin_set_user_suspended($1, false, $2)', [id, 'Explained and fixed']);
      assert.equal((await t.client().auth.signInWithPassword({ email, password })).error, null);
      assert.deepEqual(await listingState(ids.listingB), { status: 'published', moderation_reason: null, suspension_hold: false });
      assert.deepEqual(await listingState(ids.listingC), { status: 'published', moderation_reason: null, suspension_hold: false });
      assert.deepEqual((await auditRows('user.restore', id)).map((r) => (r.details as Row).listings_restored), [2]);
      await db.query(`insert into public.company_members (company_id, user_id, member_role) values ($1, $2, 'owner')`, [ids.companyB, users.vendorB.id]);
    });

    it('promotes and demotes administrators, never the last one', async () => {
      const demoteSelf = await errorOf(db, 'admin', 'select public.admin_set_admin($1, false, $2)', [users.admin.id, 'Stepping down']);
      assert.equal(demoteSelf?.code, '22023');
      assert.match(demoteSelf?.message ?? '', /last administrator/);
      await as(db, 'admin', 'select public.admin_set_admin($1, true, $2)', [users.customerA.id, 'New team member']);
      assert.equal(await errorCodeOf(db, 'customerA', 'select * from public.admin_search_users($1)', ['']), null, 'the new admin is one');
      await as(db, 'customerA', 'select public.admin_set_admin($1, false, $2)', [users.customerA.id, 'Trial over']);
      assert.equal(await errorCodeOf(db, 'customerA', 'select * from public.admin_search_users($1)', ['']), '42501');
      assert.deepEqual((await auditRows('user.promote', users.customerA.id)).map((r) => r.reason), ['New team member']);
      assert.deepEqual((await auditRows('user.demote', users.customerA.id)).map((r) => r.reason), ['Trial over']);
    });

    it('keeps the audit log append-only for everyone, the database owner included', async () => {
      const code = async (sql: string) => {
        try {
          await db.query(sql);
          return null;
        } catch (error) {
          return (error as { code?: string }).code;
        }
      };
      assert.equal(await code(`update public.admin_audit_log set reason = 'rewritten'`), '42501');
      assert.equal(await code('delete from public.admin_audit_log'), '42501');
      assert.equal(await code('truncate public.admin_audit_log'), '42501');
      for (const actor of ['customerA', 'vendorA', 'admin'] as Actor[]) {
        assert.equal(await errorCodeOf(db, actor, `insert into public.admin_audit_log (action, target_type, target_id) values ('user.promote', 'user', 'x')`), '42501');
      }
      const admin = await as(db, 'admin', 'select id from public.admin_audit_log');
      assert.ok(admin.length >= 8);
      assert.deepEqual(await as(db, 'customerA', 'select id from public.admin_audit_log'), []);
    });

    it('lists the security events by type, user and period', async () => {
      await db.query(`insert into public.security_events (event_type, user_id, details, created_at) values
        ('login_failed', $1, '{"email":"vendor.a@test.modula.eu"}', now() - interval '2 days'),
        ('login_rate_limited', null, '{"email":"someone@example.com"}', now())`, [users.vendorA.id]);
      const failed = await as<{ event_type: string; email: string | null }>(db, 'admin', 'select event_type, email from public.admin_security_events($1)', ['login_failed']);
      assert.equal(failed.length, 2, 'the fixture\'s and the new one');
      const forVendor = await as<{ email: string }>(db, 'admin', 'select email from public.admin_security_events(null, $1)', ['vendor.a@']);
      assert.deepEqual(forVendor.map((r) => r.email), [users.vendorA.email]);
      const recent = await as<{ event_type: string }>(db, 'admin', `select event_type from public.admin_security_events(null, null, now() - interval '1 day')`);
      assert.deepEqual(recent.map((r) => r.event_type).sort(), ['login_failed', 'login_rate_limited']);
      const types = await as<{ event_type: string; events: number }>(db, 'admin', 'select event_type, events::int from public.admin_security_event_types()');
      assert.deepEqual(types, [{ event_type: 'login_failed', events: 2 }, { event_type: 'login_rate_limited', events: 1 }]);
    });
  });
}
