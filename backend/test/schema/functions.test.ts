import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import type { Database } from '../../src/db/types.ts';
import { createAuthUser, createFixture, ids, users, uuidOf } from './helpers/fixture.ts';
import { as, errorCodeOf, errorOf } from './helpers/sql.ts';

for (const database of await testDatabases()) {
  describe(`SQL functions and triggers on ${database}`, () => {
    let t: TestServer;
    let db: Database;
    before(async () => {
      t = await startTestServer({ database });
      db = t.server.context.db;
      await createFixture(db);
    });
    after(() => t?.close());

    describe('profiles from sign-up metadata', () => {
      it('defaults user_type to customer and name to the email, else "User"', async () => {
        const plain = { id: uuidOf('signup:plain'), email: 'plain@test.modula.eu', meta: {} };
        const vendor = { id: uuidOf('signup:vendor'), email: 'v@test.modula.eu', meta: { name: '  Vic  ', user_type: 'vendor', country: 'nl', preferred_language: 'nl' } };
        const noEmail = { id: uuidOf('signup:phone'), email: '', meta: { user_type: 'admin' } };
        for (const user of [plain, vendor, noEmail]) await createAuthUser(db, user);
        const rows = await db.query<Record<string, unknown>>(
          `select id, name, user_type, role, country, preferred_language from public.profiles where id = any ($1::uuid[]) order by name`,
          [[plain.id, vendor.id, noEmail.id]],
        );
        assert.deepEqual(rows.rows.map((r) => [r.name, r.user_type, r.role, r.country, r.preferred_language]), [
          ['User', 'customer', null, null, 'en'],
          ['Vic', 'vendor', null, 'NL', 'nl'],
          ['plain@test.modula.eu', 'customer', null, null, 'en'],
        ]);
      });

      it('lets a user without a profile create their own (the client\'s fallback), only for themself', async () => {
        const user = { id: uuidOf('signup:late'), email: 'late@test.modula.eu', meta: {} };
        await createAuthUser(db, user);
        await db.query('delete from public.profiles where id = $1', [user.id]);
        assert.equal(await errorCodeOf(db, user, `insert into public.profiles (id, name, user_type) values ($1, 'Late', 'customer')`, [users.customerB.id]), '42501');
        assert.equal(await errorCodeOf(db, user, `insert into public.profiles (id, name, user_type, role) values ($1, 'Late', 'customer', 'admin')`, [user.id]), '42501');
        const [row] = await as(db, user, `insert into public.profiles (id, name, user_type) values ($1, 'Late', 'vendor') returning name, user_type`, [user.id]);
        assert.deepEqual(row, { name: 'Late', user_type: 'vendor' });
      });

      it('lets a vendor without a company found one and become its owner', async () => {
        const user = { id: uuidOf('signup:founder'), email: 'founder@test.modula.eu', meta: { name: 'Fay', user_type: 'vendor' } };
        await createAuthUser(db, user);
        const [company] = await as<{ id: string; owner_id: string; verified: boolean }>(db, user,
          `insert into public.companies (name, company_type, verified) values ('Fay Prefab', 'manufacturer', false) returning id, owner_id, verified`);
        assert.equal(company?.owner_id, user.id);
        const [profile] = await as(db, user, 'select company_id, company_name from public.profiles where id = $1', [user.id]);
        assert.deepEqual(profile, { company_id: company?.id, company_name: 'Fay Prefab' });
        // A second company is refused; so is self-verification.
        assert.equal(await errorCodeOf(db, user, `insert into public.companies (name, company_type) values ('Again', 'supplier')`), '42501');
        assert.equal(await errorCodeOf(db, user, `update public.companies set verified = true where id = $1`, [company?.id]), '42501');
      });
    });

    describe('accounts (issue 13, item 5; issue 19, item 17)', () => {
      const executable = async (fn: string) => {
        const { rows } = await db.query<{ anon: boolean; authenticated: boolean }>(
          `select has_function_privilege('anon', $1, 'execute') as anon, has_function_privilege('authenticated', $1, 'execute') as authenticated`,
          [fn],
        );
        return rows[0];
      };

      it('a repeated sign-up of an unconfirmed account re-derives its profile; a confirmed one is left alone', async () => {
        const pending = { id: uuidOf('signup:pending'), email: 'pending@test.modula.eu', meta: { name: 'Mallory', user_type: 'vendor', company_name: 'Mask Ltd' } };
        await createAuthUser(db, pending);
        await db.query('update auth.users set email_confirmed_at = null where id = $1', [pending.id]);
        await db.query(`update auth.users set raw_user_meta_data = '{"name": "Vera", "user_type": "customer", "preferred_language": "de"}' where id = $1`, [pending.id]);
        const [profile] = (await db.query('select name, user_type, company_name, preferred_language from public.profiles where id = $1', [pending.id])).rows;
        assert.deepEqual(profile, { name: 'Vera', user_type: 'customer', company_name: null, preferred_language: 'de' });

        await db.query(`update auth.users set raw_user_meta_data = '{"name": "Someone Else", "user_type": "vendor"}' where id = $1`, [users.customerA.id]);
        const [confirmed] = (await db.query('select name, user_type from public.profiles where id = $1', [users.customerA.id])).rows;
        assert.notEqual(confirmed?.name, 'Someone Else');
        assert.equal(confirmed?.user_type, 'customer');
        assert.deepEqual(await executable('private.follow_unconfirmed_signup()'), { anon: false, authenticated: false });
      });

      it('a profile rename reaches the auth metadata mail is written from, only for the renamed user', async () => {
        await as(db, 'customerB', `update public.profiles set name = 'Bea Renamed' where id = $1`, [users.customerB.id]);
        const [own] = (await db.query(`select raw_user_meta_data ->> 'name' as name from auth.users where id = $1`, [users.customerB.id])).rows;
        assert.equal(own?.name, 'Bea Renamed');
        const other = await as(db, 'customerB', `update public.profiles set name = 'Hijacked' where id = $1 returning id`, [users.vendorA.id]);
        assert.deepEqual(other, [], "another user's profile is not updatable");
        const [theirs] = (await db.query(`select raw_user_meta_data ->> 'name' as name from auth.users where id = $1`, [users.vendorA.id])).rows;
        assert.notEqual(theirs?.name, 'Hijacked');
        assert.deepEqual(await executable('private.sync_profile_name_to_auth()'), { anon: false, authenticated: false });
      });
    });

    describe('messenger functions', () => {
      it('mark_conversation_read marks only the other party\'s unread messages and returns how many', async () => {
        await db.query(`insert into public.messages (conversation_id, sender_id, content) values ($1, $2, 'One more thing')`, [ids.convA, users.vendorA.id]);
        const [first] = await as<{ n: number }>(db, 'customerA', 'select public.mark_conversation_read($1) as n', [ids.convA]);
        assert.equal(first?.n, 2);
        const [again] = await as<{ n: number }>(db, 'customerA', 'select public.mark_conversation_read($1) as n', [ids.convA]);
        assert.equal(again?.n, 0);
        const unread = await db.query(`select 1 from public.messages where conversation_id = $1 and sender_id = $2 and read_at is null`, [ids.convA, users.customerA.id]);
        assert.equal(unread.rows.length, 1, 'customer A\'s own message stays unread');
        assert.equal(await errorCodeOf(db, 'customerB', 'select public.mark_conversation_read($1)', [ids.convA]), '42501');
        assert.equal(await errorCodeOf(db, 'anon', 'select public.mark_conversation_read($1)', [ids.convA]), '42501');
      });

      it('bumps last_message_at when a message arrives', async () => {
        const [message] = await as<{ created_at: string }>(db, 'customerB',
          `insert into public.messages (conversation_id, sender_id, content) values ($1, $2, 'Hi again') returning created_at`, [ids.convB, users.customerB.id]);
        const [conversation] = await as<{ last_message_at: string }>(db, 'customerB', 'select last_message_at from public.conversations where id = $1', [ids.convB]);
        assert.equal(conversation?.last_message_at, message?.created_at);
      });

      it('requires a JSON object in attachment and quotation messages', async () => {
        const insert = (content: string) => errorCodeOf(db, 'customerA',
          `insert into public.messages (conversation_id, sender_id, content, message_type) values ($1, $2, $3, 'quotation')`,
          [ids.convA, users.customerA.id, content]);
        assert.equal(await insert('not json'), '22023');
        assert.equal(await insert('[1]'), '22023');
        // A well-formed quotation still comes only from the conversation's vendor (messenger-functions.test.ts).
        assert.equal(await insert(JSON.stringify({ type: 'quotation', title: 'Deck', amount: 1200, currency: 'EUR' })), '42501');
        assert.equal(await errorCodeOf(db, 'customerA',
          `insert into public.messages (conversation_id, sender_id, content) values ($1, $2, '   ')`, [ids.convA, users.customerA.id]), '23514');
      });

      it('open_conversation returns the existing conversation instead of creating a second one', async () => {
        const [opened] = await as<{ id: string; vendor_id: string }>(db, 'customerA', 'select * from public.open_conversation($1)', [ids.listingA]);
        assert.equal(opened?.id, ids.convA);
        const [fresh] = await as<{ id: string; vendor_id: string; customer_id: string }>(db, 'customerA', 'select * from public.open_conversation($1)', [ids.listingC]);
        assert.equal(fresh?.vendor_id, users.vendorB.id);
        assert.equal(fresh?.customer_id, users.customerA.id);
        const [same] = await as<{ id: string }>(db, 'customerA', 'select * from public.open_conversation($1)', [ids.listingC]);
        assert.equal(same?.id, fresh?.id);
        assert.equal(await errorCodeOf(db, 'vendorA', 'select * from public.open_conversation($1)', [ids.listingA]), '22023');
        assert.equal(await errorCodeOf(db, 'anon', 'select * from public.open_conversation($1)', [ids.listingA]), '42501');
        assert.equal(await errorCodeOf(db, 'customerA', 'select * from public.open_conversation($1)', [ids.draftA]), 'PT404');
      });
    });

    describe('security events and housekeeping', () => {
      it('log_security_event trusts the server and marks browser reports as client-sourced in the caller\'s name', async () => {
        await as(db, 'customerA', `select public.log_security_event('login_failed', $1, '{"reason":"test-client"}')`, [users.customerB.id]);
        await db.query(`select public.log_security_event('rate_limited', $1, '{"reason":"test-server"}')`, [users.customerB.id]);
        const rows = await db.query<{ user_id: string; source: string }>(
          `select user_id, source from public.security_events where details ->> 'reason' like 'test-%' order by details ->> 'reason'`);
        assert.deepEqual(rows.rows, [{ user_id: users.customerA.id, source: 'client' }, { user_id: users.customerB.id, source: 'server' }]);
        assert.equal(await errorCodeOf(db, 'anon', `select public.log_security_event('Bad Type!')`), '23514');
      });

      it('cleanup_expired_otps removes expired one-time tokens and is not callable from browsers', async () => {
        await db.query(`insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, created_at) values
          ($1, 'recovery_token', 'old-hash', 'x', now() - interval '3 days'),
          ($2, 'recovery_token', 'new-hash', 'x', now())`, [users.customerA.id, users.customerB.id]);
        assert.equal(await errorCodeOf(db, 'customerA', 'select public.cleanup_expired_otps()'), '42501');
        assert.equal(await errorCodeOf(db, 'anon', 'select public.cleanup_expired_otps()'), '42501');
        await db.asRole({ role: 'service_role', claims: {} }, (tx) => tx.query('select public.cleanup_expired_otps()'));
        const left = await db.query<{ token_hash: string }>('select token_hash from auth.one_time_tokens order by 1');
        assert.deepEqual(left.rows.map((r) => r.token_hash), ['new-hash']);
      });

      it('rate-limits analytics events and contact messages inside the database', async () => {
        const flood = await errorOf(db, 'anon',
          `insert into public.analytics_events (name, session_id) select 'page_view', 'flood-session' from generate_series(1, 301)`);
        assert.equal(flood?.code, 'PT429');
        for (let n = 1; n <= 5; n++) {
          assert.equal(await errorCodeOf(db, 'customerB', `insert into public.contact_messages (name, email, subject, message) values ('C', 'c@example.com', 'S', 'M')`), null);
        }
        assert.equal(await errorCodeOf(db, 'customerB', `insert into public.contact_messages (name, email, subject, message) values ('C', 'c@example.com', 'S', 'M')`), 'PT429');
      });

      it('fills analytics user_id from the token, never from the client', async () => {
        await as(db, 'customerB', `insert into public.analytics_events (name, session_id) values ('login', 'who-session')`);
        const [row] = (await db.query<{ user_id: string }>(`select user_id from public.analytics_events where session_id = 'who-session'`)).rows;
        assert.equal(row?.user_id, users.customerB.id);
      });
    });

    describe('advertising', () => {
      it('keeps listings.sponsored in step with active sponsorships', async () => {
        const state = async () => (await db.query<{ sponsored: boolean; sponsor_priority: number }>(
          'select sponsored, sponsor_priority from public.listings where id = $1', [ids.listingA])).rows[0];
        assert.deepEqual(await state(), { sponsored: true, sponsor_priority: 2 });
        // Sponsorships are changed by the service role now (issue 16); campaign A keeps priority 1 running.
        await db.query('update public.sponsored_listings set priority = 7 where id = $1', [ids.sponsoredA]);
        assert.deepEqual(await state(), { sponsored: true, sponsor_priority: 7 });
        await db.query('update public.sponsored_listings set active = false where id = $1', [ids.sponsoredA]);
        assert.deepEqual(await state(), { sponsored: true, sponsor_priority: 1 });
        await db.query('update public.ad_campaigns set paused = true where id = $1', [ids.campaignA]);
        assert.deepEqual(await state(), { sponsored: false, sponsor_priority: 0 });
        await db.query('update public.ad_campaigns set paused = false where id = $1', [ids.campaignA]);
        await db.query('update public.sponsored_listings set active = true, priority = 2 where id = $1', [ids.sponsoredA]);
      });
    });

    it('answers the messenger\'s and the home page\'s rpc calls through supabase-js', async () => {
      const token = await t.server.context.keys.sign({ sub: users.customerB.id, email: users.customerB.email, role: 'authenticated', aud: 'authenticated' }, 600);
      const customer = t.client({ accessToken: token });
      const opened = await customer.rpc('open_conversation', { listing_id: ids.listingA });
      assert.equal(opened.error, null);
      assert.equal((opened.data as { vendor_id: string }).vendor_id, users.vendorA.id);
      const read = await customer.rpc('mark_conversation_read', { conversation_id: ids.convB });
      assert.equal(read.error, null);
      assert.equal(typeof read.data, 'number');
      const stats = await t.client().rpc('marketplace_stats');
      assert.equal(stats.error, null);
      const cleanup = await t.client().rpc('cleanup_expired_otps');
      assert.equal(cleanup.error?.code, '42501');
      const logged = await t.client().rpc('log_security_event', { event_type: 'login_failed', details: { email: 'x@example.com' } });
      assert.equal(logged.error, null);
      assert.equal(logged.status, 204);
    });

    it('marketplace_stats gives the home page its counts without exposing profiles', async () => {
      const [row] = await as<{ stats: Record<string, unknown> }>(db, 'anon', 'select public.marketplace_stats() as stats');
      assert.equal(typeof row?.stats.customers, 'number');
      assert.equal(row?.stats.verified_companies, 1);
      assert.equal(row?.stats.average_rating, 4.5);
    });

    it('marketplace_stats counts only customers who confirmed their email ("Happy Customers", issue 19)', async () => {
      const customers = async () => Number((await as<{ stats: { customers: number } }>(db, 'anon', 'select public.marketplace_stats() as stats'))[0]!.stats.customers);
      const initial = await customers();
      const id = uuidOf('unconfirmedCustomer');
      await db.query(
        `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data, raw_app_meta_data, created_at, updated_at)
         values ($1, 'authenticated', 'authenticated', 'unconfirmed.customer@test.modula.eu', null, $2, '{}', now(), now())`,
        [id, JSON.stringify({ name: 'Una Unconfirmed', user_type: 'customer' })],
      );
      assert.equal((await db.query('select 1 from public.profiles where id = $1', [id])).rows.length, 1, 'the sign-up has a profile');
      assert.equal(await customers(), initial);
      await db.query('update auth.users set email_confirmed_at = now() where id = $1', [id]);
      assert.equal(await customers(), initial + 1);
      await db.query('delete from auth.users where id = $1', [id]);
    });
  });
}
