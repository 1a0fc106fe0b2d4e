import crypto from 'node:crypto';
import type { Database } from '../../../src/db/types.ts';
import { adsFixture } from './fixture-ads.ts';
import { billingFixture } from './fixture-billing.ts';
import { createVendorFixture } from './fixture-vendor.ts';
import { createAdminFixture } from './fixture-admin.ts';

/** A stable UUID from a name, so fixtures and expectations refer to rows by name. */
export function uuidOf(name: string): string {
  return md5Uuid(`fixture:${name}`);
}

export const ACTORS = ['anon', 'customerA', 'customerB', 'vendorA', 'vendorB', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];
export type User = Exclude<Actor, 'anon'>;

export const users: Record<User, { id: string; email: string; meta: object; app: object }> = {
  customerA: { id: uuidOf('customerA'), email: 'customer.a@test.modula.eu', meta: { name: 'Carla Customer', user_type: 'customer' }, app: {} },
  customerB: { id: uuidOf('customerB'), email: 'customer.b@test.modula.eu', meta: { name: 'Chris Customer', user_type: 'customer' }, app: {} },
  vendorA: { id: uuidOf('vendorA'), email: 'vendor.a@test.modula.eu', meta: { name: 'Vera Vendor', user_type: 'vendor' }, app: {} },
  vendorB: { id: uuidOf('vendorB'), email: 'vendor.b@test.modula.eu', meta: { name: 'Viktor Vendor', user_type: 'vendor' }, app: {} },
  admin: { id: uuidOf('admin'), email: 'admin@test.modula.eu', meta: { name: 'Ada Admin' }, app: { role: 'admin' } },
};

/** Every fixture row, by name. */
export const ids = {
  companyA: uuidOf('companyA'),
  companyB: uuidOf('companyB'),
  listingA: uuidOf('listingA'),
  draftA: uuidOf('draftA'),
  listingB: uuidOf('listingB'),
  listingC: uuidOf('listingC'),
  convA: uuidOf('convA'),
  convB: uuidOf('convB'),
  message1: uuidOf('message1'),
  message2: uuidOf('message2'),
  message3: uuidOf('message3'),
  meetingA: uuidOf('meetingA'),
  reviewA: uuidOf('reviewA'),
  reviewB: uuidOf('reviewB'),
  subscriptionA: uuidOf('subscriptionA'),
  subscriptionB: uuidOf('subscriptionB'),
  campaignA: uuidOf('campaignA'),
  sponsoredA: uuidOf('sponsoredA'),
  topupA: uuidOf('topupA'),
  contact1: uuidOf('contact1'),
  reportA: uuidOf('reportA'),
  reportB: uuidOf('reportB'),
  newsletterA: uuidOf('newsletterA'),
  newsletterOther: uuidOf('newsletterOther'),
  postPublished: uuidOf('postPublished'),
  postDraft: uuidOf('postDraft'),
  orderA: uuidOf('orderA'),
  invoiceA: uuidOf('invoiceA'),
  checkoutA: uuidOf('checkoutA'),
  categoryHomes: categoryId('homes'),
  categoryEnergy: categoryId('energy'),
  categoryDesign: categoryId('design-planning'),
};

function md5Uuid(text: string): string {
  const hex = crypto.createHash('md5').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Category ids are md5('category:<slug>') in the migrations, the same scheme the seed uses. */
export function categoryId(slug: string): string {
  return md5Uuid(`category:${slug}`);
}
export function subcategoryId(category: string, slug: string): string {
  return md5Uuid(`subcategory:${category}/${slug}`);
}

/** Creates an auth user the way GoTrue does; the trigger on auth.users creates the profile. */
export async function createAuthUser(db: Database, user: { id: string; email: string; meta: object; app?: object }): Promise<void> {
  await db.query(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data, raw_app_meta_data, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', $2, now(), $3, $4, now(), now())`,
    [user.id, user.email, JSON.stringify(user.meta), JSON.stringify(user.app ?? {})],
  );
}

/**
 * The world the access matrix runs in: two customers, two vendors with a company each, an admin, and
 * one row of every kind with known owners. Written as the database owner (row-level security does
 * not apply), exactly like a backend process would.
 */
export async function createFixture(db: Database): Promise<void> {
  for (const user of Object.values(users)) await createAuthUser(db, user);
  const u = Object.fromEntries(Object.entries(users).map(([k, v]) => [k, v.id])) as Record<User, string>;
  await db.exec(`
    insert into public.companies (id, name, company_type, verified, country, owner_id) values
      ('${ids.companyA}', 'Alpha Modular', 'manufacturer', true, 'DE', '${u.vendorA}'),
      ('${ids.companyB}', 'Beta Builders', 'contractor', false, 'FR', '${u.vendorB}');
    insert into public.subscriptions (id, user_id, plan, status, renewal_date) values
      ('${ids.subscriptionA}', '${u.vendorA}', 'entrepreneur', 'Active', now() + interval '30 days'),
      ('${ids.subscriptionB}', '${u.vendorB}', 'pro', 'Active', now() + interval '30 days');
    insert into public.listings (id, vendor_id, listing_type, space_type, category_id, title, description, price, status) values
      ('${ids.listingA}', '${ids.companyA}', 'property', 'a_frame', '${ids.categoryHomes}', 'Alpine A-frame', 'Cosy A-frame cabin.', 89000, 'published'),
      ('${ids.draftA}', '${ids.companyA}', 'property', 'tiny_home', '${ids.categoryHomes}', 'Secret tiny home', 'Not ready yet.', 45000, 'draft'),
      ('${ids.listingB}', '${ids.companyB}', 'property', 'container_home', '${ids.categoryHomes}', 'Harbour container home', 'Two containers.', 64000, 'published'),
      ('${ids.listingC}', '${ids.companyB}', 'upgrade', null, '${ids.categoryEnergy}', 'Rooftop solar kit', 'Six panels.', 5200, 'published');
    insert into public.conversations (id, customer_id, vendor_id, listing_id) values
      ('${ids.convA}', '${u.customerA}', '${u.vendorA}', '${ids.listingA}'),
      ('${ids.convB}', '${u.customerB}', '${u.vendorB}', '${ids.listingB}');
    insert into public.messages (id, conversation_id, sender_id, content) values
      ('${ids.message1}', '${ids.convA}', '${u.customerA}', 'Is the A-frame still available?'),
      ('${ids.message2}', '${ids.convA}', '${u.vendorA}', 'Yes, delivery in spring.'),
      ('${ids.message3}', '${ids.convB}', '${u.customerB}', 'Can I visit the container home?');
    insert into public.meetings (id, customer_id, vendor_id, listing_id, scheduled_at) values
      ('${ids.meetingA}', '${u.customerA}', '${u.vendorA}', '${ids.listingA}', now() + interval '7 days');
    insert into public.favorites (user_id, listing_id) values
      ('${u.customerA}', '${ids.listingA}'), ('${u.customerB}', '${ids.listingB}');
    insert into public.reviews (id, listing_id, company_id, author_id, rating, body) values
      ('${ids.reviewA}', '${ids.listingA}', null, '${u.customerA}', 5, 'Lovely cabin.'),
      ('${ids.reviewB}', null, '${ids.companyB}', '${u.customerB}', 4, 'Reliable builders.');
    insert into public.ad_campaigns (id, user_id, company_id, listing_id, name, budget, click_rate) values
      ('${ids.campaignA}', '${u.vendorA}', '${ids.companyA}', '${ids.listingA}', 'Spring cabins', 100, 0.5);
    insert into public.sponsored_listings (id, user_id, listing_id, sponsored_until, priority) values
      ('${ids.sponsoredA}', '${u.vendorA}', '${ids.listingA}', now() + interval '14 days', 2);
    insert into public.analytics_events (name, params, user_id, session_id) values
      ('page_view', '{"path":"/"}', null, 'fixture-session'),
      ('view_item', '{"id":"x"}', '${u.customerA}', 'fixture-session');
    insert into public.security_events (event_type, user_id, details) values ('login_failed', '${u.customerA}', '{}');
    insert into public.contact_messages (id, name, email, subject, message) values
      ('${ids.contact1}', 'Pat', 'pat@example.com', 'Hello', 'Do you ship to Malta?');
    insert into public.newsletter_subscribers (id, email, status, confirmed_at) values
      ('${ids.newsletterA}', '${users.customerA.email}', 'confirmed', now()),
      ('${ids.newsletterOther}', 'someone@example.com', 'pending', null);
    insert into public.blog_posts (id, slug, title, excerpt, body, author_name, published_at) values
      ('${ids.postPublished}', 'fixture-published', 'Published post', 'Out now.', 'Body.', 'Editor', now() - interval '1 day'),
      ('${ids.postDraft}', 'fixture-draft', 'Draft post', 'Soon.', 'Body.', 'Editor', null);
  `);
  // Company membership through the table the ownership rule reads.
  await db.query(`insert into public.company_members (company_id, user_id, member_role) values ($1, $2, 'owner'), ($3, $4, 'owner')
                  on conflict do nothing`, [ids.companyA, u.vendorA, ids.companyB, u.vendorB]);
  // Customer A accepted vendor A's quotation (message 2 stands in for it).
  await db.query(
    `insert into public.orders (id, customer_id, company_id, vendor_id, listing_id, conversation_id, quotation_message_id, title, amount)
     values ($1, $2, $3, $4, $5, $6, $7, 'Alpine A-frame, delivered', 89000)`,
    [ids.orderA, u.customerA, ids.companyA, u.vendorA, ids.listingA, ids.convA, ids.message2],
  );
  for (const area of areaFixtures) await area(db);
}

/**
 * Rows of later areas (messenger, vendor, advertising, admin...), each in its own fixture-<area>.ts
 * exporting a function of the database: add it to this list (one line) instead of editing the SQL above.
 */
const areaFixtures: ((db: Database) => Promise<void>)[] = [(db) => billingFixture(db, { ids, users }), createVendorFixture, adsFixture, (db) => createAdminFixture(db, { ids, users })];
