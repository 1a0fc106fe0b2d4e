import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { POLICIES_SQL, storageStatus, storageUser } from './helpers.ts';

/** An 800x600 photo-like PNG: a gradient, so resizing has real work to do. */
async function photo(blue = 128): Promise<Buffer> {
  const width = 800;
  const height = 600;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = blue;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

async function dimensions(response: Response) {
  assert.equal(response.status, 200, await response.clone().text());
  const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  return { width: meta.width, height: meta.height, format: meta.format, type: response.headers.get('content-type') };
}

for (const database of await testDatabases()) {
  describe(`storage image rendering on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer({ database });
      await t.server.context.db.exec(POLICIES_SQL);
      const upload = await t.admin().storage.from('test-public').upload('homes/a-frame.png', new Blob([new Uint8Array(await photo())], { type: 'image/png' }));
      assert.equal(upload.error, null);
    });
    after(() => t.close());

    const publicUrl = (transform: Record<string, unknown>) =>
      t.admin().storage.from('test-public').getPublicUrl('homes/a-frame.png', { transform }).data.publicUrl;

    it('renders card sizes: cover crops to the exact box, contain fits inside, fill stretches', async () => {
      assert.deepEqual(await dimensions(await fetch(publicUrl({ width: 400, height: 300, resize: 'cover', format: 'webp', quality: 70 }))), {
        width: 400,
        height: 300,
        format: 'webp',
        type: 'image/webp',
      });
      assert.deepEqual(await dimensions(await fetch(publicUrl({ width: 200, height: 200, resize: 'cover', format: 'webp' }))), {
        width: 200,
        height: 200,
        format: 'webp',
        type: 'image/webp',
      });
      const contain = await dimensions(await fetch(publicUrl({ width: 200, height: 200, resize: 'contain', format: 'webp' })));
      assert.deepEqual([contain.width, contain.height], [200, 150]);
      const fill = await dimensions(await fetch(publicUrl({ width: 100, height: 300, resize: 'fill', format: 'webp' })));
      assert.deepEqual([fill.width, fill.height], [100, 300]);
      const widthOnly = await dimensions(await fetch(publicUrl({ width: 160 })));
      assert.deepEqual([widthOnly.width, widthOnly.height, widthOnly.format], [160, 120, 'png'], 'no Accept: image/webp keeps the format');
      const negotiated = await fetch(publicUrl({ width: 160 }), { headers: { accept: 'image/avif,image/webp,*/*' } });
      assert.equal(negotiated.headers.get('content-type'), 'image/webp');
      assert.equal(negotiated.headers.get('vary'), 'Accept');
    });

    it('renders AVIF and the original format, and never enlarges', async () => {
      const avif = await dimensions(await fetch(publicUrl({ width: 120, height: 90, format: 'avif', quality: 50 })));
      assert.equal(avif.type, 'image/avif');
      assert.deepEqual([avif.width, avif.height], [120, 90]);
      const origin = await dimensions(await fetch(publicUrl({ width: 80, format: 'origin' })));
      assert.equal(origin.format, 'png');
      const huge = await dimensions(await fetch(publicUrl({ width: 2400, resize: 'contain', format: 'webp' })));
      assert.deepEqual([huge.width, huge.height], [800, 600]);
    });

    it('keeps rendered variants and serves them again from the cache', async () => {
      const url = publicUrl({ width: 321, height: 123, format: 'webp' });
      const first = await fetch(url);
      const etag = first.headers.get('etag');
      await first.arrayBuffer();
      const cacheDir = path.join(t.config.dataDir, 'storage', 'cache');
      const cached = fs.readdirSync(cacheDir, { recursive: true }).map(String).filter((f) => f.endsWith('.webp'));
      assert.ok(cached.length >= 1);
      const again = await fetch(url);
      assert.equal(again.headers.get('etag'), etag);
      assert.equal((await fetch(url, { headers: { 'if-none-match': String(etag) } })).status, 304);
      // Replacing the image drops its variants.
      const variantsBefore = fs.readdirSync(cacheDir).length;
      await t.admin().storage.from('test-public').upload('homes/a-frame.png', new Blob([new Uint8Array(await photo(20))], { type: 'image/png' }), { upsert: true });
      assert.equal(fs.readdirSync(cacheDir).length, variantsBefore - 1, 'the old version\'s variants are gone');
      const fresh = await fetch(url);
      assert.notEqual(fresh.headers.get('etag'), etag);
    });

    it('renders through authenticated and signed URLs, with the transform fixed by the signature', async () => {
      const user = await storageUser(t);
      await user.client.storage.from('test-private').upload(`${user.id}/plan.png`, new Blob([new Uint8Array(await photo())], { type: 'image/png' }));
      const downloaded = await user.client.storage.from('test-private').download(`${user.id}/plan.png`, { transform: { width: 100, height: 100, format: 'webp' } as never });
      assert.equal(downloaded.error, null);
      const meta = await sharp(Buffer.from(await downloaded.data!.arrayBuffer())).metadata();
      assert.deepEqual([meta.width, meta.height], [100, 100]);
      const signed = await user.client.storage.from('test-private').createSignedUrl(`${user.id}/plan.png`, 60, { transform: { width: 64, height: 48, format: 'webp' } as never });
      assert.ok(signed.data?.signedUrl.includes('/render/image/sign/'));
      const tampered = `${signed.data?.signedUrl}&width=800`;
      const rendered = await dimensions(await fetch(tampered));
      assert.deepEqual([rendered.width, rendered.height], [64, 48]);
    });

    it('refuses bad parameters and files that are not images', async () => {
      for (const query of ['width=0', 'width=3000', 'height=tall', 'resize=stretch', 'quality=5', 'format=gif', 'width=1.5']) {
        const response = await fetch(`${t.url}/storage/v1/render/image/public/test-public/homes/a-frame.png?${query}`);
        assert.equal(response.status, 400, query);
        assert.equal(((await response.json()) as { code: string }).code, 'InvalidRequest');
      }
      await t.admin().storage.from('test-public').upload('notes.txt', new Blob(['not an image'], { type: 'text/plain' }));
      const text = await fetch(t.admin().storage.from('test-public').getPublicUrl('notes.txt', { transform: { width: 10 } }).data.publicUrl);
      assert.equal(((await text.json()) as { code: string }).code, 'InvalidImage');
      await t.admin().storage.from('test-public').upload('fake.png', new Blob(['not really a png'], { type: 'image/png' }));
      const fake = await fetch(t.admin().storage.from('test-public').getPublicUrl('fake.png', { transform: { width: 10 } }).data.publicUrl);
      assert.equal(fake.status, 400);
      assert.equal(((await fake.json()) as { code: string }).code, 'InvalidImage');
      const privateRender = await fetch(`${t.url}/storage/v1/render/image/public/test-private/x.png?width=10`);
      assert.equal(storageStatus({ status: privateRender.status, ...((await privateRender.json()) as object) }).code, 'NoSuchBucket');
    });
  });
}
