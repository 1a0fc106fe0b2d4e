import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import type { Database } from '../../src/db/types.ts';
import { createAuthUser, createFixture, ids, users, uuidOf, type Actor } from './helpers/fixture.ts';
import { vendorIds } from './helpers/fixture-vendor.ts';
import { as, errorCodeOf, errorOf } from './helpers/sql.ts';
import type { Person } from './helpers/drivers.ts';
import { sendInvitationNotices, sendOrderNotices } from '../../src/jobs/orders.ts';
import { waitFor, inbox } from '../mail/helpers.ts';

/** A person of their own, so one test's changes do not leak into another. */
async function newPerson(db: Database, name: string, userType: 'customer' | 'vendor'): Promise<Person> {
  const person = { id: uuidOf(`vendor-fn:${name}`), email: `${name}@vendor-fn.test.modula.eu`, meta: { name, user_type: userType } };
  await createAuthUser(db, person);
  return person;
}

for (const database of await testDatabases()) {
  describe(`vendor procedures (issue 15, issue 13 item 12) on ${database}`, () => {
    let t: TestServer;
    let db: Database;
    before(async () => {
      t = await startTestServer({ database });
      db = t.server.context.db;
      await createFixture(db);
    });
    after(() => t?.close());

    const call = (actor: Actor | Person, sql: string, params: unknown[] = []) => errorCodeOf(db, actor, sql, params);
    const userType = async (id: string) =>
      (await db.query<{ user_type: string }>('select user_type from public.profiles where id = $1', [id])).rows[0]?.user_type;

    it('refuses every vendor procedure to anonymous callers', async () => {
      for (const sql of [
        'select * from public.my_listing_quota()', 'select * from public.vendor_listing_stats()', 'select * from public.my_invitations()',
        'select public.become_customer()', 'select public.leave_company()', `select public.invite_to_company('a@example.com')`,
        `select public.accept_company_invitation('${vendorIds.invitationA}')`, `select public.update_order_status('${ids.orderA}', 'cancelled')`,
      ]) assert.equal(await call('anon', sql), '42501', sql);
    });

    describe('account type', () => {
      it('refuses a PATCH of user_type, for customers and vendors alike', async () => {
        const client = t.client({ accessToken: await t.server.context.keys.sign(
          { sub: users.customerA.id, email: users.customerA.email, role: 'authenticated', aud: 'authenticated' }, 600) });
        const patched = await client.from('profiles').update({ user_type: 'vendor' }).eq('id', users.customerA.id).select();
        assert.equal(patched.error?.code, '42501');
        assert.equal(await userType(users.customerA.id), 'customer');
        assert.equal(await call('vendorA', `update public.profiles set user_type = 'customer' where id = $1`, [users.vendorA.id]), '42501');
      });

      it('makes a customer a vendor by founding a company', async () => {
        const founder = await newPerson(db, 'founder', 'customer');
        await as(db, founder, `insert into public.companies (name, company_type, country) values ('Founder Homes', 'supplier', 'NL')`);
        assert.equal(await userType(founder.id), 'vendor');
        // A company member cannot go back to being a customer without leaving.
        const refused = await errorOf(db, founder, 'select public.become_customer()');
        assert.equal(refused?.code, 'PT409');
        assert.match(refused?.message ?? '', /Leave your company/);
        // The only member (the owner) cannot leave the company ownerless.
        assert.equal(await call(founder, 'select public.leave_company()'), 'PT409');
      });

      it('makes a customer a vendor by accepting an invitation, and back after leaving', async () => {
        const [invited] = await as<{ company_name: string }>(db, 'customerB', 'select company_name from public.my_invitations()');
        assert.equal(invited?.company_name, 'Alpha Modular');
        assert.deepEqual(await as(db, 'customerA', 'select * from public.my_invitations()'), []);
        assert.equal(await call('customerA', 'select public.accept_company_invitation($1)', [vendorIds.invitationA]), 'PT404');
        await as(db, 'customerB', 'select public.accept_company_invitation($1)', [vendorIds.invitationA]);
        assert.equal(await userType(users.customerB.id), 'vendor');
        const [profile] = await as(db, 'customerB', 'select company_id from public.profiles where id = $1', [users.customerB.id]);
        assert.deepEqual(profile, { company_id: ids.companyA });
        assert.equal(await call('customerB', 'select public.accept_company_invitation($1)', [vendorIds.invitationA]), 'PT404', 'used once');
        await as(db, 'customerB', 'select public.leave_company()');
        await as(db, 'customerB', 'select public.become_customer()');
        assert.equal(await userType(users.customerB.id), 'customer');
      });

      it('lets only a company owner invite, once per address at a time', async () => {
        assert.equal(await call('customerA', 'select public.invite_to_company($1)', ['x@example.com']), '42501');
        assert.equal(await call('anon', 'select public.invite_to_company($1)', ['x@example.com']), '42501');
        assert.equal(await call('vendorB', 'select public.invite_to_company($1)', ['not an address']), '22023');
        const [first] = await as<{ id: string; email: string }>(db, 'vendorB', 'select id, email from public.invite_to_company($1)', [' Colleague@Example.com ']);
        assert.equal(first?.email, 'colleague@example.com');
        const [again] = await as<{ id: string }>(db, 'vendorB', 'select id from public.invite_to_company($1)', ['colleague@example.com']);
        assert.equal(again?.id, first?.id);
        assert.equal(await call('vendorB', 'select public.invite_to_company($1)', [users.vendorB.email]), 'PT409', 'already a member');

        // The invitation is emailed (once per invitation or renewal).
        await db.transaction((tx) => sendInvitationNotices(tx, t.server.context));
        const mail = await waitFor(async () => (await inbox(t.url, 'colleague@example.com'))[0], 20_000, 'the invitation email');
        assert.equal(mail.subject, 'Join Beta Builders on Modula');
        assert.match(mail.text, /Viktor Vendor invited you to join Beta Builders on Modula/);
      });
    });

    describe('dashboard statistics', () => {
      it('counts views, favourites, conversations and meetings of the last 30 days for members only', async () => {
        await db.query(`insert into public.analytics_events (name, params, occurred_at) values
          ('view_item', jsonb_build_object('listing_id', $1::text), now() - interval '1 day'),
          ('view_item', jsonb_build_object('listing_id', $1::text), now() - interval '2 days'),
          ('view_item', jsonb_build_object('listing_id', $1::text), now() - interval '40 days')`, [ids.listingA]);
        const rows = await as<{ id: string; views: number; favorites: number; conversations: number; meeting_requests: number }>(
          db, 'vendorA', 'select id, views, favorites, conversations, meeting_requests from public.vendor_listing_stats(30)');
        const a = rows.find((r) => r.id === ids.listingA);
        assert.deepEqual(a, { id: ids.listingA, views: 2, favorites: 1, conversations: 1, meeting_requests: 1 });
        assert.ok(rows.some((r) => r.id === ids.draftA), 'drafts are listed for their company');
        assert.ok(!rows.some((r) => r.id === ids.listingB), 'never another company\'s listings');
        assert.deepEqual(await as(db, 'customerA', 'select id from public.vendor_listing_stats()'), []);
        assert.equal(await call('anon', 'select * from public.vendor_listing_stats()'), '42501');
      });

      it('reports the company\'s quota (plan, maximum, published and drafts)', async () => {
        const [quota] = await as(db, 'vendorA', 'select company_id, plan, max_listings, published, drafts, demo from public.my_listing_quota()');
        assert.deepEqual(quota, { company_id: ids.companyA, plan: 'entrepreneur', max_listings: 5, published: 1, drafts: 1, demo: false });
        assert.deepEqual(await as(db, 'customerA', 'select * from public.my_listing_quota()'), []);
      });
    });

    describe('order status changes', () => {
      const status = async (id: string) => (await db.query<{ status: string }>('select status from public.orders where id = $1', [id])).rows[0]?.status;
      const newOrder = async (name: string) => {
        const id = uuidOf(`vendor-fn:order:${name}`);
        await db.query(`insert into public.orders (id, customer_id, company_id, vendor_id, listing_id, title, amount)
                        values ($1, $2, $3, $4, $5, 'Cabin', 50000)`, [id, users.customerA.id, ids.companyA, users.vendorA.id, ids.listingA]);
        return id;
      };

      it('moves an order along the production path, for company members only, with history and emails to both', async () => {
        const order = await newOrder('path');
        assert.equal(await call('vendorB', `select public.update_order_status($1, 'deposit_paid')`, [order]), 'PT404');
        assert.equal(await call('customerB', `select public.update_order_status($1, 'cancelled')`, [order]), 'PT404');
        assert.equal(await call('anon', `select public.update_order_status($1, 'deposit_paid')`, [order]), '42501');
        assert.equal(await call('customerA', `select public.update_order_status($1, 'deposit_paid')`, [order]), '42501');
        assert.equal(await call('vendorA', `select public.update_order_status($1, 'shipped')`, [order]), 'PT409', 'no skipping');
        for (const next of ['deposit_paid', 'in_production', 'shipped', 'delivered', 'completed']) {
          await as(db, 'vendorA', `select public.update_order_status($1, $2::public.order_status, 'Step')`, [order, next]);
          assert.equal(await status(order), next);
        }
        assert.equal(await call('vendorA', `select public.update_order_status($1, 'cancelled')`, [order]), 'PT409', 'a completed order stays completed');
        const history = await as<{ status: string }>(db, 'customerA', 'select status from public.order_events where order_id = $1 order by created_at, status', [order]);
        assert.equal(history.length, 6);
        const notices = await db.query<{ recipient_id: string; status: string }>(
          'select recipient_id, status from private.order_notices where order_id = $1 order by id', [order]);
        // Created + five changes, each to the customer and the vendor.
        assert.equal(notices.rows.length, 12);
        assert.deepEqual(new Set(notices.rows.map((r) => r.recipient_id)), new Set([users.customerA.id, users.vendorA.id]));

        // The job emails them (the server's own scheduler may have been first), in each recipient's language.
        await db.query(`update public.profiles set preferred_language = 'de' where id = $1`, [users.customerA.id]);
        await db.transaction((tx) => sendOrderNotices(tx, t.server.context));
        const mails = await waitFor(async () => {
          const found = (await inbox(t.url, users.customerA.email)).filter((m) => /Abgeschlossen|Completed/.test(m.subject));
          return found.length > 0 ? found : undefined;
        }, 20_000, 'the order email');
        assert.match(mails[0]!.text, /Status: (Abgeschlossen|Completed)/);
        const unsent = await db.query('select 1 from private.order_notices where order_id = $1 and sent_at is null', [order]);
        assert.equal(unsent.rows.length, 0);
      });

      it('records a paid deposit only for the service role (the payment webhook), once', async () => {
        const order = await newOrder('deposit');
        const pay = `select public.pay_order_deposit($1, 'test', 'cs_schema', 500000)`;
        for (const actor of ['anon', 'customerA', 'customerB', 'vendorA', 'vendorB', 'admin'] as const) {
          assert.equal(await call(actor, pay, [order]), '42501', actor);
        }
        assert.equal(await status(order), 'awaiting_deposit');
        const outcome = async (sql: string) => (await db.query<{ outcome: string }>(`${sql} as outcome`, [order])).rows[0]?.outcome;
        await assert.rejects(db.query(`select public.pay_order_deposit($1, 'test', 'cs_schema', 100)`, [order]), /Paid 100 cents/);
        assert.equal(await outcome(pay), 'paid');
        assert.equal(await outcome(pay), 'already paid');
        assert.equal(await status(order), 'deposit_paid');
        const notices = await db.query<{ recipient_id: string }>(
          `select recipient_id from private.order_notices where order_id = $1 and status = 'deposit_paid'`, [order]);
        assert.deepEqual(new Set(notices.rows.map((r) => r.recipient_id)), new Set([users.customerA.id, users.vendorA.id]));
        assert.equal(notices.rows.length, 2);

        // A payment that arrives after the order moved on keeps its reference (for a refund), nothing else.
        const cancelled = await newOrder('deposit-late');
        await as(db, 'customerA', `select public.update_order_status($1, 'cancelled')`, [cancelled]);
        const late = await db.query<{ outcome: string }>(`select public.pay_order_deposit($1, 'test', 'cs_late') as outcome`, [cancelled]);
        assert.equal(late.rows[0]?.outcome, 'not awaiting');
        const row = await db.query<{ status: string; deposit_payment_ref: string }>('select status, deposit_payment_ref from public.orders where id = $1', [cancelled]);
        assert.deepEqual(row.rows[0], { status: 'cancelled', deposit_payment_ref: 'test:cs_late' });
      });

      it('records order_created for analytics when an order is placed', async () => {
        const order = await newOrder('analytics');
        const events = await db.query<{ user_id: string; params: { amount: number; currency: string } }>(
          `select user_id, params from public.analytics_events where name = 'order_created' and params ->> 'order_id' = $1`, [order]);
        assert.equal(events.rows.length, 1);
        assert.equal(events.rows[0]?.user_id, users.customerA.id);
        assert.equal(Number(events.rows[0]?.params.amount), 50000);
      });

      it('lets the customer cancel only while the deposit is awaited', async () => {
        const early = await newOrder('early');
        await as(db, 'customerA', `select public.update_order_status($1, 'cancelled', 'Changed my mind')`, [early]);
        assert.equal(await status(early), 'cancelled');
        const late = await newOrder('late');
        await as(db, 'vendorA', `select public.update_order_status($1, 'deposit_paid')`, [late]);
        assert.equal(await call('customerA', `select public.update_order_status($1, 'cancelled')`, [late]), '42501');
        await as(db, 'vendorA', `select public.update_order_status($1, 'cancelled', 'Out of stock')`, [late]);
        assert.equal(await status(late), 'cancelled');
      });
    });
  });
}
