import { ids } from './fixture.ts';
import { vendorIds } from './fixture-vendor.ts';
import { DENIED, signedIn, type TableSpec } from './matrix-kit.ts';

/**
 * The vendor area (issue 15). Invitations are written only through invite_to_company and
 * accept_company_invitation (tested role by role in vendor-functions.test.ts): the company's members
 * and the invited address read them, nobody writes them directly.
 */
export const vendorMatrix: TableSpec[] = [
  {
    table: 'company_invitations',
    key: ['id'],
    select: {
      anon: DENIED,
      customerA: [],
      customerB: [vendorIds.invitationA],
      vendorA: [vendorIds.invitationA],
      vendorB: [],
      admin: [vendorIds.invitationA],
    },
    insert: [{
      name: 'invite oneself into company A',
      row: () => ({ company_id: ids.companyA, email: 'customer.a@test.modula.eu' }),
      expect: signedIn(DENIED),
    }],
    update: [{
      name: 'accept invitation A directly',
      match: { id: vendorIds.invitationA },
      patch: { accepted_at: '2026-01-01T00:00:00Z' },
      expect: signedIn(DENIED),
    }],
    delete: [{ name: 'delete invitation A', match: { id: vendorIds.invitationA }, expect: signedIn(DENIED) }],
  },
];


