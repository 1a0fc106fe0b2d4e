// HEIC/HEIF photos (iPhones): sharp's prebuilt libvips cannot decode them, so the renderer decodes them
// with libheif (WebAssembly, through heic-decode) in a worker and gives sharp the pixels. The upload is
// checked by content (the ftyp brand), and the renders are the same sizes and formats as for any photo.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import sharp from 'sharp';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { POLICIES_SQL } from './helpers.ts';

const HEIC = fs.readFileSync(new URL('./fixtures/two-colours.heic', import.meta.url));
const ORANGE = [200, 80, 40];
const BLUE = [20, 120, 220];

async function rendered(response: Response) {
  assert.equal(response.status, 200, await response.clone().text());
  const bytes = Buffer.from(await response.arrayBuffer());
  const meta = await sharp(bytes).metadata();
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3));
  return { width: meta.width, height: meta.height, format: meta.format, type: response.headers.get('content-type'), pixel };
}

const near = (actual: number[], expected: number[]) =>
  assert.ok(actual.every((v, i) => Math.abs(v - expected[i]!) <= 24), `${JSON.stringify(actual)} is not close to ${JSON.stringify(expected)}`);

for (const database of await testDatabases()) {
  describe(`HEIC photos in storage on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer({ database });
      await t.server.context.db.exec(POLICIES_SQL);
      const upload = await t.admin().storage.from('test-public').upload('homes/iphone.heic', new Blob([new Uint8Array(HEIC)], { type: 'image/heic' }));
      assert.equal(upload.error, null, upload.error?.message);
    });
    after(() => t.close());

    const publicUrl = (name: string, transform: Record<string, unknown>) =>
      t.admin().storage.from('test-public').getPublicUrl(name, { transform }).data.publicUrl;

    it('renders the responsive sizes from a HEIC original, with its colours where they were', async () => {
      const card = await rendered(await fetch(publicUrl('homes/iphone.heic', { width: 32, height: 24, resize: 'cover', format: 'webp', quality: 90 })));
      assert.deepEqual([card.width, card.height, card.format, card.type], [32, 24, 'webp', 'image/webp']);
      near(card.pixel(2, 2), BLUE);
      near(card.pixel(29, 21), ORANGE);
      const avif = await rendered(await fetch(publicUrl('homes/iphone.heic', { width: 16, format: 'avif' })));
      assert.deepEqual([avif.width, avif.height, avif.type], [16, 12, 'image/avif']);
      // "Its own format" is JPEG for HEIC: browsers do not show HEIC.
      const origin = await rendered(await fetch(publicUrl('homes/iphone.heic', { width: 64, format: 'origin' })));
      assert.deepEqual([origin.width, origin.height, origin.type], [64, 48, 'image/jpeg']);
      const plain = await fetch(publicUrl('homes/iphone.heic', { width: 40 }));
      assert.equal(plain.headers.get('content-type'), 'image/jpeg', 'no Accept: image/webp gets JPEG');
      await plain.arrayBuffer();
    });

    it('takes HEIC in the listing photos bucket only when the bytes are HEIC', async () => {
      const bucket = t.admin().storage.from('listing-images');
      const ok = await bucket.upload('heic-test/listing/1.heic', new Blob([new Uint8Array(HEIC)], { type: 'image/heic' }));
      assert.equal(ok.error, null, ok.error?.message);
      const heif = await bucket.upload('heic-test/listing/2.heif', new Blob([new Uint8Array(HEIC)], { type: 'image/heif' }));
      assert.equal(heif.error, null, heif.error?.message);
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer();
      const renamed = await bucket.upload('heic-test/listing/3.heic', new Blob([new Uint8Array(png)], { type: 'image/heic' }));
      assert.match(String(renamed.error?.message), /image\/png/);
      const disguised = await bucket.upload('heic-test/listing/4.jpg', new Blob([new Uint8Array(HEIC)], { type: 'image/jpeg' }));
      assert.match(String(disguised.error?.message), /image\/heic/);
      const card = await rendered(await fetch(bucket.getPublicUrl('heic-test/listing/1.heic', { transform: { width: 32, height: 24 } }).data.publicUrl));
      assert.deepEqual([card.width, card.height], [32, 24]);
    });

    it('answers InvalidImage for a file that says HEIC but does not decode', async () => {
      // A real ftyp box with the heic brand, and nothing an image can be decoded from after it.
      const broken = Buffer.concat([HEIC.subarray(0, 40), Buffer.alloc(200, 7)]);
      const upload = await t.admin().storage.from('test-public').upload('homes/broken.heic', new Blob([new Uint8Array(broken)], { type: 'image/heic' }));
      assert.equal(upload.error, null, upload.error?.message);
      // Twice: a failed decode is not kept for the next render.
      for (const width of [32, 48]) {
        const response = await fetch(publicUrl('homes/broken.heic', { width }));
        assert.equal(response.status, 400);
        assert.equal(((await response.json()) as { code: string }).code, 'InvalidImage');
      }
    });
  });
}
