import type { Database } from '../../../src/db/types.ts';

/** Vendor A paid for its plan once (invoice A) through the test provider (checkout A, subscription A). */
export async function billingFixture(
  db: Database,
  { ids, users }: { ids: Record<'invoiceA' | 'companyA' | 'subscriptionA' | 'checkoutA', string>; users: Record<'vendorA', { id: string }> },
): Promise<void> {
  await db.query(
    `insert into public.invoices (id, number, user_id, company_id, subscription_id, plan, billing_interval, period_start, period_end,
                                  amount_net_cents, vat_rate, vat_cents, amount_total_cents, provider, provider_ref)
     values ($1, 'MOD-2026-000001', $2, $3, $4, 'entrepreneur', 'month', now(), now() + interval '30 days', 20000, 21, 4200, 24200, 'test', 'in_test_fixture_a')`,
    [ids.invoiceA, users.vendorA.id, ids.companyA, ids.subscriptionA],
  );
  await db.query(
    `insert into public.test_payment_checkouts (id, user_id, plan, billing_interval, amount_total_cents) values ($1, $2, 'entrepreneur', 'month', 24200)`,
    [ids.checkoutA, users.vendorA.id],
  );
  await db.query(
    `insert into public.test_payment_subscriptions (id, user_id, customer_ref, plan, billing_interval, card_last4, current_period_start, current_period_end)
     values ('sub_test_fixture_a', $1, 'cus_test_fixture_a', 'entrepreneur', 'month', '4242', now(), now() + interval '30 days')`,
    [users.vendorA.id],
  );
}
