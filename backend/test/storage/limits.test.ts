import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { storageStatus } from './helpers.ts';

/** Every file under a directory, recursively. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

for (const database of await testDatabases()) {
  describe(`storage limits and bad input on ${database}`, () => {
    let t: TestServer;
    let storageDir: string;
    before(async () => {
      t = await startTestServer({ database });
      storageDir = path.join(t.config.dataDir, 'storage');
      await t.admin().storage.createBucket('small', { public: true, fileSizeLimit: 1024, allowedMimeTypes: ['image/png', 'text/*'] });
    });
    after(() => t.close());

    const nothingLeftBehind = (earlier: string[]) => {
      assert.deepEqual(filesUnder(path.join(storageDir, 'tmp')), [], 'no upload in flight remains');
      assert.deepEqual(filesUnder(path.join(storageDir, 'objects')).sort(), earlier.sort(), 'no object bytes were kept');
    };

    it('refuses files over the bucket limit, multipart and raw, keeping nothing', async () => {
      const files = t.admin().storage.from('small');
      const existing = filesUnder(path.join(storageDir, 'objects'));
      const big = new Uint8Array(4096).fill(65);
      const multipart = await files.upload('big.txt', new Blob([big], { type: 'text/plain' }));
      assert.deepEqual(storageStatus(multipart.error), { status: 400, statusCode: '413', code: 'EntityTooLarge' });
      const raw = await files.upload('big-raw.txt', big, { contentType: 'text/plain' });
      assert.deepEqual(storageStatus(raw.error), { status: 400, statusCode: '413', code: 'EntityTooLarge' });
      // A raw body whose length is not declared up front is cut off while streaming.
      const streamed = await fetch(`${t.url}/storage/v1/object/small/streamed.txt`, {
        method: 'POST',
        headers: { apikey: t.serviceRoleKey, authorization: `Bearer ${t.serviceRoleKey}`, 'content-type': 'text/plain' },
        body: new ReadableStream({
          start(controller) {
            for (let i = 0; i < 8; i += 1) controller.enqueue(new Uint8Array(512).fill(66));
            controller.close();
          },
        }),
        duplex: 'half',
      } as RequestInit);
      assert.equal(streamed.status, 400);
      assert.equal(((await streamed.json()) as { statusCode: string }).statusCode, '413');
      nothingLeftBehind(existing);
      assert.equal((await files.upload('ok.txt', new Blob(['fits'], { type: 'text/plain' }))).error, null);
    });

    it('refuses content types the bucket does not allow', async () => {
      const files = t.admin().storage.from('small');
      const existing = filesUnder(path.join(storageDir, 'objects'));
      const refused = await files.upload('image.svg', new Blob(['<svg/>'], { type: 'image/svg+xml' }));
      assert.equal(storageStatus(refused.error).code, 'InvalidMimeType');
      const pdf = await files.upload('doc.pdf', new Blob(['%PDF'], { type: 'application/pdf' }));
      assert.deepEqual(storageStatus(pdf.error), { status: 400, statusCode: '415', code: 'InvalidMimeType' });
      assert.equal((pdf.error as Error).message, 'mime type application/pdf is not supported');
      nothingLeftBehind(existing);
    });

    it('refuses path traversal, absolute paths, NUL and backslashes', async () => {
      // node:http sends the path exactly as written (fetch would normalise the dot segments away).
      const post = (rawPath: string) =>
        new Promise<{ status: number; body: { statusCode?: string; code?: string } }>((resolve, reject) => {
          const request = http.request(`${t.url}/storage/v1/object/small/x`, {
            method: 'POST',
            path: `/storage/v1/object/small/${rawPath}`,
            headers: { apikey: t.serviceRoleKey, authorization: `Bearer ${t.serviceRoleKey}`, 'content-type': 'text/plain' },
          });
          request.on('response', (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text || '{}') }));
          });
          request.on('error', reject);
          request.end('x');
        });
      for (const name of ['a/../../etc/passwd', '..', '../keys.json', 'a/./b.txt', 'a//b.txt', 'a%00b.txt', 'a%5Cb.txt', '%2Fetc%2Fpasswd', '..%2F..%2Fkeys.json']) {
        const { status, body } = await post(name);
        assert.equal(status, 400, name);
        assert.equal(body.code, 'InvalidKey', `${name}: ${JSON.stringify(body)}`);
      }
      const moved = await t.admin().storage.from('small').move('ok.txt', '../escaped.txt');
      assert.match(String(moved.error?.message), /^Invalid key/);
      assert.ok(!fs.existsSync(path.join(t.config.dataDir, 'escaped.txt')));
    });

    it('refuses malformed multipart bodies with a clear error and keeps nothing', async () => {
      const existing = filesUnder(path.join(storageDir, 'objects'));
      const boundary = 'XBOUNDARY';
      const headers = { apikey: t.serviceRoleKey, authorization: `Bearer ${t.serviceRoleKey}`, 'content-type': `multipart/form-data; boundary=${boundary}` };
      const truncated = `--${boundary}\r\nContent-Disposition: form-data; name=""; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhalf a fi`;
      const noFile = `--${boundary}\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n3600\r\n--${boundary}--\r\n`;
      for (const [body, expected] of [
        [truncated, /malformed multipart/],
        [noFile, /no file part/],
        ['not multipart at all', /malformed multipart/],
      ] as const) {
        const response = await fetch(`${t.url}/storage/v1/object/small/broken.txt`, { method: 'POST', headers, body });
        assert.equal(response.status, 400);
        const json = (await response.json()) as { code: string; message: string };
        assert.equal(json.code, 'InvalidRequest');
        assert.match(json.message, expected);
      }
      nothingLeftBehind(existing);
      assert.equal(storageStatus((await t.admin().storage.from('small').download('broken.txt')).error).statusCode, '404');
    });

    it('answers unknown buckets and keys with Storage\'s codes', async () => {
      const missingBucket = await t.admin().storage.from('nope').upload('a.txt', new Blob(['x'], { type: 'text/plain' }));
      assert.deepEqual(storageStatus(missingBucket.error), { status: 400, statusCode: '404', code: 'NoSuchBucket' });
      const missingKey = await t.admin().storage.from('small').download('missing.txt');
      assert.equal(storageStatus(missingKey.error).status, 400);
      const response = await fetch(`${t.url}/storage/v1/object/small/missing.txt`, { headers: { apikey: t.serviceRoleKey } });
      assert.deepEqual(await response.json(), { statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' });
      const badJwt = await fetch(`${t.url}/storage/v1/object/list/small`, {
        method: 'POST',
        headers: { apikey: t.anonKey, authorization: 'Bearer not.a.jwt', 'content-type': 'application/json' },
        body: '{}',
      });
      assert.equal(badJwt.status, 400);
      assert.equal(((await badJwt.json()) as { code: string }).code, 'InvalidJWT');
    });
  });
}
