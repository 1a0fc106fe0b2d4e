import { ids } from './fixture.ts';
import { DENIED, by, signedIn, u, type TableSpec } from './matrix-kit.ts';

/**
 * The administrators' audit log (issue 17): written only by the moderation functions (security
 * definer), read by administrators, changed by nobody (a trigger refuses UPDATE and DELETE even to the
 * owner). The analytics rollup lives in the private schema, out of every API role's reach
 * (admin-analytics.test.ts); the moderation functions are checked role by role in admin-moderation.test.ts,
 * the report and contact-inbox functions in admin-inbox.test.ts.
 */
export const adminMatrix: TableSpec[] = [
  {
    table: 'admin_audit_log',
    key: ['action', 'target_id'],
    select: { anon: DENIED, customerA: [], customerB: [], vendorA: [], vendorB: [], admin: ['fixture.check/fixture-target'] },
    insert: [{
      name: 'write an audit row',
      row: () => ({ action: 'user.promote', target_type: 'user', target_id: 'forged' }),
      expect: signedIn(DENIED),
    }],
    // No API role holds UPDATE or DELETE. (The matrix restores an updated row as the owner, which the
    // append-only trigger refuses, so the update targets no row; the trigger has its own test.)
    update: [{ name: 'rewrite a reason', match: { target_id: 'no-such-row' }, patch: { reason: 'Rewritten' }, expect: by(DENIED) }],
    delete: [{ name: 'erase the row', match: { target_id: 'fixture-target' }, expect: by(DENIED) }],
  },

  {
    // Signed-in users report what they can see and read their own reports; administrators read all and
    // close them only through admin_resolve_report.
    table: 'reports',
    key: ['id'],
    select: { anon: DENIED, customerA: [ids.reportA], customerB: [], vendorA: [ids.reportB], vendorB: [], admin: [ids.reportA, ids.reportB] },
    insert: [
      {
        name: 'report listing C',
        row: () => ({ listing_id: ids.listingC, reason: 'spam', details: 'matrix-report' }),
        cleanup: `delete from public.reports where details = 'matrix-report'`,
        expect: signedIn('ok'),
      },
      {
        name: 'report listing B again (customer A has an open report of it)',
        row: () => ({ listing_id: ids.listingB, reason: 'misleading', details: 'matrix-again' }),
        cleanup: `delete from public.reports where details = 'matrix-again'`,
        expect: signedIn('ok', { customerA: '23505' }),
      },
      {
        name: 'report an unpublished listing',
        row: () => ({ listing_id: ids.draftA, reason: 'spam', details: 'matrix-draft' }),
        cleanup: `delete from public.reports where details = 'matrix-draft'`,
        expect: signedIn(DENIED),
      },
      {
        name: 'report conversation B',
        row: () => ({ conversation_id: ids.convB, reason: 'harassment', details: 'matrix-conversation' }),
        cleanup: `delete from public.reports where details = 'matrix-conversation'`,
        expect: signedIn(DENIED, { customerB: 'ok', vendorB: 'ok' }),
      },
      {
        name: 'report message 3 of conversation B',
        row: () => ({ conversation_id: ids.convB, message_id: ids.message3, reason: 'spam', details: 'matrix-message' }),
        cleanup: `delete from public.reports where details = 'matrix-message'`,
        expect: signedIn(DENIED, { customerB: 'ok', vendorB: 'ok' }),
      },
      {
        name: 'report message 1 as part of conversation B',
        row: () => ({ conversation_id: ids.convB, message_id: ids.message1, reason: 'spam', details: 'matrix-mismatch' }),
        cleanup: `delete from public.reports where details = 'matrix-mismatch'`,
        expect: signedIn(DENIED),
      },
      {
        name: 'report in customer B’s name',
        row: () => ({ reporter_id: u.customerB, listing_id: ids.listingC, reason: 'spam', details: 'matrix-forged' }),
        cleanup: `delete from public.reports where details = 'matrix-forged'`,
        expect: by(DENIED),
      },
    ],
    update: [
      { name: 'resolve report A directly', match: { id: ids.reportA }, patch: { status: 'resolved' }, expect: by(DENIED) },
      { name: 'edit report A', match: { id: ids.reportA }, patch: { details: 'Changed my mind' }, expect: by(DENIED) },
    ],
    delete: [{ name: 'withdraw report A', match: { id: ids.reportA }, expect: by(DENIED) }],
  },

  {
    // The answers to contact messages: written by admin_reply_contact only, read by administrators.
    table: 'contact_replies',
    key: ['body'],
    select: { anon: DENIED, customerA: [], customerB: [], vendorA: [], vendorB: [], admin: ['Fixture reply'] },
    insert: [{ name: 'answer contact message 1', row: () => ({ message_id: ids.contact1, body: 'matrix-reply' }), expect: by(DENIED) }],
    update: [{ name: 'rewrite the answer', match: { body: 'Fixture reply' }, patch: { body: 'Rewritten' }, expect: by(DENIED) }],
    delete: [{ name: 'delete the answer', match: { body: 'Fixture reply' }, expect: by(DENIED) }],
  },
];
