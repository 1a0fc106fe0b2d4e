// The access matrix: every table of the public schema x select/insert/update/delete x the six actors.
// Each area keeps its tables in its own file (matrix-<area>.ts); a new table without a spec fails the
// "covers every table" test. The expectation language is described in matrix-kit.ts.
import type { TableSpec } from './matrix-kit.ts';
import { coreMatrix } from './matrix-core.ts';
import { ordersMatrix } from './matrix-orders.ts';
import { messengerMatrix } from './matrix-messenger.ts';
import { adsMatrix } from './matrix-ads.ts';
import { billingMatrix } from './matrix-billing.ts';
import { vendorMatrix } from './matrix-vendor.ts';
import { adminMatrix } from './matrix-admin.ts';

export type { Expect, Expectations, MutationCase, TableSpec } from './matrix-kit.ts';

export const matrix: TableSpec[] = [
  ...coreMatrix,
  ...ordersMatrix,
  ...messengerMatrix,
  ...adsMatrix,
  ...billingMatrix,
  ...vendorMatrix,
  ...adminMatrix,
];
