import { ids, uuidOf } from './fixture.ts';
import { DENIED, signedIn, u, type TableSpec } from './matrix-kit.ts';

/**
 * Orders come from accepted quotations (an RPC), move on through vendor RPCs and payment events
 * (service role): the API roles only read, and only the parties (customer, company members) and admins.
 */
export const ordersMatrix: TableSpec[] = [
  {
    table: 'orders',
    key: ['id'],
    select: { anon: DENIED, customerA: [ids.orderA], customerB: [], vendorA: [ids.orderA], vendorB: [], admin: [ids.orderA] },
    insert: [{
      name: 'create an order for oneself',
      row: () => ({ id: uuidOf('order:new'), customer_id: u.customerA, company_id: ids.companyA, title: 'Free house', amount: 1 }),
      expect: signedIn(DENIED),
    }],
    update: [
      { name: 'mark the deposit paid', match: { id: ids.orderA }, patch: { status: 'deposit_paid' }, expect: signedIn(DENIED) },
      { name: 'lower the amount', match: { id: ids.orderA }, patch: { amount: 1 }, expect: signedIn(DENIED) },
    ],
    delete: [{ name: 'delete order A', match: { id: ids.orderA }, expect: signedIn(DENIED) }],
  },
  {
    table: 'order_events',
    key: ['order_id', 'status'],
    select: {
      anon: DENIED,
      customerA: [`${ids.orderA}/awaiting_deposit`],
      customerB: [],
      vendorA: [`${ids.orderA}/awaiting_deposit`],
      vendorB: [],
      admin: [`${ids.orderA}/awaiting_deposit`],
    },
    insert: [{
      name: 'write history for order A',
      row: () => ({ order_id: ids.orderA, status: 'completed', note: 'Done' }),
      expect: signedIn(DENIED),
    }],
    update: [{ name: 'rewrite history', match: { order_id: ids.orderA }, patch: { note: 'Changed' }, expect: signedIn(DENIED) }],
    delete: [{ name: 'erase history', match: { order_id: ids.orderA }, expect: signedIn(DENIED) }],
  },
];
