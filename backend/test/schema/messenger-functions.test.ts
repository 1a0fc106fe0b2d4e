import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import type { Database } from '../../src/db/types.ts';
import { createAuthUser, createFixture, ids, users, uuidOf, type Actor } from './helpers/fixture.ts';
import { as, errorCodeOf, errorOf } from './helpers/sql.ts';
import type { Person } from './helpers/drivers.ts';

type Row = Record<string, unknown>;
const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
const today = () => new Date().toISOString().slice(0, 10);
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** A customer of its own, so limits and counts are not shared with other tests. */
async function newCustomer(db: Database, name: string): Promise<Person> {
  const person = { id: uuidOf(`person:${name}`), email: `${name}@test.modula.eu`, meta: { name, user_type: 'customer' } };
  await createAuthUser(db, person);
  return person;
}

for (const database of await testDatabases()) {
  describe(`messenger procedures, role by role, on ${database}`, () => {
    let t: TestServer;
    let db: Database;
    before(async () => {
      t = await startTestServer({ database });
      db = t.server.context.db;
      await createFixture(db);
    });
    after(() => t?.close());

    const call = (actor: Actor | Person, sql: string, params: unknown[] = []) => errorCodeOf(db, actor, sql, params);
    const messagesOf = async (conversation: string, type: string) =>
      (await db.query<{ content: string; sender_id: string }>(
        `select content, sender_id from public.messages where conversation_id = $1 and message_type = $2 order by created_at, id`, [conversation, type])).rows;

    describe('open_conversation', () => {
      it('lets customers contact another company about a published listing, and reuses the conversation', async () => {
        const [existing] = await as<{ id: string }>(db, 'customerA', 'select id from public.open_conversation($1)', [ids.listingA]);
        assert.equal(existing?.id, ids.convA);
        assert.equal(await call('anon', 'select public.open_conversation($1)', [ids.listingA]), '42501');
        assert.equal(await call('vendorA', 'select public.open_conversation($1)', [ids.listingA]), '22023', 'not one\'s own company');
        assert.equal(await call('vendorB', 'select public.open_conversation($1)', [ids.listingA]), '42501', 'vendors do not start conversations');
        assert.equal(await call('customerA', 'select public.open_conversation($1)', [ids.draftA]), 'PT404', 'a draft is not available');
        assert.equal(await call('customerA', 'select public.open_conversation($1)', [uuidOf('no such listing')]), 'PT404');
        const [fresh] = await as<{ id: string; vendor_id: string }>(db, 'customerB', 'select id, vendor_id from public.open_conversation($1)', [ids.listingC]);
        assert.equal(fresh?.vendor_id, users.vendorB.id, 'addressed to the company\'s contact person');
        const [again] = await as<{ id: string }>(db, 'customerB', 'select id from public.open_conversation($1)', [ids.listingC]);
        assert.equal(again?.id, fresh?.id);
      });

      it('starts at most 20 conversations an hour per customer', async () => {
        const busy = await newCustomer(db, 'busy');
        await db.query(`insert into public.conversations (customer_id, vendor_id, listing_id, created_at)
                        select $1, $2, null, now() - interval '59 minutes' from generate_series(1, 20)`, [busy.id, users.vendorB.id]);
        const refused = await errorOf(db, busy, 'select public.open_conversation($1)', [ids.listingC]);
        assert.equal(refused?.code, 'PT429');
        assert.match(refused?.message ?? '', /20 conversations in the last hour/);
        await db.query(`update public.conversations set created_at = now() - interval '61 minutes' where customer_id = $1`, [busy.id]);
        assert.equal(await call(busy, 'select public.open_conversation($1)', [ids.listingC]), null);
      });
    });

    describe('messages', () => {
      it('stores a retried message once, with the server\'s clock', async () => {
        const id = uuidOf('message:retry');
        const insert = `insert into public.messages (id, conversation_id, sender_id, content, created_at) values ($1, $2, $3, 'Twice?', '2020-01-01')`;
        assert.equal(await call('customerA', insert, [id, ids.convA, users.customerA.id]), null);
        assert.equal(await call('customerA', insert, [id, ids.convA, users.customerA.id]), null, 'the retry succeeds');
        const rows = (await db.query<{ created_at: Date }>('select created_at from public.messages where id = $1', [id])).rows;
        assert.equal(rows.length, 1);
        assert.ok(Date.now() - new Date(rows[0]!.created_at).getTime() < 60_000, 'created_at is the server\'s time');
        // The same id from someone else is not a retry: it collides.
        assert.equal(await call('vendorA', insert, [id, ids.convA, users.vendorA.id]), '23505');
      });

      it('accepts 30 messages a minute per sender, then answers with a clear message', async () => {
        const chatty = await newCustomer(db, 'chatty');
        const conversation = uuidOf('conv:chatty');
        await db.query('insert into public.conversations (id, customer_id, vendor_id, listing_id) values ($1, $2, $3, $4)',
          [conversation, chatty.id, users.vendorB.id, ids.listingB]);
        for (let n = 1; n <= 30; n++) {
          assert.equal(await call(chatty, `insert into public.messages (id, conversation_id, sender_id, content) values ($1, $2, $3, $4)`,
            [uuidOf(`chatty:${n}`), conversation, chatty.id, `Message ${n}`]), null, `message ${n}`);
        }
        const refused = await errorOf(db, chatty, `insert into public.messages (conversation_id, sender_id, content) values ($1, $2, 'one more')`, [conversation, chatty.id]);
        assert.equal(refused?.code, 'PT429');
        assert.match(refused?.message ?? '', /too fast/);
        // A retry of a stored message is not a new message.
        assert.equal(await call(chatty, `insert into public.messages (id, conversation_id, sender_id, content) values ($1, $2, $3, 'Message 30')`,
          [uuidOf('chatty:30'), conversation, chatty.id]), null);
        await db.query(`update public.messages set created_at = created_at - interval '61 seconds' where sender_id = $1`, [chatty.id]);
        assert.equal(await call(chatty, `insert into public.messages (conversation_id, sender_id, content) values ($1, $2, 'after a minute')`, [conversation, chatty.id]), null);
      });

      it('checks attachment messages against the stored object and records its real size and type', async () => {
        const path = `${ids.convA}/${uuidOf('attachment:folder')}/plan.pdf`;
        const send = (actor: Actor, content: object) => call(actor,
          `insert into public.messages (conversation_id, sender_id, content, message_type) values ($1, $2, $3, 'attachment')`,
          [ids.convA, users[actor as 'customerA'].id, JSON.stringify(content)]);
        assert.equal(await send('customerA', { type: 'attachment', fileName: 'plan.pdf', path }), '22023', 'nothing was uploaded');
        await db.query(`insert into storage.objects (bucket_id, name, owner, owner_id, metadata) values ('message-attachments', $1, $2, $3, $4)`,
          [path, users.customerA.id, users.customerA.id, JSON.stringify({ size: 2048, mimetype: 'application/pdf' })]);
        assert.equal(await send('vendorA', { type: 'attachment', fileName: 'plan.pdf', path }), '22023', 'only the uploader sends it');
        assert.equal(await send('customerA', { type: 'attachment', fileName: 'plan.pdf', path: `${ids.convB}/x/plan.pdf` }), '22023', 'another conversation\'s folder');
        assert.equal(await send('customerA', { type: 'attachment', fileName: 'plan.pdf', path, size: 1, mimeType: 'image/png' }), null);
        const [stored] = await messagesOf(ids.convA, 'attachment');
        assert.deepEqual(JSON.parse(stored!.content), { type: 'attachment', fileName: 'plan.pdf', path, size: 2048, mimeType: 'application/pdf' });
      });
    });

    describe('quotations', () => {
      const quote = (actor: Actor, content: object) => as<{ id: string }>(db, actor,
        `insert into public.messages (conversation_id, sender_id, content, message_type) values ($1, $2, $3, 'quotation') returning id`,
        [ids.convA, users[actor as 'vendorA'].id, JSON.stringify(content)]);

      it('takes quotations from the vendor only, well-formed, and stores them normalised', async () => {
        const bad = (content: object) => errorCodeOf(db, 'vendorA',
          `insert into public.messages (conversation_id, sender_id, content, message_type) values ($1, $2, $3, 'quotation')`,
          [ids.convA, users.vendorA.id, JSON.stringify({ type: 'quotation', title: 'Deck', amount: 100, ...content })]);
        assert.equal(await bad({ amount: 0 }), '22023');
        assert.equal(await bad({ amount: 'lots' }), '22023');
        assert.equal(await bad({ title: '  ' }), '22023');
        assert.equal(await bad({ currency: 'euro' }), '22023');
        assert.equal(await bad({ depositPercent: 120 }), '22023');
        assert.equal(await bad({ validUntil: yesterday() }), '22023');
        const [row] = await quote('vendorA', { type: 'quotation', title: ' Cedar deck ', amount: 1234.567, validUntil: today() });
        const stored = (await db.query<{ content: string }>('select content from public.messages where id = $1', [row!.id])).rows[0]!;
        assert.deepEqual(JSON.parse(stored.content), { type: 'quotation', title: 'Cedar deck', amount: 1234.57, currency: 'EUR', depositPercent: 10, validUntil: today() });
      });

      it('accept_quotation creates the order once, for the customer only, and posts a system message', async () => {
        const [q] = await quote('vendorA', { type: 'quotation', title: 'Alpine A-frame, delivered', amount: 91500, currency: 'EUR', depositPercent: 15 });
        assert.equal(await call('anon', 'select public.accept_quotation($1)', [q!.id]), '42501');
        assert.equal(await call('customerB', 'select public.accept_quotation($1)', [q!.id]), 'PT404', 'not a participant');
        assert.equal(await call('vendorB', 'select public.accept_quotation($1)', [q!.id]), 'PT404');
        assert.equal(await call('vendorA', 'select public.accept_quotation($1)', [q!.id]), '42501', 'the vendor cannot accept its own quotation');
        assert.equal(await call('admin', 'select public.accept_quotation($1)', [q!.id]), 'PT404');
        assert.equal(await call('customerA', 'select public.accept_quotation($1)', [ids.message1]), '22023', 'a text message');
        const [order] = await as<Row>(db, 'customerA',
          'select customer_id, company_id, vendor_id, listing_id, conversation_id, quotation_message_id, title, amount, currency, deposit_percent, deposit_amount, status from public.accept_quotation($1)', [q!.id]);
        assert.deepEqual(order, {
          customer_id: users.customerA.id, company_id: ids.companyA, vendor_id: users.vendorA.id, listing_id: ids.listingA,
          conversation_id: ids.convA, quotation_message_id: q!.id, title: 'Alpine A-frame, delivered', amount: '91500.00',
          currency: 'EUR', deposit_percent: '15.00', deposit_amount: '13725.00', status: 'awaiting_deposit',
        });
        assert.equal(await call('customerA', 'select public.accept_quotation($1)', [q!.id]), 'PT409', 'accepted once');
        assert.equal(await call('customerA', 'select public.decline_quotation($1)', [q!.id]), 'PT409');
        const system = (await messagesOf(ids.convA, 'system')).map((m) => JSON.parse(m.content) as Row);
        assert.ok(system.some((m) => m.event === 'quotation_accepted' && m.quotationId === q!.id && typeof m.reference === 'string'));
      });

      it('decline_quotation records the answer; a declined or expired quotation cannot be accepted', async () => {
        const [q] = await quote('vendorA', { type: 'quotation', title: 'Solar roof', amount: 5000 });
        assert.equal(await call('vendorA', 'select public.decline_quotation($1)', [q!.id]), '42501');
        assert.equal(await call('customerA', `select public.decline_quotation($1, 'Too expensive')`, [q!.id]), null);
        assert.equal(await call('customerA', 'select public.accept_quotation($1)', [q!.id]), 'PT409');
        const expired = uuidOf('quotation:expired');
        await db.query(`insert into public.messages (id, conversation_id, sender_id, content, message_type) values ($1, $2, $3, $4, 'quotation')`,
          [expired, ids.convA, users.vendorA.id, JSON.stringify({ type: 'quotation', title: 'Old offer', amount: 10, currency: 'EUR', validUntil: '2020-01-01' })]);
        const refused = await errorOf(db, 'customerA', 'select public.accept_quotation($1)', [expired]);
        assert.equal(refused?.code, 'PT409');
        assert.match(refused?.message ?? '', /expired/);
      });

      it('reads quotations written before currencies existed as USD (spec section 3)', async () => {
        const legacy = uuidOf('quotation:legacy');
        await db.query(`insert into public.messages (id, conversation_id, sender_id, content, message_type) values ($1, $2, $3, $4, 'quotation')`,
          [legacy, ids.convB, users.vendorB.id, JSON.stringify({ type: 'quotation', title: 'Container home', amount: 64000 })]);
        const [order] = await as<Row>(db, 'customerB', 'select currency, deposit_percent from public.accept_quotation($1)', [legacy]);
        assert.deepEqual(order, { currency: 'USD', deposit_percent: '10.00' });
      });
    });

    describe('meetings', () => {
      let meetingId = '';
      const times = [hours(48), hours(72)];

      it('request_meeting: customers, two or three future times, a real time zone, one open request per conversation', async () => {
        const request = (actor: Actor, type: string, proposed: string[], zone: string | null = 'Europe/Berlin') => errorCodeOf(db, actor,
          'select public.request_meeting($1, $2, $3::timestamptz[], $4, $5)', [ids.listingA, type, proposed, zone, 'We will bring the kids']);
        assert.equal(await request('anon', 'on_site', times), '42501');
        assert.equal(await request('customerA', 'on_site', [hours(48)]), '22023', 'one time is not enough');
        assert.equal(await request('customerA', 'on_site', [times[0]!, times[0]!]), '22023', 'two equal times are one');
        assert.equal(await request('customerA', 'on_site', [hours(-2), hours(48)]), '22023', 'a past time');
        assert.equal(await request('customerA', 'phone', times), '22023', 'an on-site visit or a video call');
        assert.equal(await request('customerA', 'on_site', times, 'Mars/Olympus'), '22023');
        assert.equal(await request('vendorB', 'on_site', times), '42501', 'vendors do not request tours');
        assert.equal(await request('vendorA', 'on_site', times), '22023', 'one\'s own company');
        const [meeting] = await as<Row>(db, 'customerA', 'select * from public.request_meeting($1, $2, $3::timestamptz[], $4, $5)',
          [ids.listingA, 'on_site', [...times].reverse(), 'Europe/Berlin', 'We will bring the kids']);
        meetingId = meeting!.id as string;
        assert.equal(meeting!.status, 'requested');
        assert.equal(meeting!.conversation_id, ids.convA);
        assert.equal(meeting!.vendor_id, users.vendorA.id);
        assert.equal(meeting!.proposed_by, users.customerA.id);
        assert.deepEqual((meeting!.proposed_times as Date[]).map((d) => new Date(d).toISOString()), times, 'sorted');
        assert.equal(await request('customerA', 'video', [hours(100), hours(101)]), 'PT409', 'one open request per conversation');
        const [posted] = (await messagesOf(ids.convA, 'meeting')).map((m) => JSON.parse(m.content) as Row);
        assert.equal(posted?.event, 'requested');
        assert.equal(posted?.meetingId, meetingId);
        assert.equal(posted?.note, 'We will bring the kids');
      });

      it('confirm_meeting: only the side that was asked, only a proposed time', async () => {
        const confirm = (actor: Actor, at: string) => errorCodeOf(db, actor, 'select public.confirm_meeting($1, $2)', [meetingId, at]);
        assert.equal(await confirm('anon', times[0]!), '42501');
        assert.equal(await confirm('customerB', times[0]!), 'PT404');
        assert.equal(await confirm('vendorB', times[0]!), 'PT404');
        assert.equal(await confirm('admin', times[0]!), 'PT404');
        assert.equal(await confirm('customerA', times[0]!), '42501', 'the customer does not answer their own request');
        assert.equal(await confirm('vendorA', hours(50)), '22023', 'not a proposed time');
        const [confirmed] = await as<Row>(db, 'vendorA', 'select status, scheduled_at, sequence from public.confirm_meeting($1, $2)', [meetingId, times[1]]);
        assert.equal(confirmed?.status, 'confirmed');
        assert.equal(new Date(confirmed!.scheduled_at as string).toISOString(), times[1]);
        assert.equal(confirmed?.sequence, 1);
        assert.equal(await confirm('vendorA', times[0]!), 'PT409', 'already confirmed');
      });

      it('propose_meeting_times: the vendor proposes another time, the customer confirms it or cancels', async () => {
        const other = hours(96);
        assert.equal(await call('customerB', 'select public.propose_meeting_times($1, $2::timestamptz[])', [meetingId, [other]]), 'PT404');
        const [moved] = await as<Row>(db, 'vendorA', 'select status, proposed_by from public.propose_meeting_times($1, $2::timestamptz[])', [meetingId, [other]]);
        assert.deepEqual(moved, { status: 'requested', proposed_by: users.vendorA.id });
        assert.equal(await call('vendorA', 'select public.confirm_meeting($1, $2)', [meetingId, other]), '42501', 'the customer answers now');
        assert.equal(await call('vendorA', `select public.decline_meeting($1, 'busy')`, [meetingId]), 'PT409');
        assert.equal(await call('customerA', 'select public.propose_meeting_times($1, $2::timestamptz[])', [meetingId, [hours(120)]]), '22023', 'a customer reschedules with two or three times');
        const [accepted] = await as<Row>(db, 'customerA', 'select status from public.confirm_meeting($1, $2)', [meetingId, other]);
        assert.equal(accepted?.status, 'confirmed');
        assert.equal(await call('customerA', `select public.cancel_meeting($1, 'Change of plans')`, [meetingId]), null);
        assert.equal(await call('vendorA', 'select public.cancel_meeting($1)', [meetingId]), 'PT409', 'already cancelled');
        const events = (await messagesOf(ids.convA, 'meeting')).map((m) => (JSON.parse(m.content) as Row).event);
        assert.deepEqual(events, ['requested', 'confirmed', 'proposed', 'confirmed', 'cancelled']);
        const notices = await db.query<{ event: string; recipient_id: string }>(
          'select event, recipient_id from private.meeting_notices where meeting_id = $1 order by id', [meetingId]);
        assert.equal(notices.rows.length, 10, 'both sides, every change');
        assert.deepEqual(new Set(notices.rows.map((n) => n.recipient_id)), new Set([users.customerA.id, users.vendorA.id]));
      });

      it('decline_meeting: the vendor, with a reason', async () => {
        const [meeting] = await as<{ id: string }>(db, 'customerB', 'select id from public.request_meeting($1, $2, $3::timestamptz[])',
          [ids.listingB, 'video', [hours(30), hours(31), hours(32)]]);
        assert.equal(await call('customerB', `select public.decline_meeting($1, 'no')`, [meeting!.id]), '42501');
        assert.equal(await call('vendorB', `select public.decline_meeting($1, '  ')`, [meeting!.id]), '22023');
        const [declined] = await as<Row>(db, 'vendorB', `select status, status_reason from public.decline_meeting($1, 'Closed that week')`, [meeting!.id]);
        assert.deepEqual(declined, { status: 'declined', status_reason: 'Closed that week' });
      });

      it('my_meetings shows each side its meetings with the other side and the listing', async () => {
        const mine = await as<Row>(db, 'customerA', 'select id, my_role, counterpart_name, listing_title, status from public.my_meetings() where id = $1', [meetingId]);
        assert.deepEqual(mine, [{ id: meetingId, my_role: 'customer', counterpart_name: 'Vera Vendor', listing_title: 'Alpine A-frame', status: 'cancelled' }]);
        const theirs = await as<Row>(db, 'vendorA', 'select my_role, counterpart_name from public.my_meetings() where id = $1', [meetingId]);
        assert.deepEqual(theirs, [{ my_role: 'vendor', counterpart_name: 'Carla Customer' }]);
        assert.deepEqual(await as(db, 'customerB', 'select id from public.my_meetings() where id = $1', [meetingId]), []);
        assert.equal(await call('anon', 'select * from public.my_meetings()'), '42501');
      });
    });

    describe('inbox and counterparts (issue 13, item 11)', () => {
      it('my_conversations lists the caller\'s conversations with the other side, the listing, the last message and unread count', async () => {
        const rows = await as<Row>(db, 'vendorA', 'select * from public.my_conversations() where id = $1', [ids.convA]);
        assert.equal(rows.length, 1);
        const row = rows[0]!;
        assert.equal(row.my_role, 'vendor');
        assert.equal(row.counterpart_id, users.customerA.id);
        assert.equal(row.counterpart_name, 'Carla Customer');
        assert.equal(row.listing_title, 'Alpine A-frame');
        assert.equal(typeof row.unread_count, 'number');
        const [count] = await as<{ n: number }>(db, 'vendorA', 'select public.unread_message_count() as n');
        const total = await as<{ n: number }>(db, 'vendorA', 'select coalesce(sum(unread_count), 0)::int as n from public.my_conversations()');
        assert.equal(count?.n, total[0]?.n);
        assert.deepEqual((await as<Row>(db, 'customerA', `select id from public.my_conversations('alpine')`)).map((r) => r.id), [ids.convA]);
        assert.deepEqual(await as(db, 'customerA', `select id from public.my_conversations('100%_nothing')`), []);
        assert.deepEqual(await as(db, 'customerB', 'select id from public.my_conversations() where id = $1', [ids.convA]), []);
        assert.equal(await call('anon', 'select * from public.my_conversations()'), '42501');
        assert.equal(await call('anon', 'select public.unread_message_count()'), '42501');
      });

      it('shows a counterpart\'s name, company and avatar only, and a profile row to nobody else', async () => {
        const [vendor] = await as<Row>(db, 'customerA', 'select * from public.counterpart_profiles() where id = $1', [users.vendorA.id]);
        assert.deepEqual(Object.keys(vendor!).sort(), ['company_name', 'id', 'name', 'profile_image']);
        assert.equal(vendor!.name, 'Vera Vendor');
        assert.deepEqual(await as(db, 'customerA', 'select id from public.profiles where id = $1', [users.vendorA.id]), [], 'the row itself stays private');
        assert.deepEqual(await as(db, 'customerA', 'select id from public.counterpart_profiles() where id = $1', [users.customerB.id]), []);
        assert.equal(await call('anon', 'select * from public.counterpart_profiles()'), '42501');
      });

      it('a vendor cannot make anyone a counterpart, so cannot read their profile or the admin\'s role', async () => {
        for (const [customer, listing] of [[users.customerB.id, ids.listingA], [users.admin.id, null]] as const) {
          assert.equal(await call('vendorA', 'insert into public.conversations (customer_id, vendor_id, listing_id) values ($1, $2, $3)',
            [customer, users.vendorA.id, listing]), '42501');
          assert.equal(await call('vendorA', `insert into public.meetings (customer_id, vendor_id, listing_id, scheduled_at) values ($1, $2, $3, now() + interval '1 day')`,
            [customer, users.vendorA.id, listing]), '42501');
          assert.deepEqual(await as(db, 'vendorA', 'select id from public.profiles where id = $1', [customer]), []);
          assert.deepEqual(await as(db, 'vendorA', 'select id from public.counterpart_profiles() where id = $1', [customer]), []);
        }
        // Even a real counterpart (the admin contacting vendor A) shows no role.
        await as(db, 'admin', 'select public.open_conversation($1)', [ids.listingA]);
        const [admin] = await as<Row>(db, 'vendorA', 'select * from public.counterpart_profiles() where id = $1', [users.admin.id]);
        assert.equal(admin?.name, 'Ada Admin');
        assert.equal('role' in admin!, false);
      });

      it('reviews show their author by name without the author\'s user id, through supabase-js too', async () => {
        const anon = t.client();
        const listed = await anon.from('reviews').select('id,author_name,rating,title,body,created_at').eq('listing_id', ids.listingA);
        assert.equal(listed.error, null);
        assert.equal(listed.data?.length, 1);
        const ids_ = await anon.from('reviews').select('author_id');
        assert.equal(ids_.error?.code, '42501');
        const everything = await anon.from('reviews').select('*');
        assert.equal(everything.error?.code, '42501');
        assert.equal(await call('customerA', 'select author_id from public.reviews'), '42501');
        // Authors still edit their own review (the policy reads author_id, the caller does not).
        assert.equal(await call('customerA', `update public.reviews set body = 'Still lovely' where id = $1`, [ids.reviewA]), null);
      });
    });

    it('answers the messenger\'s calls through supabase-js', async () => {
      const token = await t.server.context.keys.sign({ sub: users.customerB.id, email: users.customerB.email, role: 'authenticated', aud: 'authenticated' }, 600);
      const customer = t.client({ accessToken: token });
      const inbox = await customer.rpc('my_conversations', { search: null });
      assert.equal(inbox.error, null);
      assert.ok((inbox.data as Row[]).some((r) => r.id === ids.convB));
      const unread = await customer.rpc('unread_message_count');
      assert.equal(typeof unread.data, 'number');
      const meetings = await customer.rpc('my_meetings');
      assert.equal(meetings.error, null);
      const people = await customer.rpc('counterpart_profiles').eq('id', users.vendorB.id);
      assert.deepEqual((people.data as Row[]).map((p) => p.name), ['Viktor Vendor']);
      const direct = await customer.from('conversations').insert({ customer_id: users.customerB.id, vendor_id: users.vendorA.id, listing_id: ids.listingA });
      assert.equal(direct.error?.code, '42501');
    });
  });
}
