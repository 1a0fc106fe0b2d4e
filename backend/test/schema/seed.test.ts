import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import type { Database } from '../../src/db/types.ts';
import { runSeed, type SeedSummary } from '../../../supabase/seed/index.ts';
import { DEMO_PASSWORD } from '../../../supabase/seed/content/people.ts';

const SEEDED_TABLES = [
  'profiles', 'companies', 'company_members', 'subscriptions', 'listings', 'reviews', 'favorites', 'conversations',
  'messages', 'meetings', 'ad_campaigns', 'sponsored_listings', 'blog_posts',
];

/** A digest of every seeded row, without the columns the database stamps at write time. */
async function snapshot(db: Database): Promise<Record<string, string>> {
  const digest: Record<string, string> = {};
  for (const table of SEEDED_TABLES) {
    const { rows } = await db.query<{ row: string }>(
      `select (to_jsonb(t) - 'created_at' - 'updated_at')::text as row from public.${table} t order by 1`);
    digest[table] = `${rows.length}:${crypto.createHash('sha256').update(rows.map((r) => r.row).join('\n')).digest('hex')}`;
  }
  const objects = await db.query<{ row: string }>(`select bucket_id || '/' || name as row from storage.objects order by 1`);
  digest['storage.objects'] = `${objects.rows.length}:${crypto.createHash('sha256').update(objects.rows.map((r) => r.row).join('\n')).digest('hex')}`;
  return digest;
}

const digests: Record<string, Record<string, string>> = {};

for (const database of await testDatabases()) {
  describe(`the seed on ${database}`, () => {
    let t: TestServer;
    let db: Database;
    let first: SeedSummary;
    before(async () => {
      t = await startTestServer({ database });
      db = t.server.context.db;
      first = await runSeed({ url: t.url, serviceRoleKey: t.serviceRoleKey });
    });
    after(() => t?.close());

    it('is idempotent: a second run changes nothing and uploads nothing', async () => {
      const snapshotBefore = await snapshot(db);
      const second = await runSeed({ url: t.url, serviceRoleKey: t.serviceRoleKey });
      assert.deepEqual(await snapshot(db), snapshotBefore);
      assert.equal(second.images.uploaded, 0);
      assert.equal(second.images.present, first.images.uploaded);
      digests[database] = snapshotBefore;
    });

    it('is deterministic: every fresh database gets the same rows', () => {
      const [a, b] = Object.values(digests);
      if (a && b) assert.deepEqual(a, b);
      else assert.ok(digests[database]);
    });

    it('fills the catalogue the issue asks for', async () => {
      const q = async (sql: string) => (await db.query<Record<string, string>>(sql)).rows;
      const [companies] = await q(`select count(*) filter (where verified) as verified, count(*) filter (where not verified) as unverified,
        count(distinct company_type) filter (where verified) as types, count(distinct country) filter (where verified) as countries from public.companies`);
      assert.ok(Number(companies!.verified) >= 12 && Number(companies!.unverified) >= 2 && companies!.types === '4' && Number(companies!.countries) >= 6, JSON.stringify(companies));
      const [listings] = await q(`select count(*) filter (where listing_type in ('property', 'commercial')) as homes,
        count(distinct space_type) as space_types, count(*) filter (where listing_type = 'upgrade') as upgrades,
        count(distinct subcategory_id) filter (where listing_type = 'upgrade') as upgrade_subcategories,
        count(distinct category_id) filter (where listing_type = 'upgrade') as upgrade_categories,
        count(*) filter (where listing_type = 'service') as services, count(*) filter (where featured) as featured,
        count(*) filter (where sponsored and sponsored_until > now()) as sponsored,
        count(*) filter (where shipping_type = 'worldwide') as worldwide, count(*) filter (where shipping_type = 'continents') as continents,
        count(*) filter (where shipping_type = 'specific' and cardinality(shipping_countries) <= 3) as few_countries,
        count(*) filter (where shipping_type = 'specific' and cardinality(shipping_countries) > 3) as many_countries,
        count(*) filter (where free_shipping) as free_shipping, count(distinct energy_class) as energy_classes,
        min(price) as min_price, max(price) as max_price, count(*) filter (where cardinality(images) = 0) as without_images
        from public.listings where status = 'published'`);
      const l = listings!;
      assert.ok(Number(l.homes) >= 60 && l.space_types === '9', JSON.stringify(l));
      assert.ok(Number(l.upgrades) >= 25 && Number(l.upgrade_categories) >= 4 && Number(l.upgrade_subcategories) >= 10, JSON.stringify(l));
      assert.ok(Number(l.services) >= 15 && Number(l.featured) >= 4 && Number(l.sponsored) >= 3, JSON.stringify(l));
      for (const key of ['worldwide', 'continents', 'few_countries', 'many_countries', 'free_shipping']) assert.ok(Number(l[key]) > 0, key);
      assert.ok(Number(l.energy_classes) >= 4 && Number(l.min_price) < 1000 && Number(l.max_price) > 300000);
      assert.equal(l.without_images, '0');
      const [reviews] = await q(`select count(*) as n, count(distinct listing_id) as listings, count(distinct company_id) as companies from public.reviews`);
      assert.ok(Number(reviews!.n) >= 60 && Number(reviews!.companies) >= 10, JSON.stringify(reviews));
      const posts = await q(`select slug, body from public.blog_posts where published_at <= now()`);
      assert.ok(posts.length >= 6);
      for (const post of posts) {
        assert.ok(post.body!.length > 1500, `${post.slug} is too short to be useful`);
        assert.doesNotMatch(post.body!, /lorem|ipsum|placeholder|TODO/i);
      }
    });

    it('creates the demo accounts of the contracts, and they can sign in', async () => {
      const accounts = await db.query<{ email: string; name: string; user_type: string; role: string | null; company_id: string | null; plan: string }>(
        `select u.email, p.name, p.user_type, p.role, p.company_id,
                coalesce((select s.plan from public.subscriptions s where s.user_id = p.id and s.status = 'Active' order by s.updated_at desc limit 1), 'free') as plan
           from auth.users u join public.profiles p on p.id = u.id where u.email like 'demo.%@modula.eu' order by u.email`);
      assert.deepEqual(accounts.rows.map((a) => [a.email, a.user_type, a.role, a.plan]), [
        ['demo.admin@modula.eu', 'customer', 'admin', 'free'],
        ['demo.customer@modula.eu', 'customer', null, 'starter'],
        ['demo.vendor@modula.eu', 'vendor', null, 'entrepreneur'],
      ]);
      for (const account of accounts.rows) assert.doesNotMatch(account.name, /demo/i);
      const vendor = accounts.rows.find((a) => a.email === 'demo.vendor@modula.eu')!;
      assert.ok(vendor.company_id, 'the demo vendor belongs to a company');
      const held = await db.query<{ n: string }>(`select count(*) as n from public.listings where vendor_id = $1 and status <> 'archived'`, [vendor.company_id]);
      assert.ok(Number(held.rows[0]!.n) < 5, 'the demo vendor can still create a listing on the entrepreneur tier');

      const client = t.client();
      const { data, error } = await client.auth.signInWithPassword({ email: 'demo.vendor@modula.eu', password: DEMO_PASSWORD });
      assert.equal(error, null);
      assert.ok(data.session);
      // Demo status is the seed's flag, which only the service role can write (docs/decisions/005).
      assert.equal(data.session.user.app_metadata.demo, true);
      const flagged = await db.query<{ email: string }>(`select email from auth.users where raw_app_meta_data ->> 'demo' = 'true' order by email`);
      assert.deepEqual(flagged.rows.map((r) => r.email), ['demo.admin@modula.eu', 'demo.customer@modula.eu', 'demo.vendor@modula.eu']);
      const tier = await client.functions.invoke<{ subscription_tier: string }>('check-subscription', { body: { userId: data.session.user.id } });
      assert.equal(tier.data?.subscription_tier, 'entrepreneur');
      const mine = await client.from('conversations').select('id, messages(id)');
      assert.equal(mine.error, null);
      assert.ok((mine.data ?? []).length >= 1);
    });

    it('gives every listing and company an uploaded image, served in card sizes by the renderer', async () => {
      const missing = await db.query<{ path: string }>(
        `select p.path from (
            select unnest(images) as path, 'listing-images' as bucket from public.listings
            union all select logo, 'company-logos' from public.companies
            union all select cover_image, 'blog-images' from public.blog_posts) p
          where not exists (select 1 from storage.objects o where o.bucket_id = p.bucket and o.name = p.path)`);
      assert.deepEqual(missing.rows, []);
      const { rows } = await db.query<{ path: string }>(`select images[1] as path from public.listings where space_type = 'a_frame' order by title limit 1`);
      const response = await fetch(`${t.url}/storage/v1/render/image/public/listing-images/${rows[0]!.path}?width=400&height=300&resize=cover&quality=70&format=webp`);
      assert.equal(response.status, 200);
      const image = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      assert.deepEqual([image.format, image.width, image.height], ['webp', 400, 300]);
    });
  });
}
