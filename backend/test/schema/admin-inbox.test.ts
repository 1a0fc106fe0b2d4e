import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import type { Database } from '../../src/db/types.ts';
import { sendAdminNotices } from '../../src/jobs/admin.ts';
import { ACTORS, createFixture, ids, users } from './helpers/fixture.ts';
import { as, errorCodeOf, errorOf } from './helpers/sql.ts';

type Row = Record<string, unknown>;

const OPERATOR = 'operator@test.modula.eu';

/** Every report and contact-inbox function with arguments that succeed for an administrator. */
const CALLS: [string, unknown[]][] = [
  ['select * from public.admin_reports()', []],
  ['select * from public.admin_reports(null)', []],
  ['select * from public.admin_contact_messages()', []],
  ['select public.admin_resolve_report($1, $2, $3)', [ids.reportB, 'dismissed', 'Ordinary disagreement']],
  ['select public.admin_reply_contact($1, $2)', [ids.contact1, 'Yes, we ship to Malta.']],
  ['select public.admin_set_contact_status($1, $2)', [ids.contact1, 'archived']],
];

for (const database of await testDatabases()) {
  describe(`reports and the contact inbox on ${database}`, () => {
    let t: TestServer;
    let db: Database;
    const auditRows = async (action: string, target: string) =>
      (await db.query<Row>('select actor_id, action, target_type, target_id, reason, details from public.admin_audit_log where action = $1 and target_id = $2 order by id', [action, target])).rows;
    const runNotices = () => db.transaction((tx) => sendAdminNotices(tx, t.server.context));
    const outbox = async (template: string) =>
      (await db.query<{ recipient: string; subject: string; text_body: string; language: string }>(
        'select recipient, subject, text_body, language from _modula.mail_outbox where template = $1 order by id', [template])).rows;

    before(async () => {
      t = await startTestServer({ database, config: { contactNotifyEmail: OPERATOR }, scheduledJobs: false }); // the tests run the notice job by hand
      db = t.server.context.db;
      await createFixture(db);
    });
    after(() => t?.close());

    it('refuses every function to everyone but administrators, and writes nothing for them', async () => {
      for (const [sql, params] of CALLS) {
        for (const actor of ACTORS.filter((a) => a !== 'admin')) {
          assert.equal(await errorCodeOf(db, actor, sql, params), '42501', `${actor}: ${sql}`);
        }
      }
      assert.equal((await db.query(`select 1 from public.admin_audit_log where action <> 'fixture.check'`)).rows.length, 0);
      assert.equal((await db.query(`select 1 from public.reports where status <> 'open'`)).rows.length, 0);
      assert.equal((await db.query(`select 1 from public.contact_replies`)).rows.length, 1, 'only the fixture reply');
      for (const [sql, params] of CALLS) assert.equal(await errorCodeOf(db, 'admin', sql, params), null, `admin: ${sql}`);
      // Put the rows back for the tests below.
      await db.query(`update public.reports set status = 'open', resolution_note = null, resolved_by = null, resolved_at = null where id = $1`, [ids.reportB]);
      await db.query(`delete from public.contact_replies where body <> 'Fixture reply'`);
      await db.query(`update public.contact_messages set status = 'new' where id = $1`, [ids.contact1]);
      await db.query(`update private.admin_notices set sent_at = now() where sent_at is null`);
    });

    it('files a report as its reporter, once while open, with what the conversation showed', async () => {
      const [report] = await as<{ id: string; reporter_id: string; status: string; evidence: Row[] }>(db, 'customerA',
        `insert into public.reports (conversation_id, message_id, reason, details) values ($1, $2, 'spam', '  Sends links  ')
         returning id, reporter_id, status, evidence`, [ids.convA, ids.message2]);
      assert.equal(report!.reporter_id, users.customerA.id);
      assert.equal(report!.status, 'open');
      // Both fixture messages were written in one transaction (the same time): compare them in a fixed order.
      assert.deepEqual(report!.evidence.map((m) => [m.sender, m.senderRole, m.content, m.reported]).sort(), [
        ['Carla Customer', 'customer', 'Is the A-frame still available?', false],
        ['Vera Vendor', 'vendor', 'Yes, delivery in spring.', true],
      ]);
      const again = await errorOf(db, 'customerA', `insert into public.reports (conversation_id, message_id, reason) values ($1, $2, 'fraud')`, [ids.convA, ids.message2]);
      assert.equal(again?.code, '23505');
      assert.match(again?.message ?? '', /already reported/);
      assert.equal(await errorCodeOf(db, 'customerA', `insert into public.reports (listing_id, reason, details) values ($1, 'other', 'short')`, [ids.listingC]), '23514',
        '"other" needs a description');
      assert.equal(await errorCodeOf(db, 'customerA', `insert into public.reports (listing_id, conversation_id, reason) values ($1, $2, 'spam')`, [ids.listingC, ids.convA]), '23514',
        'one target');
      // The reporter reads their own reports, the reported vendor does not see them.
      assert.equal((await as(db, 'vendorA', 'select id from public.reports where id = $1', [report!.id])).length, 0);
      await db.query('delete from public.reports where id = $1', [report!.id]);
    });

    it('limits reports to 10 an hour per user', async () => {
      const listings = [ids.listingA, ids.listingC];
      let refused: string | null = null;
      for (let i = 0; i < 12 && !refused; i += 1) {
        refused = await errorCodeOf(db, 'customerB',
          `insert into public.reports (listing_id, reason, details) values ($1, 'spam', $2)`, [listings[i % 2], `burst ${i}`]);
        // Close it at once, so the one-open-report rule does not stop the burst first.
        await db.query(`update public.reports set status = 'dismissed' where reporter_id = $1 and status = 'open'`, [users.customerB.id]);
      }
      assert.equal(refused, 'PT429');
      assert.equal((await db.query('select 1 from public.reports where reporter_id = $1', [users.customerB.id])).rows.length, 10);
      await db.query('delete from public.reports where reporter_id = $1', [users.customerB.id]);
    });

    it('shows the queue to administrators and resolves a report with a note, audited; then it is closed', async () => {
      const queue = await as<Row>(db, 'admin', 'select id, reason, listing_title, vendor_name, reporter_email, conversation_listing_title, customer_name, conversation_vendor_name from public.admin_reports($1)', ['open']);
      assert.deepEqual(queue.map((r) => r.id).sort(), [ids.reportA, ids.reportB].sort());
      // /admin/listings shows the listings with an open report.
      assert.deepEqual(await as(db, 'admin', 'select id from public.admin_search_listings($1, $2)', ['', 'reported']), [{ id: ids.listingB }]);
      const listingReport = queue.find((r) => r.id === ids.reportA)!;
      assert.deepEqual([listingReport.reason, listingReport.listing_title, listingReport.vendor_name, listingReport.reporter_email],
        ['fraud', 'Harbour container home', 'Beta Builders', users.customerA.email]);
      const conversationReport = queue.find((r) => r.id === ids.reportB)!;
      assert.deepEqual([conversationReport.conversation_listing_title, conversationReport.customer_name, conversationReport.conversation_vendor_name],
        ['Alpine A-frame', 'Carla Customer', 'Vera Vendor']);
      assert.equal(await errorCodeOf(db, 'admin', 'select * from public.admin_reports($1)', ['bogus']), '22023');

      assert.equal(await errorCodeOf(db, 'admin', 'select public.admin_resolve_report($1, $2, $3)', [ids.reportA, 'resolved', ' ']), '22023', 'a note is required');
      assert.equal(await errorCodeOf(db, 'admin', 'select public.admin_resolve_report($1, $2, $3)', [ids.reportA, 'deleted', 'Gone']), '22023');
      // The admin unpublishes the reported listing through the existing moderation, then resolves.
      await as(db, 'admin', 'select public.admin_set_listing_published($1, false, $2)', [ids.listingB, 'Reported as fraud']);
      const [done] = await as<{ s: string }>(db, 'admin', 'select public.admin_resolve_report($1, $2, $3) as s', [ids.reportA, 'resolved', 'Listing unpublished']);
      assert.equal(done!.s, 'resolved');
      const [row] = await as<Row>(db, 'customerA', 'select status, resolution_note, resolved_by from public.reports where id = $1', [ids.reportA]);
      assert.deepEqual(row, { status: 'resolved', resolution_note: 'Listing unpublished', resolved_by: users.admin.id });
      const audit = await auditRows('report.resolve', ids.reportA);
      assert.equal(audit.length, 1);
      assert.equal(audit[0]!.actor_id, users.admin.id);
      assert.equal(audit[0]!.target_type, 'report');
      assert.equal(audit[0]!.reason, 'Listing unpublished');
      assert.equal((audit[0]!.details as Row).listing_id, ids.listingB);
      assert.equal(await errorCodeOf(db, 'admin', 'select public.admin_resolve_report($1, $2, $3)', [ids.reportA, 'dismissed', 'Twice']), '22023', 'closed once');

      const dismissed = (await auditRows('report.dismiss', ids.reportB)).length;
      await as(db, 'admin', 'select public.admin_resolve_report($1, $2, $3)', [ids.reportB, 'dismissed', 'No insult found']);
      assert.equal((await auditRows('report.dismiss', ids.reportB)).length, dismissed + 1);
      assert.deepEqual(await as(db, 'admin', 'select id from public.admin_reports($1)', ['open']), []);
      assert.deepEqual((await as<Row>(db, 'admin', 'select id, status from public.admin_reports($1) order by id', ['resolved'])), [{ id: ids.reportA, status: 'resolved' }]);
      // Customer A may report listing C again now that nothing of theirs is open about it.
      await as(db, 'admin', 'select public.admin_set_listing_published($1, true, $2)', [ids.listingB, 'Checked']);
      assert.equal(await errorCodeOf(db, 'customerA', `insert into public.reports (listing_id, reason) values ($1, 'fraud')`, [ids.listingB]), null);
    });

    it('announces a new contact message to the operator address', async () => {
      await runNotices(); // the moderation emails of the test above
      await as(db, 'anon', `insert into public.contact_messages (name, email, subject, message) values ('Gina Guest', 'gina@example.com', 'Delivery to Malta', 'Do you deliver to Malta?')`);
      const message = await runNotices();
      assert.match(String(message), /1 moderation emails queued/);
      const mails = await outbox('contact-notification');
      assert.equal(mails.length, 1);
      assert.equal(mails[0]!.recipient, OPERATOR);
      assert.equal(mails[0]!.subject, 'New contact message: Delivery to Malta');
      assert.match(mails[0]!.text_body, /From Gina Guest <gina@example\.com>/);
      assert.match(mails[0]!.text_body, /Do you deliver to Malta\?/);
      assert.match(mails[0]!.text_body, /\/admin\/messages/);
    });

    it('answers a contact message by email in the sender\'s language, keeps the answer, audited; archives', async () => {
      // A guest's browser says German (Accept-Language); the reply goes out in German.
      await db.asRole({ role: 'anon', claims: {}, headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' } }, (tx) =>
        tx.query(`insert into public.contact_messages (name, email, subject, message) values ('Hans', 'hans@example.com', 'Lieferung', 'Liefern Sie nach Sylt?')`));
      await runNotices();
      const [inbox] = await as<{ id: string; status: string; language: string; replies: unknown[] }>(db, 'admin',
        'select id, status, language, replies from public.admin_contact_messages($1, $2)', ['new', 'hans@']);
      assert.equal(inbox!.status, 'new');
      assert.equal(inbox!.language, 'de');
      assert.deepEqual(inbox!.replies, []);
      assert.equal(await errorCodeOf(db, 'admin', 'select public.admin_reply_contact($1, $2)', [inbox!.id, ' ']), '22023', 'an empty reply is refused');

      await as(db, 'admin', 'select public.admin_reply_contact($1, $2)', [inbox!.id, 'Ja, im Frühjahr.']);
      const [answered] = await as<{ status: string; replies: { body: string; authorEmail: string }[] }>(db, 'admin',
        'select status, replies from public.admin_contact_messages($1, $2)', ['answered', 'hans@']);
      assert.equal(answered!.status, 'answered');
      assert.deepEqual(answered!.replies.map((r) => [r.body, r.authorEmail]), [['Ja, im Frühjahr.', users.admin.email]]);
      const audit = await auditRows('contact.reply', inbox!.id);
      assert.equal(audit.length, 1);
      assert.equal(audit[0]!.target_type, 'contact_message');
      assert.equal((audit[0]!.details as Row).to, 'hans@example.com');

      await runNotices();
      const reply = (await outbox('contact-reply')).at(-1)!;
      assert.equal(reply.recipient, 'hans@example.com');
      assert.equal(reply.language, 'de');
      assert.equal(reply.subject, 'Antwort von Modula: Lieferung');
      assert.match(reply.text_body, /Ja, im Frühjahr\./);
      assert.match(reply.text_body, /Liefern Sie nach Sylt\?/);

      assert.equal(await errorCodeOf(db, 'admin', 'select public.admin_set_contact_status($1, $2)', [inbox!.id, 'closed']), '22023');
      await as(db, 'admin', 'select public.admin_set_contact_status($1, $2)', [inbox!.id, 'archived']);
      assert.deepEqual((await as<Row>(db, 'admin', 'select status from public.admin_contact_messages($1, $2)', ['archived', 'hans@'])), [{ status: 'archived' }]);
      assert.equal((await auditRows('contact.archive', inbox!.id)).length, 1);
      // Nobody but administrators reads the answers.
      assert.deepEqual(await as(db, 'customerA', 'select id from public.contact_replies'), []);
    });

    it('takes a signed-in sender\'s language from their profile', async () => {
      await db.query(`update public.profiles set preferred_language = 'fr' where id = $1`, [users.customerB.id]);
      await as(db, 'customerB', `insert into public.contact_messages (name, email, subject, message) values ('Chris', 'chris@example.com', 'Question', 'Bonjour')`);
      const { rows } = await db.query(`select language, user_id from public.contact_messages where email = 'chris@example.com'`);
      assert.deepEqual(rows, [{ language: 'fr', user_id: users.customerB.id }]);
    });

    it('sends nothing to an operator when CONTACT_NOTIFY_EMAIL is unset', async () => {
      await db.query(`insert into public.contact_messages (name, email, subject, message) values ('Ola', 'ola@example.com', 'Hi', 'Hello')`);
      const announced = (await outbox('contact-notification')).length;
      const context = { ...t.server.context, config: { ...t.server.context.config, contactNotifyEmail: undefined } };
      const message = await db.transaction((tx) => sendAdminNotices(tx, context));
      assert.match(String(message), /0 moderation emails queued/);
      assert.equal((await outbox('contact-notification')).length, announced);
      assert.equal((await db.query('select 1 from private.admin_notices where sent_at is null')).rows.length, 0);
    });
  });
}
