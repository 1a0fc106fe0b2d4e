import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/server.ts';
import { inbox, waitForMail } from '../mail/helpers.ts';
import { ids, messengerWorld, users, type MessengerWorld } from './helpers.ts';

const inHours = (n: number) => new Date(Math.round((Date.now() + n * 3_600_000) / 60_000) * 60_000).toISOString();

for (const database of await testDatabases()) {
  describe(`messenger emails on ${database}`, () => {
    let world: MessengerWorld;
    before(async () => {
      world = await messengerWorld(database);
      // Customer A reads Modula in German, vendor A in English.
      await world.t.server.context.db.query(`update public.profiles set preferred_language = 'de' where id = $1`, [users.customerA.id]);
    });
    after(() => world?.close());

    const db = () => world.t.server.context.db;
    const mailsTo = async (email: string) => inbox(world.t.url, email);
    // Other areas' jobs (order notices of the fixture's order...) may mail the same users meanwhile:
    // the digest assertions look at digests only.
    const digestsTo = async (email: string) => (await mailsTo(email)).filter((m) => /^(New messages from|Neue Nachrichten von) /.test(m.subject ?? ''));
    const waitForDigest = async (email: string, count: number) => {
      for (let attempt = 0; attempt < 100; attempt++) {
        const digests = await digestsTo(email);
        if (digests.length >= count) return digests[0]!;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`digest #${count} to ${email} never arrived`);
    };
    /** How many mails each address has now, so a step can wait for its own next one. */
    const counts = async () => Object.fromEntries(await Promise.all(Object.values(users).map(async (u) => [u.email, (await mailsTo(u.email)).length] as const)));
    const next = (seen: Record<string, number>, email: string) => waitForMail(world.t.url, email, (seen[email] ?? 0) + 1);

    describe('the unread digest', () => {
      it('emails a recipient once about messages unread for 10 minutes, in their language', async () => {
        // The fixture's own unread reply is months old news: only recent messages start a digest.
        await db().query(`update public.messages set created_at = now() - interval '30 days' where conversation_id = $1`, [ids.convA]);
        for (const content of ['The crane arrives at 7.', 'Please keep the driveway clear.']) {
          await world.as('vendorA').from('messages').insert({ conversation_id: ids.convA, sender_id: users.vendorA.id, content });
        }
        await world.runJob('send_message_digests');
        assert.equal((await digestsTo(users.customerA.email)).length, 0, 'not before 10 minutes');

        await db().query(`update public.messages set created_at = now() - interval '11 minutes' where conversation_id = $1 and created_at > now() - interval '1 hour'`, [ids.convA]);
        await world.runJob('send_message_digests');
        const mail = await waitForDigest(users.customerA.email, 1);
        assert.equal(mail.subject, 'Neue Nachrichten von Vera Vendor (Alpha Modular)');
        assert.match(mail.text, /„Alpine A-frame“/);
        assert.match(mail.text, /The crane arrives at 7\./);
        assert.match(mail.text, /Please keep the driveway clear\./);
        assert.match(mail.text, /Ungelesene Nachrichten: 2/);
        assert.ok(mail.links.some((l) => l.endsWith(`/customer-dashboard/messages?conversation=${ids.convA}`)));
        assert.equal((await digestsTo(users.vendorA.email)).length, 0, 'the sender gets nothing');
      });

      it('sends at most one per conversation an hour, never twice about the same messages, none once read', async () => {
        await world.runJob('send_message_digests');
        await world.as('vendorA').from('messages').insert({ conversation_id: ids.convA, sender_id: users.vendorA.id, content: 'And the keys are under the mat.' });
        await db().query(`update public.messages set created_at = now() - interval '12 minutes' where content = 'And the keys are under the mat.'`);
        await world.runJob('send_message_digests');
        assert.equal((await digestsTo(users.customerA.email)).length, 1, 'within the hour');

        await db().query(`update private.message_digests set sent_at = sent_at - interval '61 minutes'`);
        await world.runJob('send_message_digests');
        const second = await waitForDigest(users.customerA.email, 2);
        assert.match(second.text, /Ungelesene Nachrichten: 3/);

        await db().query(`update private.message_digests set sent_at = sent_at - interval '61 minutes'`);
        await world.runJob('send_message_digests');
        assert.equal((await digestsTo(users.customerA.email)).length, 2, 'nothing new since the last digest');

        await world.as('vendorB').from('messages').insert({ conversation_id: ids.convB, sender_id: users.vendorB.id, content: 'Your container is ready.' });
        await db().query(`update public.messages set created_at = now() - interval '15 minutes' where content = 'Your container is ready.'`);
        await world.as('customerB').rpc('mark_conversation_read', { conversation_id: ids.convB });
        await world.runJob('send_message_digests');
        assert.equal((await digestsTo(users.customerB.email)).length, 0, 'read messages need no reminder');
      });
    });

    describe('meeting emails', () => {
      it('tells both sides about every change in their own language, with a calendar file once confirmed', async () => {
        const times = [inHours(50), inHours(74)];
        let seen = await counts();
        const requested = await world.as('customerA').rpc('request_meeting', {
          listing_id: ids.listingA, meeting_type: 'on_site', proposed_times: times, time_zone: 'Europe/Berlin', note: 'Two adults, one dog',
        });
        assert.equal(requested.error, null);
        const meetingId = (requested.data as { id: string }).id;
        await world.runJob('send_meeting_notices');
        const toVendor = await next(seen, users.vendorA.email);
        assert.equal(toVendor.subject, 'Tour request: Alpine A-frame');
        assert.match(toVendor.text, /Carla Customer would like to schedule a tour\./);
        assert.match(toVendor.text, /Type: On-site visit/);
        assert.match(toVendor.text, /Note: Two adults, one dog/);
        assert.match(toVendor.text, /\(Europe\/Berlin\)/);
        assert.deepEqual(toVendor.attachments, []);
        const toCustomer = await next(seen, users.customerA.email);
        assert.equal(toCustomer.subject, 'Besichtigungsanfrage: Alpine A-frame');
        assert.match(toCustomer.text, /Ihre Besichtigungsanfrage wurde gesendet/);

        seen = await counts();
        const confirmed = await world.as('vendorA').rpc('confirm_meeting', { meeting_id: meetingId, scheduled_at: times[1] });
        assert.equal(confirmed.error, null);
        await world.runJob('send_meeting_notices');
        const confirmation = await next(seen, users.customerA.email);
        assert.equal(confirmation.subject, 'Besichtigung bestätigt: Alpine A-frame');
        assert.match(confirmation.text, /Vera Vendor \(Alpha Modular\) hat die Besichtigung bestätigt\./);
        const [ics] = confirmation.attachments;
        assert.equal(ics?.filename, 'meeting.ics');
        assert.match(ics!.contentType, /^text\/calendar/);
        const start = times[1]!.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
        assert.match(ics!.content, new RegExp(`DTSTART:${start}`));
        assert.match(ics!.content, new RegExp(`UID:${meetingId}@modula`));
        assert.match(ics!.content, /SEQUENCE:1/);
        assert.match(ics!.content, /STATUS:CONFIRMED/);
        assert.match(ics!.content, /SUMMARY:Besichtigung vor Ort: Alpine A-frame/);
        const vendorCopy = await next(seen, users.vendorA.email);
        assert.match(vendorCopy.text, /You confirmed the tour\./);
        assert.match(vendorCopy.attachments[0]!.content, /SUMMARY:On-site visit: Alpine A-frame/);

        seen = await counts();
        const cancelled = await world.as('customerA').rpc('cancel_meeting', { meeting_id: meetingId, reason: 'Wir haben uns anders entschieden' });
        assert.equal(cancelled.error, null);
        await world.runJob('send_meeting_notices');
        const cancellation = await next(seen, users.vendorA.email);
        assert.equal(cancellation.subject, 'Tour cancelled: Alpine A-frame');
        assert.match(cancellation.text, /Reason: Wir haben uns anders entschieden/);
        assert.match(cancellation.attachments[0]!.content, /STATUS:CANCELLED/);
        assert.match(cancellation.attachments[0]!.content, /SEQUENCE:2/);
      });

      it('declines and proposals are emailed too, without a calendar file', async () => {
        const requested = await world.as('customerB').rpc('request_meeting', {
          listing_id: ids.listingB, meeting_type: 'video', proposed_times: [inHours(30), inHours(31)], time_zone: 'Europe/Paris',
        });
        const meetingId = (requested.data as { id: string }).id;
        let seen = await counts();
        await world.as('vendorB').rpc('propose_meeting_times', { meeting_id: meetingId, proposed_times: [inHours(40)] });
        await world.runJob('send_meeting_notices');
        await waitForMail(world.t.url, users.customerB.email, (seen[users.customerB.email] ?? 0) + 2);
        const proposal = (await mailsTo(users.customerB.email)).find((m) => m.subject.startsWith('New time proposed'))!;
        assert.equal(proposal.subject, 'New time proposed: Harbour container home');
        assert.match(proposal.text, /Viktor Vendor \(Beta Builders\) proposed another time\./);
        assert.deepEqual(proposal.attachments, []);
        await world.as('customerB').rpc('propose_meeting_times', { meeting_id: meetingId, proposed_times: [inHours(45), inHours(46)] });
        seen = await counts();
        await world.as('vendorB').rpc('decline_meeting', { meeting_id: meetingId, reason: 'We are closed that week' });
        await world.runJob('send_meeting_notices');
        await waitForMail(world.t.url, users.customerB.email, (seen[users.customerB.email] ?? 0) + 2);
        const declined = (await mailsTo(users.customerB.email)).find((m) => m.subject.startsWith('Tour request declined'))!;
        assert.equal(declined.subject, 'Tour request declined: Harbour container home');
        assert.match(declined.text, /Reason: We are closed that week/);
      });
    });
  });
}
