import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { createFixture, ids, users, type Actor } from './helpers/fixture.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
// Storage compares the bytes with the declared type, so each type gets a file of that type.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

for (const database of await testDatabases()) {
  describe(`storage bucket policies on ${database}`, () => {
    let t: TestServer;
    const clients = new Map<Actor, SupabaseClient>();
    const as = (actor: Actor) => clients.get(actor)!;
    before(async () => {
      t = await startTestServer({ database });
      await createFixture(t.server.context.db);
      clients.set('anon', t.client());
      for (const actor of ['customerA', 'customerB', 'vendorA', 'vendorB', 'admin'] as const) {
        const user = users[actor];
        const token = await t.server.context.keys.sign({ sub: user.id, email: user.email, role: 'authenticated', aud: 'authenticated' }, 600);
        clients.set(actor, t.client({ accessToken: token }));
      }
    });
    after(() => t?.close());

    /** Uploads a tiny image (or PDF) and reports whether storage accepted it. */
    async function upload(actor: Actor, bucket: string, path: string, contentType = 'image/png'): Promise<boolean> {
      const bytes = contentType === 'application/pdf' ? PDF : PNG;
      const { error } = await as(actor).storage.from(bucket).upload(path, new Blob([bytes], { type: contentType }), { contentType });
      return error === null;
    }

    it('lets company members write listing images and logos only under their company', async () => {
      assert.equal(await upload('vendorA', 'listing-images', `${ids.companyA}/${ids.listingA}/1.png`), true);
      assert.equal(await upload('vendorA', 'company-logos', `${ids.companyA}/logo.png`), true);
      assert.equal(await upload('vendorA', 'listing-images', `${ids.companyB}/${ids.listingB}/1.png`), false);
      assert.equal(await upload('customerA', 'listing-images', `${ids.companyA}/${ids.listingA}/2.png`), false);
      assert.equal(await upload('anon', 'listing-images', `${ids.companyA}/${ids.listingA}/3.png`), false);
      // Public buckets are readable by anyone, including the vendor's new image.
      const { data } = await as('anon').storage.from('listing-images').download(`${ids.companyA}/${ids.listingA}/1.png`);
      assert.ok(data);
      // Another company cannot delete it.
      const removed = await as('vendorB').storage.from('listing-images').remove([`${ids.companyA}/${ids.listingA}/1.png`]);
      assert.deepEqual(removed.data ?? [], []);
    });

    it('lets users write avatars only in their own folder', async () => {
      assert.equal(await upload('customerA', 'avatars', `${users.customerA.id}/me.png`), true);
      assert.equal(await upload('customerA', 'avatars', `${users.customerB.id}/me.png`), false);
      assert.equal(await upload('anon', 'avatars', `${users.customerA.id}/anon.png`), false);
    });

    it('keeps message attachments to the conversation\'s participants', async () => {
      const path = `${ids.convA}/floor-plan.pdf`;
      assert.equal(await upload('customerA', 'message-attachments', path, 'application/pdf'), true);
      assert.equal(await upload('customerB', 'message-attachments', `${ids.convA}/intruder.pdf`, 'application/pdf'), false);
      const mine = await as('vendorA').storage.from('message-attachments').download(path);
      assert.ok(mine.data, 'the other participant reads it');
      const theirs = await as('customerB').storage.from('message-attachments').download(path);
      assert.equal(theirs.data, null);
      const anon = await as('anon').storage.from('message-attachments').download(path);
      assert.equal(anon.data, null);
      // Only the uploader removes it.
      const byVendor = await as('vendorA').storage.from('message-attachments').remove([path]);
      assert.deepEqual(byVendor.data ?? [], []);
      const byUploader = await as('customerA').storage.from('message-attachments').remove([path]);
      assert.equal(byUploader.data?.length, 1);
    });

    it('lets only administrators write blog images', async () => {
      assert.equal(await upload('admin', 'blog-images', 'fixture-published/cover.png'), true);
      assert.equal(await upload('vendorA', 'blog-images', 'fixture-published/other.png'), false);
    });
  });
}
