import { ids, uuidOf } from './fixture.ts';
import { DENIED, signedIn, u, type TableSpec } from './matrix-kit.ts';

/**
 * Billing (issue 15): invoices come only from verified payment events (the webhook, service role) and
 * are read by the payer, the payer's company members and admins; the test payment provider's own
 * records are the service role's alone.
 */
const now = new Date().toISOString();
export const billingMatrix: TableSpec[] = [
  {
    table: 'invoices',
    key: ['id'],
    select: { anon: DENIED, customerA: [], customerB: [], vendorA: [ids.invoiceA], vendorB: [], admin: [ids.invoiceA] },
    insert: [{
      name: 'issue oneself an invoice',
      row: (actor) => ({
        id: uuidOf('invoice:new'), number: 'MOD-2099-999999', user_id: actor === 'anon' ? u.vendorA : u[actor], plan: 'pro',
        billing_interval: 'month', period_start: now, period_end: now, amount_net_cents: 0, vat_rate: 0, vat_cents: 0,
        amount_total_cents: 0, provider: 'test', provider_ref: 'in_forged',
      }),
      expect: signedIn(DENIED),
    }],
    update: [{ name: 'lower invoice A', match: { id: ids.invoiceA }, patch: { amount_total_cents: 0 }, expect: signedIn(DENIED) }],
    delete: [{ name: 'delete invoice A', match: { id: ids.invoiceA }, expect: signedIn(DENIED) }],
  },
  {
    table: 'test_payment_checkouts',
    key: ['id'],
    select: { anon: DENIED, customerA: DENIED, customerB: DENIED, vendorA: DENIED, vendorB: DENIED, admin: DENIED },
    insert: [{
      name: 'open a checkout',
      row: () => ({ id: uuidOf('checkout:new'), user_id: u.vendorA, plan: 'pro', billing_interval: 'month', amount_total_cents: 1 }),
      expect: signedIn(DENIED),
    }, {
      name: 'open a deposit checkout for order A',
      row: () => ({ id: uuidOf('checkout:deposit'), user_id: u.customerA, order_id: ids.orderA, amount_total_cents: 1 }),
      expect: signedIn(DENIED),
    }],
    update: [{ name: 'complete checkout A', match: { id: ids.checkoutA }, patch: { status: 'complete' }, expect: signedIn(DENIED) }],
    delete: [{ name: 'delete checkout A', match: { id: ids.checkoutA }, expect: signedIn(DENIED) }],
  },
  {
    table: 'test_payment_subscriptions',
    key: ['id'],
    select: { anon: DENIED, customerA: DENIED, customerB: DENIED, vendorA: DENIED, vendorB: DENIED, admin: DENIED },
    insert: [{
      name: 'record a card',
      row: () => ({
        id: 'sub_test_forged', user_id: u.vendorA, customer_ref: 'cus_x', plan: 'pro', billing_interval: 'month', card_last4: '4242',
        current_period_start: now, current_period_end: now,
      }),
      expect: signedIn(DENIED),
    }],
    update: [{ name: 'extend subscription A', match: { id: 'sub_test_fixture_a' }, patch: { plan: 'pro' }, expect: signedIn(DENIED) }],
    delete: [{ name: 'delete subscription A', match: { id: 'sub_test_fixture_a' }, expect: signedIn(DENIED) }],
  },
];
