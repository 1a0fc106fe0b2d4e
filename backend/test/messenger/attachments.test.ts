import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/server.ts';
import { ids, messengerWorld, users, uuidOf, type MessengerWorld } from './helpers.ts';
import { DOCX, EXE, JPEG, PDF, PNG } from './files.ts';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

for (const database of await testDatabases()) {
  describe(`message attachments on ${database}`, () => {
    let world: MessengerWorld;
    before(async () => {
      world = await messengerWorld(database);
    });
    after(() => world?.close());

    const bucket = (user: Parameters<MessengerWorld['as']>[0]) => world.as(user).storage.from('message-attachments');
    const folder = (name: string) => `${ids.convA}/${uuidOf(`attachment:${name}`)}`;

    it('sends a PDF that only the two participants can open, through signed URLs', async () => {
      const path = `${folder('plan')}/Floor plan.pdf`;
      const uploaded = await bucket('customerA').upload(path, new Blob([PDF], { type: 'application/pdf' }), { contentType: 'application/pdf' });
      assert.equal(uploaded.error, null);
      const message = await world.as('customerA').from('messages').insert({
        conversation_id: ids.convA, sender_id: users.customerA.id, message_type: 'attachment',
        content: JSON.stringify({ type: 'attachment', fileName: 'Floor plan.pdf', path }),
      });
      assert.equal(message.error, null);

      const signed = await bucket('vendorA').createSignedUrl(path, 60);
      assert.equal(signed.error, null);
      const download = await fetch(signed.data!.signedUrl);
      assert.equal(download.status, 200);
      assert.deepEqual(Buffer.from(await download.arrayBuffer()), PDF);

      for (const outsider of ['customerB', 'vendorB', 'admin'] as const) {
        const refused = await bucket(outsider).createSignedUrl(path, 60);
        assert.equal(refused.data, null, `${outsider} gets no signed URL`);
        const direct = await bucket(outsider).download(path);
        assert.equal(direct.data, null, `${outsider} downloads nothing`);
      }
      const anonymous = await world.t.client().storage.from('message-attachments').createSignedUrl(path, 60);
      assert.equal(anonymous.data, null);
      const publicUrl = world.t.client().storage.from('message-attachments').getPublicUrl(path).data.publicUrl;
      assert.notEqual((await fetch(publicUrl)).status, 200, 'the bucket is private');
      const tampered = await fetch(signed.data!.signedUrl.replace('Floor%20plan.pdf', 'other.pdf').replace('Floor plan.pdf', 'other.pdf'));
      assert.notEqual(tampered.status, 200, 'a signed URL opens only its own file');
    });

    it('accepts images and office documents by their content', async () => {
      const cases = [
        ['photo.jpg', JPEG, 'image/jpeg'],
        ['site.png', PNG, 'image/png'],
        ['offer.docx', DOCX, DOCX_TYPE],
      ] as const;
      for (const [name, bytes, type] of cases) {
        const { error } = await bucket('vendorA').upload(`${folder(name)}/${name}`, new Blob([bytes], { type }), { contentType: type });
        assert.equal(error, null, name);
      }
    });

    it('refuses a file whose bytes are not what its name and type say, and types that are not allowed', async () => {
      const disguised = await bucket('customerA').upload(`${folder('exe')}/plan.pdf`, new Blob([EXE], { type: 'application/pdf' }), { contentType: 'application/pdf' });
      assert.equal((disguised.error as { statusCode?: string } | null)?.statusCode, '415');
      assert.match(disguised.error?.message ?? '', /content is not application\/pdf/);
      const pngAsWord = await bucket('customerA').upload(`${folder('fake-docx')}/offer.docx`, new Blob([PNG], { type: DOCX_TYPE }), { contentType: DOCX_TYPE });
      assert.equal((pngAsWord.error as { statusCode?: string } | null)?.statusCode, '415');
      const text = await bucket('customerA').upload(`${folder('txt')}/notes.txt`, new Blob(['hello'], { type: 'text/plain' }), { contentType: 'text/plain' });
      assert.equal((text.error as { statusCode?: string } | null)?.statusCode, '415');
      const list = await bucket('customerA').list(ids.convA, { limit: 100 });
      const names = (list.data ?? []).map((entry) => entry.name);
      for (const name of ['exe', 'fake-docx', 'txt']) assert.equal(names.includes(uuidOf(`attachment:${name}`)), false, `nothing kept for ${name}`);
    });

    it('refuses files over 10 MB', async () => {
      const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
      const { error } = await bucket('customerA').upload(`${folder('big')}/big.pdf`, new Blob([big], { type: 'application/pdf' }), { contentType: 'application/pdf' });
      assert.equal((error as { statusCode?: string } | null)?.statusCode, '413');
    });
  });
}
