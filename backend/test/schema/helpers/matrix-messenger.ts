import { ids, uuidOf } from './fixture.ts';
import { DENIED, future, idOf, signedIn, u, type TableSpec } from './matrix-kit.ts';

/**
 * The messenger's tables (issue 14, issue 13 item 11). Conversations start and meetings change only
 * through remote procedures (tested role by role in messenger-functions.test.ts), so every direct
 * write below is refused; participants read their own rows and write messages as themselves.
 */
export const messengerMatrix: TableSpec[] = [
  {
    table: 'conversations',
    key: ['id'],
    select: { anon: DENIED, customerA: [ids.convA], customerB: [ids.convB], vendorA: [ids.convA], vendorB: [ids.convB], admin: [] },
    insert: [
      {
        name: 'start a conversation with vendor B about listing C',
        row: (actor) => ({ id: uuidOf('conv:new'), customer_id: idOf(actor), vendor_id: u.vendorB, listing_id: ids.listingC }),
        expect: signedIn(DENIED),
      },
      {
        // The item 11 attack: a vendor writes to any customer, then reads their profile.
        name: 'a vendor opens one with customer B without a listing',
        row: () => ({ id: uuidOf('conv:unsolicited'), customer_id: u.customerB, vendor_id: u.vendorA, listing_id: null }),
        expect: signedIn(DENIED),
      },
    ],
    update: [{
      name: 'touch conversation A',
      match: { id: ids.convA },
      patch: { last_message_at: '2026-01-01T00:00:00Z' },
      expect: signedIn(DENIED),
    }],
    delete: [{ name: 'delete conversation A', match: { id: ids.convA }, expect: signedIn(DENIED) }],
  },

  {
    table: 'messages',
    key: ['id'],
    select: {
      anon: DENIED,
      customerA: [ids.message1, ids.message2],
      customerB: [ids.message3],
      vendorA: [ids.message1, ids.message2],
      vendorB: [ids.message3],
      admin: [],
    },
    insert: [
      {
        name: 'write in conversation A as oneself',
        row: (actor) => ({ id: uuidOf('message:new'), conversation_id: ids.convA, sender_id: idOf(actor), content: 'Hello!' }),
        expect: signedIn(DENIED, { customerA: 'ok', vendorA: 'ok' }),
      },
      {
        name: 'write in conversation A as customer A',
        row: () => ({ id: uuidOf('message:forged'), conversation_id: ids.convA, sender_id: u.customerA, content: 'Forged' }),
        expect: signedIn(DENIED, { customerA: 'ok' }),
      },
      {
        name: 'send a quotation in conversation A',
        row: (actor) => ({
          id: uuidOf('message:quotation'), conversation_id: ids.convA, sender_id: idOf(actor), message_type: 'quotation',
          content: JSON.stringify({ type: 'quotation', title: 'Cabin, delivered', amount: 89000, currency: 'EUR' }),
        }),
        // Only the conversation's vendor quotes.
        expect: signedIn(DENIED, { vendorA: 'ok' }),
      },
      {
        name: 'post a system message (only procedures do)',
        row: (actor) => ({
          id: uuidOf('message:system'), conversation_id: ids.convA, sender_id: idOf(actor), message_type: 'system',
          content: JSON.stringify({ type: 'system', event: 'quotation_accepted', quotationId: ids.message2 }),
        }),
        expect: signedIn(DENIED),
      },
    ],
    update: [
      { name: 'mark vendor A\'s reply read', match: { id: ids.message2 }, patch: { read_at: '2026-01-02T00:00:00Z' }, expect: signedIn('none', { customerA: 'ok' }) },
      { name: 'rewrite a message', match: { id: ids.message1 }, patch: { content: 'Edited' }, expect: signedIn(DENIED) },
    ],
    delete: [{ name: 'delete a message', match: { id: ids.message1 }, expect: signedIn(DENIED) }],
  },

  {
    table: 'meetings',
    key: ['id'],
    select: { anon: DENIED, customerA: [ids.meetingA], customerB: [], vendorA: [ids.meetingA], vendorB: [], admin: [] },
    insert: [
      {
        name: 'request a tour of listing A directly',
        row: (actor) => ({ id: uuidOf('meeting:new'), customer_id: idOf(actor), vendor_id: u.vendorA, listing_id: ids.listingA, scheduled_at: future() }),
        expect: signedIn(DENIED),
      },
      {
        name: 'a vendor books a meeting with customer B',
        row: () => ({ id: uuidOf('meeting:unsolicited'), customer_id: u.customerB, vendor_id: u.vendorA, listing_id: null, scheduled_at: future() }),
        expect: signedIn(DENIED),
      },
    ],
    update: [
      { name: 'add notes to meeting A', match: { id: ids.meetingA }, patch: { notes: 'Bring the floor plan.' }, expect: signedIn(DENIED) },
      { name: 'confirm meeting A', match: { id: ids.meetingA }, patch: { status: 'confirmed' }, expect: signedIn(DENIED) },
    ],
    delete: [{ name: 'delete meeting A', match: { id: ids.meetingA }, expect: signedIn(DENIED) }],
  },
];
