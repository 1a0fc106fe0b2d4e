import { DENIED, by, signedIn, type TableSpec } from './matrix-kit.ts';

/**
 * The administrators' audit log (issue 17): written only by the moderation functions (security
 * definer), read by administrators, changed by nobody (a trigger refuses UPDATE and DELETE even to the
 * owner). The analytics rollup lives in the private schema, out of every API role's reach
 * (admin-analytics.test.ts); the moderation functions are checked role by role in admin-moderation.test.ts.
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
];
