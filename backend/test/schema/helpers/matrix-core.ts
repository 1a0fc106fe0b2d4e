import { ids, subcategoryId, uuidOf } from './fixture.ts';
import { by, DENIED, everyone, idOf, referenceTable, signedIn, u, type TableSpec } from './matrix-kit.ts';

/** The tables of the first wave (catalogue, engagement, advertising, content, analytics). */
export const coreMatrix: TableSpec[] = [
  referenceTable('countries', ['code'], { code: 'ZZ', name: 'Testland', continent: 'europe' }, { code: 'DE' }, { name: 'Germany' }, false),
  referenceTable('plan_levels', ['dimension', 'level'], { dimension: 'support', level: 'legendary', level_order: 9 },
    { dimension: 'support', level: 'premium' }, { level_order: 3 }, false),
  referenceTable('plans', ['id'], { id: 'giant', name: 'Giant', price_eur: 900, max_listings: -1, sort_order: 9 },
    { id: 'pro' }, { price_eur: 500 }, false),
  referenceTable('categories', ['id'], { id: uuidOf('category:test'), listing_type: 'service', slug: 'test-category', name: 'Test' },
    { id: ids.categoryDesign }, { name: 'Design & planning' }, true),
  referenceTable('subcategories', ['id'], { id: uuidOf('subcategory:test'), category_id: ids.categoryDesign, slug: 'test-sub', name: 'Test' },
    { id: subcategoryId('design-planning', 'architecture') }, { name: 'Architecture' }, true),

  {
    table: 'profiles',
    key: ['id'],
    select: {
      anon: DENIED,
      // Only one's own profile (and colleagues'): counterparts get name, company and avatar through
      // public.counterpart_profiles() instead (matrix-messenger.ts, issue 13 item 11).
      customerA: [u.customerA],
      customerB: [u.customerB],
      vendorA: [u.vendorA],
      vendorB: [u.vendorB],
      admin: 'all',
    },
    insert: [{
      name: 'create a profile for another user',
      row: () => ({ id: u.customerB, name: 'Impostor', user_type: 'customer' }),
      expect: signedIn(DENIED, { customerB: '23505' }),
      cleanup: 'select 1',
    }],
    update: [
      { name: 'rename customer A', match: { id: u.customerA }, patch: { name: 'Carla C.' }, expect: signedIn('none', { customerA: 'ok', admin: 'ok' }) },
      { name: 'make customer A an admin', match: { id: u.customerA }, patch: { role: 'admin' }, expect: signedIn('none', { customerA: DENIED, admin: 'ok' }) },
      // Issue 13 item 12: the account type follows company membership, never a PATCH.
      { name: 'make customer A a vendor', match: { id: u.customerA }, patch: { user_type: 'vendor' }, expect: signedIn('none', { customerA: DENIED, admin: 'ok' }) },
      { name: 'make vendor A a customer', match: { id: u.vendorA }, patch: { user_type: 'customer' }, expect: signedIn('none', { vendorA: DENIED, admin: 'ok' }) },
      { name: 'move customer A into company A', match: { id: u.customerA }, patch: { company_id: ids.companyA }, expect: signedIn('none', { customerA: DENIED, admin: 'ok' }) },
    ],
    delete: [{ name: 'delete customer A', match: { id: u.customerA }, expect: signedIn(DENIED) }],
  },

  {
    table: 'companies',
    key: ['id'],
    select: everyone([ids.companyA, ids.companyB]),
    insert: [{
      name: 'found a company',
      row: () => ({ id: uuidOf('company:new'), name: 'New Company', company_type: 'supplier' }),
      // A customer founds one and so becomes a vendor (issue 13 item 12); both vendors already belong to one.
      expect: signedIn(DENIED, { customerA: 'ok', customerB: 'ok', admin: 'ok' }),
      cleanup: `delete from public.companies where id = '${uuidOf('company:new')}'; update public.profiles set user_type = 'customer' where id in ('${u.customerA}', '${u.customerB}')`,
    }],
    update: [
      { name: 'edit company A', match: { id: ids.companyA }, patch: { description: 'Timber frames since 1990.' }, expect: signedIn('none', { vendorA: 'ok', admin: 'ok' }) },
      { name: 'verify company B', match: { id: ids.companyB }, patch: { verified: true }, expect: signedIn('none', { vendorB: DENIED, admin: 'ok' }) },
    ],
    delete: [{
      name: 'delete a company',
      match: { id: uuidOf('company:temp') },
      setup: `insert into public.companies (id, name, company_type) values ('${uuidOf('company:temp')}', 'Temp', 'supplier')`,
      expect: signedIn('none', { admin: 'ok' }),
    }],
  },

  {
    table: 'company_members',
    key: ['company_id', 'user_id'],
    select: {
      anon: DENIED,
      customerA: [],
      customerB: [],
      vendorA: [`${ids.companyA}/${u.vendorA}`],
      vendorB: [`${ids.companyB}/${u.vendorB}`],
      admin: 'all',
    },
    insert: [{
      name: 'add customer B to company A',
      row: () => ({ company_id: ids.companyA, user_id: u.customerB }),
      expect: signedIn(DENIED, { admin: 'ok' }),
      cleanup: `delete from public.company_members where user_id = '${u.customerB}'; update public.profiles set user_type = 'customer' where id in ('${u.customerA}', '${u.customerB}')`,
    }],
    update: [{
      name: 'demote vendor A',
      match: { company_id: ids.companyA, user_id: u.vendorA },
      patch: { member_role: 'member' },
      expect: signedIn('none', { admin: 'ok' }),
    }],
    delete: [{
      name: 'remove a member',
      match: { company_id: ids.companyB, user_id: u.customerA },
      setup: `insert into public.company_members (company_id, user_id) values ('${ids.companyB}', '${u.customerA}')`,
      expect: signedIn('none', { admin: 'ok' }),
      cleanup: `delete from public.company_members where user_id = '${u.customerA}'; update public.profiles set user_type = 'customer' where id in ('${u.customerA}', '${u.customerB}')`,
    }],
  },

  {
    table: 'listings',
    key: ['id'],
    select: {
      anon: [ids.listingA, ids.listingB, ids.listingC],
      customerA: [ids.listingA, ids.listingB, ids.listingC],
      customerB: [ids.listingA, ids.listingB, ids.listingC],
      // Drafts only for their vendor.
      vendorA: [ids.listingA, ids.draftA, ids.listingB, ids.listingC],
      vendorB: [ids.listingA, ids.listingB, ids.listingC],
      admin: 'all',
    },
    insert: [{
      name: 'list an upgrade for company A',
      row: () => ({
        id: uuidOf('listing:new'), vendor_id: ids.companyA, listing_type: 'upgrade', category_id: ids.categoryEnergy,
        title: 'Heat pump install', price: 9800, status: 'draft',
      }),
      expect: signedIn(DENIED, { vendorA: 'ok', admin: 'ok' }),
    }],
    update: [
      { name: 'reprice listing A', match: { id: ids.listingA }, patch: { price: 91000 }, expect: signedIn('none', { vendorA: 'ok', admin: 'ok' }) },
      { name: 'publish draft A', match: { id: ids.draftA }, patch: { status: 'published' }, expect: signedIn('none', { vendorA: 'ok', admin: 'ok' }) },
      { name: 'move listing A to company B', match: { id: ids.listingA }, patch: { vendor_id: ids.companyB }, expect: signedIn('none', { vendorA: DENIED, admin: 'ok' }) },
      { name: 'sponsor listing B directly', match: { id: ids.listingB }, patch: { sponsored: true }, expect: signedIn('none', { vendorB: DENIED, admin: 'ok' }) },
    ],
    delete: [{
      name: 'delete a listing of company A',
      match: { id: uuidOf('listing:temp') },
      setup: `insert into public.listings (id, vendor_id, listing_type, category_id, title, price, status)
              values ('${uuidOf('listing:temp')}', '${ids.companyA}', 'service', '${ids.categoryDesign}', 'Temp service', 100, 'published')`,
      expect: signedIn('none', { vendorA: 'ok', admin: 'ok' }),
    }],
  },

  {
    table: 'reviews',
    key: ['id'],
    // author_id is not readable by the API roles (issue 13 item 11): reviews are read by these columns.
    columns: 'id, listing_id, company_id, author_name, rating, title, body, created_at, updated_at',
    select: everyone([ids.reviewA, ids.reviewB]),
    insert: [
      {
        name: 'review listing B as oneself',
        row: (actor) => ({ id: uuidOf('review:new'), listing_id: ids.listingB, author_id: idOf(actor) ?? u.customerA, rating: 4, body: 'Solid.' }),
        // A vendor cannot review its own company's listing.
        expect: signedIn('ok', { vendorB: DENIED }),
      },
      {
        name: 'review as someone else',
        row: () => ({ id: uuidOf('review:forged'), listing_id: ids.listingC, author_id: u.customerB, rating: 1, body: 'Forged.' }),
        expect: signedIn(DENIED, { customerB: 'ok' }),
      },
    ],
    update: [{ name: 'edit review A', match: { id: ids.reviewA }, patch: { body: 'Still lovely.' }, expect: signedIn('none', { customerA: 'ok' }) }],
    delete: [{
      name: 'delete a review by customer A',
      match: { id: uuidOf('review:temp') },
      setup: `insert into public.reviews (id, listing_id, author_id, rating) values ('${uuidOf('review:temp')}', '${ids.listingC}', '${u.customerA}', 3)`,
      expect: signedIn('none', { customerA: 'ok', admin: 'ok' }),
    }],
  },

  {
    table: 'favorites',
    key: ['user_id', 'listing_id'],
    select: {
      anon: DENIED,
      customerA: [`${u.customerA}/${ids.listingA}`],
      customerB: [`${u.customerB}/${ids.listingB}`],
      vendorA: [],
      vendorB: [],
      admin: [],
    },
    insert: [
      { name: 'save listing C for oneself', row: (actor) => ({ user_id: idOf(actor), listing_id: ids.listingC }), expect: signedIn('ok') },
      { name: 'save for customer B', row: () => ({ user_id: u.customerB, listing_id: ids.listingC }), expect: signedIn(DENIED, { customerB: 'ok' }) },
      { name: 'save an unseen draft', row: (actor) => ({ user_id: idOf(actor), listing_id: ids.draftA }), expect: signedIn(DENIED, { vendorA: 'ok', admin: 'ok' }) },
    ],
    update: [{
      name: 'rewrite a favourite',
      match: { user_id: u.customerA, listing_id: ids.listingA },
      patch: { listing_id: ids.listingC },
      expect: signedIn(DENIED),
    }],
    delete: [{
      name: 'remove customer A\'s favourite',
      match: { user_id: u.customerA, listing_id: ids.listingC },
      setup: `insert into public.favorites (user_id, listing_id) values ('${u.customerA}', '${ids.listingC}')`,
      expect: signedIn('none', { customerA: 'ok' }),
    }],
  },

  {
    table: 'subscriptions',
    key: ['id'],
    select: { anon: DENIED, customerA: [], customerB: [], vendorA: [ids.subscriptionA], vendorB: [ids.subscriptionB], admin: 'all' },
    insert: [{ name: 'grant oneself Pro', row: (actor) => ({ id: uuidOf('subscription:new'), user_id: idOf(actor), plan: 'pro' }), expect: by(DENIED) }],
    update: [{ name: 'upgrade subscription A', match: { id: ids.subscriptionA }, patch: { plan: 'pro' }, expect: by(DENIED) }],
    delete: [{ name: 'delete subscription A', match: { id: ids.subscriptionA }, expect: by(DENIED) }],
  },

  {
    table: 'analytics_events',
    key: ['id'],
    select: { anon: DENIED, customerA: [], customerB: [], vendorA: [], vendorB: [], admin: 'all' },
    insert: [
      {
        name: 'record an event',
        row: () => ({ name: 'view_item', params: { listing: 'x' }, session_id: 'matrix-session', occurred_at: new Date().toISOString() }),
        cleanup: `delete from public.analytics_events where session_id = 'matrix-session'`,
        expect: by('ok'),
      },
      {
        name: 'record an event in someone else\'s name',
        row: () => ({ name: 'view_item', params: {}, session_id: 'matrix-session', user_id: u.customerB }),
        cleanup: `delete from public.analytics_events where session_id = 'matrix-session'`,
        expect: by(DENIED),
      },
    ],
    update: [{ name: 'rewrite an event', match: { name: 'page_view' }, patch: { params: {} }, expect: by(DENIED) }],
    delete: [{ name: 'delete events', match: { name: 'page_view' }, expect: by(DENIED) }],
  },

  {
    table: 'security_events',
    key: ['id'],
    select: { anon: DENIED, customerA: [], customerB: [], vendorA: [], vendorB: [], admin: 'all' },
    insert: [{ name: 'write the audit log', row: () => ({ event_type: 'forged', details: {} }), expect: by(DENIED) }],
    update: [{ name: 'rewrite the audit log', match: { event_type: 'login_failed' }, patch: { details: {} }, expect: by(DENIED) }],
    delete: [{ name: 'erase the audit log', match: { event_type: 'login_failed' }, expect: by(DENIED) }],
  },

  {
    table: 'contact_messages',
    key: ['id'],
    select: { anon: DENIED, customerA: [], customerB: [], vendorA: [], vendorB: [], admin: [ids.contact1] },
    insert: [{
      name: 'send the contact form',
      row: () => ({ name: 'Sam', email: 'sam@example.com', subject: 'matrix-contact', message: 'Do you deliver to Iceland?' }),
      cleanup: `delete from public.contact_messages where subject = 'matrix-contact'`,
      expect: by('ok'),
    }],
    update: [{ name: 'close message 1', match: { id: ids.contact1 }, patch: { status: 'closed' }, expect: signedIn('none', { admin: 'ok' }) }],
    delete: [{
      name: 'delete a contact message',
      match: { id: uuidOf('contact:temp') },
      setup: `insert into public.contact_messages (id, name, email, subject, message) values ('${uuidOf('contact:temp')}', 'T', 't@example.com', 'T', 'T')`,
      expect: signedIn('none', { admin: 'ok' }),
    }],
  },

  {
    table: 'newsletter_subscribers',
    key: ['id'],
    select: { anon: DENIED, customerA: [ids.newsletterA], customerB: [], vendorA: [], vendorB: [], admin: 'all' },
    insert: [{ name: 'subscribe directly', row: () => ({ id: uuidOf('newsletter:new'), email: 'new@example.com' }), expect: by(DENIED) }],
    update: [
      { name: 'switch customer A to German', match: { id: ids.newsletterA }, patch: { language: 'de' }, expect: signedIn('none', { customerA: 'ok' }) },
      { name: 'confirm someone else', match: { id: ids.newsletterOther }, patch: { status: 'confirmed' }, expect: signedIn('none') },
    ],
    delete: [{ name: 'delete a subscriber', match: { id: ids.newsletterA }, expect: by(DENIED) }],
  },

  {
    table: 'blog_posts',
    key: ['id'],
    select: {
      anon: [ids.postPublished],
      customerA: [ids.postPublished],
      customerB: [ids.postPublished],
      vendorA: [ids.postPublished],
      vendorB: [ids.postPublished],
      admin: [ids.postPublished, ids.postDraft],
    },
    insert: [{
      name: 'publish a post',
      row: () => ({ id: uuidOf('post:new'), slug: 'matrix-post', title: 'Matrix post', excerpt: 'x', body: 'x', author_name: 'X', published_at: new Date().toISOString() }),
      expect: signedIn(DENIED, { admin: 'ok' }),
    }],
    update: [{ name: 'retitle the published post', match: { id: ids.postPublished }, patch: { title: 'Published post!' }, expect: signedIn('none', { admin: 'ok' }) }],
    delete: [{
      name: 'delete a post',
      match: { id: uuidOf('post:temp') },
      setup: `insert into public.blog_posts (id, slug, title, excerpt, body, author_name, published_at)
              values ('${uuidOf('post:temp')}', 'temp-post', 'Temp post', 'x', 'x', 'X', now())`,
      expect: signedIn('none', { admin: 'ok' }),
    }],
  },
];
