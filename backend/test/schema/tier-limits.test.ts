import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import type { Database } from '../../src/db/types.ts';
import { categoryId, createAuthUser, uuidOf } from './helpers/fixture.ts';
import type { Person } from './helpers/drivers.ts';
import { as, errorOf } from './helpers/sql.ts';

interface Vendor extends Person {
  companyId: string;
}

/** A vendor with a company and, unless plan is null, an Active subscription to `plan`. */
async function createVendor(db: Database, name: string, plan: string | null): Promise<Vendor> {
  const vendor = { id: uuidOf(`tier:${name}`), email: `${name}@tier.test.modula.eu`, companyId: uuidOf(`tier-company:${name}`) };
  await createAuthUser(db, { id: vendor.id, email: vendor.email, meta: { name, user_type: 'vendor' } });
  await db.query(`insert into public.companies (id, name, company_type, owner_id) values ($1, $2, 'manufacturer', $3)`,
    [vendor.companyId, `${name} homes`, vendor.id]);
  if (plan) {
    await db.query(`insert into public.subscriptions (user_id, plan, status, renewal_date) values ($1, $2, 'Active', now() + interval '30 days')`,
      [vendor.id, plan]);
  }
  return vendor;
}

const homes = categoryId('homes');

function insertListing(db: Database, vendor: Vendor, n: number, extra = '') {
  return as(db, vendor,
    `insert into public.listings (vendor_id, listing_type, space_type, category_id, title, price, status${extra ? ', featured' : ''})
     values ($1, 'property', 'modular_home', $2, $3, 120000, 'published'${extra ? `, ${extra}` : ''}) returning id`,
    [vendor.companyId, homes, `Listing ${n} of ${vendor.email}`]);
}

async function fill(db: Database, vendor: Vendor, count: number): Promise<string[]> {
  const created: string[] = [];
  for (let n = 1; n <= count; n++) created.push(((await insertListing(db, vendor, n))[0] as { id: string }).id);
  return created;
}

for (const database of await testDatabases()) {
  describe(`tier limits on ${database}`, () => {
    let t: TestServer;
    let db: Database;
    before(async () => {
      t = await startTestServer({ database });
      db = t.server.context.db;
    });
    after(() => t?.close());

    it('refuses any listing on the free tier, with the spec\'s message', async () => {
      const vendor = await createVendor(db, 'free', null);
      const error = await errorOf(db, vendor, `insert into public.listings (vendor_id, listing_type, space_type, category_id, title, price)
        values ($1, 'property', 'tiny_home', $2, 'Tiny', 1000)`, [vendor.companyId, homes]);
      assert.equal(error?.code, 'PT402');
      assert.equal(error?.message, 'You need a subscription to create listings. Please select a plan.');
    });

    it('refuses a starter vendor\'s second listing', async () => {
      const vendor = await createVendor(db, 'starter', 'starter');
      await fill(db, vendor, 1);
      const error = await errorOf(db, vendor, `insert into public.listings (vendor_id, listing_type, space_type, category_id, title, price)
        values ($1, 'property', 'tiny_home', $2, 'Second', 1000)`, [vendor.companyId, homes]);
      assert.equal(error?.code, 'PT402');
      assert.match(error?.message ?? '', /Starter plan allows 1 published listing\./);
    });

    it('refuses an entrepreneur\'s sixth published listing, on insert and on publish; drafts and archived ones do not count', async () => {
      const vendor = await createVendor(db, 'entrepreneur', 'entrepreneur');
      const created = await fill(db, vendor, 5);
      const sixth = await errorOf(db, vendor, `insert into public.listings (vendor_id, listing_type, space_type, category_id, title, price, status)
        values ($1, 'property', 'tiny_home', $2, 'Sixth', 1000, 'draft')`, [vendor.companyId, homes]);
      assert.equal(sixth?.code, 'PT402');
      assert.match(sixth?.message ?? '', /Entrepreneur plan allows 5 published listings/);

      // Unpublishing one frees a slot: a draft may be written and published again.
      await as(db, vendor, `update public.listings set status = 'draft' where id = $1`, [created[0]]);
      const [draft] = await as<{ id: string }>(db, vendor, `insert into public.listings (vendor_id, listing_type, space_type, category_id, title, price, status)
        values ($1, 'property', 'tiny_home', $2, 'Sixth draft', 1000, 'draft') returning id`, [vendor.companyId, homes]);
      await as(db, vendor, `update public.listings set status = 'published' where id = $1`, [draft?.id]);
      // Now five are published again: publishing the unpublished one would make six.
      const republished = await errorOf(db, vendor, `update public.listings set status = 'published' where id = $1`, [created[0]]);
      assert.equal(republished?.code, 'PT402');
      await as(db, vendor, `update public.listings set status = 'archived' where id = $1`, [created[1]]);
      await as(db, vendor, `update public.listings set status = 'published' where id = $1`, [created[0]]);
    });

    it('refuses publishing beyond the limit after a downgrade (a listing unpublished by the system)', async () => {
      const vendor = await createVendor(db, 'downgraded', 'entrepreneur');
      const created = await fill(db, vendor, 3);
      await db.query(`update public.subscriptions set plan = 'starter' where user_id = $1`, [vendor.id]);
      await db.query(`update public.listings set status = 'draft' where id = any($1::uuid[])`, [created.slice(1)]);
      const error = await errorOf(db, vendor, `update public.listings set status = 'published' where id = $1`, [created[1]]);
      assert.equal(error?.code, 'PT402');
      assert.match(error?.message ?? '', /Starter plan allows 1 published listing\./);
      // Editing the unpublished draft is still allowed.
      assert.equal((await as(db, vendor, `update public.listings set price = 2000 where id = $1 returning id`, [created[1]])).length, 1);
    });

    it('lets a seeded demo account create without a plan', async () => {
      const vendor = await createVendor(db, 'demo-free', null);
      await db.query(`update auth.users set raw_app_meta_data = '{"demo": true}' where id = $1`, [vendor.id]);
      assert.equal((await fill(db, vendor, 2)).length, 2);
      const [quota] = await as(db, vendor, 'select plan, max_listings, published, drafts, demo from public.my_listing_quota()');
      assert.deepEqual(quota, { plan: 'free', max_listings: 0, published: 2, drafts: 0, demo: true });
    });

    it('keeps listing images under the company\'s own folder', async () => {
      const vendor = await createVendor(db, 'images', 'pro');
      const ok = await as(db, vendor, `insert into public.listings (vendor_id, listing_type, space_type, category_id, title, price, images)
        values ($1, 'property', 'tiny_home', $2, 'Pictured', 1000, array[$3::text]) returning id`, [vendor.companyId, homes, `${vendor.companyId}/a/1.webp`]);
      assert.equal(ok.length, 1);
      const foreign = await errorOf(db, vendor, `insert into public.listings (vendor_id, listing_type, space_type, category_id, title, price, images)
        values ($1, 'property', 'tiny_home', $2, 'Borrowed', 1000, array[$3::text])`, [vendor.companyId, homes, `${uuidOf('someone else')}/a/1.webp`]);
      assert.equal(foreign?.code, '23514');
    });

    it('lets a pro vendor go past five, and only pro vendors feature listings', async () => {
      const pro = await createVendor(db, 'pro', 'pro');
      assert.equal((await fill(db, pro, 7)).length, 7);
      await insertListing(db, pro, 8, 'true');
      const starter = await createVendor(db, 'starter-featured', 'starter');
      const featured = await errorOf(db, starter, `insert into public.listings (vendor_id, listing_type, space_type, category_id, title, price, featured)
        values ($1, 'property', 'tiny_home', $2, 'Shiny', 1000, true)`, [starter.companyId, homes]);
      assert.equal(featured?.code, 'PT402');
    });

    it('ignores expired and cancelled subscriptions', async () => {
      const vendor = await createVendor(db, 'lapsed', null);
      await db.query(`insert into public.subscriptions (user_id, plan, status, renewal_date, updated_at) values
        ($1, 'pro', 'Active', now() - interval '1 day', now() - interval '2 days'),
        ($1, 'entrepreneur', 'Cancelled', now() + interval '10 days', now())`, [vendor.id]);
      const error = await errorOf(db, vendor, `insert into public.listings (vendor_id, listing_type, space_type, category_id, title, price)
        values ($1, 'property', 'tiny_home', $2, 'Lapsed', 1000)`, [vendor.companyId, homes]);
      assert.equal(error?.code, 'PT402');
      assert.deepEqual(await as(db, vendor, 'select public.current_plan() as plan'), [{ plan: 'free' }]);
    });

    it('keeps a price of 0 ("Price on request") for services only', async () => {
      const vendor = await createVendor(db, 'on-request', 'pro');
      const [service] = await as<{ id: string; price: number }>(db, vendor, `insert into public.listings (vendor_id, listing_type, category_id, title, price)
        values ($1, 'service', $2, 'Site survey', 0) returning id, price`, [vendor.companyId, categoryId('design-planning')]);
      assert.equal(service?.price, 0);
      const home = await errorOf(db, vendor, `insert into public.listings (vendor_id, listing_type, space_type, category_id, title, price)
        values ($1, 'property', 'tiny_home', $2, 'Free home?', 0)`, [vendor.companyId, homes]);
      assert.equal(home?.code, '23514');
      assert.match(home?.message ?? '', /listings_price_on_request_only_services/);
      const [priced] = await as<{ id: string }>(db, vendor, `insert into public.listings (vendor_id, listing_type, space_type, category_id, title, price)
        values ($1, 'property', 'tiny_home', $2, 'Priced home', 1000) returning id`, [vendor.companyId, homes]);
      const zeroed = await errorOf(db, vendor, `update public.listings set price = 0 where id = $1`, [priced?.id]);
      assert.equal(zeroed?.code, '23514');
    });

    it('holds under parallel inserts: two requests cannot both take the last slot', async () => {
      const vendor = await createVendor(db, 'racer', 'starter');
      const attempts = await Promise.allSettled([1, 2, 3, 4].map((n) => insertListing(db, vendor, n)));
      assert.equal(attempts.filter((a) => a.status === 'fulfilled').length, 1);
      const count = await db.query<{ n: string }>(`select count(*) as n from public.listings where vendor_id = $1`, [vendor.companyId]);
      assert.equal(count.rows[0]?.n, '1');
    });

    it('is enforced for supabase-js clients too (a starter vendor\'s second listing)', async () => {
      const vendor = await createVendor(db, 'starter-rest', 'starter');
      const token = await t.server.context.keys.sign({ sub: vendor.id, email: vendor.email, role: 'authenticated', aud: 'authenticated' }, 600);
      const client: SupabaseClient = t.client({ accessToken: token });
      const row = (title: string) => ({ vendor_id: vendor.companyId, listing_type: 'property', space_type: 'tiny_home', category_id: homes, title, price: 1000, status: 'published' });
      const first = await client.from('listings').insert(row('First tiny home'));
      assert.equal(first.error, null);
      const second = await client.from('listings').insert(row('Second tiny home'));
      assert.equal(second.error?.code, 'PT402');
      assert.equal(second.status, 402);
    });
  });
}
