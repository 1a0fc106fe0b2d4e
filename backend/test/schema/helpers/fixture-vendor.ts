import crypto from 'node:crypto';
import type { Database } from '../../../src/db/types.ts';

// fixture.ts runs this file's rows, so it cannot import from there (no import cycles): the same
// naming scheme (md5 of "fixture:<name>") gives the same ids.
function fixtureId(name: string): string {
  const hex = crypto.createHash('md5').update(`fixture:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The vendor area's rows: company A's owner (vendor A) has invited customer B. */
export const vendorIds = {
  invitationA: fixtureId('invitationA'),
};

export async function createVendorFixture(db: Database): Promise<void> {
  await db.query(
    `insert into public.company_invitations (id, company_id, email, invited_by) values ($1, $2, 'customer.b@test.modula.eu', $3)`,
    [vendorIds.invitationA, fixtureId('companyA'), fixtureId('vendorA')],
  );
}
