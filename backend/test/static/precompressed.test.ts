// The deploy root's precompressed files: the backend sends the .br or .gz made at build time by
// Accept-Encoding (br first), with Content-Encoding, Vary and a validator per variant, and never sends a
// variant older than the file it stands for (the registry and config are rewritten at run time).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { negotiate, writeVariantsSync, writeWithVariantsSync } from '../../src/static/precompressed.ts';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose body stays as sent (fetch would decompress it and hide what was on the wire). */
function get(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

function decoded(response: RawResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(response.body).toString('utf8');
  assert.equal(encoding, undefined, `unexpected Content-Encoding ${String(encoding)}`);
  return response.body.toString('utf8');
}

const varyHasAcceptEncoding = (response: RawResponse) =>
  String(response.headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((token) => token.trim())
    .includes('accept-encoding');

describe('Accept-Encoding negotiation', () => {
  it('prefers br, then gzip, honours q=0 and *, and falls back to identity', () => {
    assert.equal(negotiate('gzip, deflate, br'), 'br');
    assert.equal(negotiate('gzip'), 'gzip');
    assert.equal(negotiate('br;q=0, gzip'), 'gzip');
    assert.equal(negotiate('gzip;q=0.5, br;q=0.2'), 'gzip');
    assert.equal(negotiate('*'), 'br');
    assert.equal(negotiate('identity'), null);
    assert.equal(negotiate(undefined), null);
    assert.equal(negotiate('br, gzip', ['gzip']), 'gzip');
  });
});

for (const database of await testDatabases()) {
  describe(`precompressed deploy root on ${database}`, () => {
    let t: TestServer;
    let deployDir: string;
    const chunk = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
    const chunkPath = 'remotes/mf-catalog/1.0.0+abc/app.0123abcd.js';

    before(async () => {
      t = await startTestServer({ database });
      deployDir = t.config.deployDir;
      const file = path.join(deployDir, chunkPath);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, chunk);
      writeVariantsSync(file);
      writeWithVariantsSync(path.join(deployDir, 'index.html'), `<!doctype html><title>Modula</title>${'<p>home</p>'.repeat(200)}`);
      writeWithVariantsSync(path.join(deployDir, 'remotes.json'), `${JSON.stringify({ remotes: [] })}\n`);
    });
    after(() => t.close());

    it('sends the Brotli file for br, the gzip file for gzip and the file itself otherwise, each with its own ETag', async () => {
      const url = `${t.url}/${chunkPath}`;
      const br = await get(url, { 'Accept-Encoding': 'gzip, deflate, br' });
      const gz = await get(url, { 'Accept-Encoding': 'gzip' });
      const identity = await get(url, { 'Accept-Encoding': 'identity' });
      const none = await get(url);
      assert.equal(br.headers['content-encoding'], 'br');
      assert.equal(gz.headers['content-encoding'], 'gzip');
      assert.equal(identity.headers['content-encoding'], undefined);
      assert.equal(none.headers['content-encoding'], undefined);
      for (const response of [br, gz, identity, none]) {
        assert.equal(response.status, 200);
        assert.match(String(response.headers['content-type']), /^(application|text)\/javascript/);
        assert.ok(varyHasAcceptEncoding(response), `Vary: ${String(response.headers.vary)}`);
        assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
        assert.equal(decoded(response), chunk);
      }
      assert.ok(br.body.length < gz.body.length && gz.body.length < identity.body.length);
      const etags = new Set([br, gz, identity].map((response) => response.headers.etag));
      assert.equal(etags.size, 3, 'one ETag per variant');
      const revalidated = await get(url, { 'Accept-Encoding': 'br', 'If-None-Match': String(br.headers.etag) });
      assert.equal(revalidated.status, 304);
      const otherVariant = await get(url, { 'Accept-Encoding': 'gzip', 'If-None-Match': String(br.headers.etag) });
      assert.equal(otherVariant.status, 200, "the br variant's ETag does not validate the gzip one");
    });

    it('sends the shell page and the registry compressed, with Vary, and never a variant older than its file', async () => {
      const page = await get(`${t.url}/index.html`, { 'Accept-Encoding': 'br, gzip' });
      assert.equal(page.headers['content-encoding'], 'br');
      assert.match(String(page.headers['content-type']), /^text\/html/);
      assert.ok(varyHasAcceptEncoding(page));
      assert.match(decoded(page), /<title>Modula<\/title>/);

      const registry = await get(`${t.url}/remotes.json`, { 'Accept-Encoding': 'gzip' });
      assert.equal(registry.headers['content-encoding'], 'gzip');
      assert.ok(varyHasAcceptEncoding(registry));
      assert.deepEqual(JSON.parse(decoded(registry)), { remotes: [] });

      // Rewritten by something that does not write variants, even with its modification time set back
      // to before the variants were written: the old .br and .gz are stale.
      const { mtime } = fs.statSync(path.join(deployDir, 'remotes.json'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      const rewritten = { remotes: [], note: 'rewritten' };
      fs.writeFileSync(path.join(deployDir, 'remotes.json'), JSON.stringify(rewritten));
      fs.utimesSync(path.join(deployDir, 'remotes.json'), mtime, mtime);
      const fresh = await get(`${t.url}/remotes.json`, { 'Accept-Encoding': 'br, gzip' });
      assert.equal(fresh.headers['content-encoding'], undefined);
      assert.deepEqual(JSON.parse(decoded(fresh)), rewritten);

      // Written with its variants again: compressed again.
      writeWithVariantsSync(path.join(deployDir, 'remotes.json'), JSON.stringify({ remotes: [], note: 'again' }));
      const again = await get(`${t.url}/remotes.json`, { 'Accept-Encoding': 'br' });
      assert.equal(again.headers['content-encoding'], 'br');
      assert.deepEqual(JSON.parse(decoded(again)), { remotes: [], note: 'again' });
    });

    it('writes the runtime config with fresh variants at start', () => {
      const config = fs.readFileSync(path.join(deployDir, 'config.json'), 'utf8');
      assert.equal(zlib.brotliDecompressSync(fs.readFileSync(path.join(deployDir, 'config.json.br'))).toString('utf8'), config);
      assert.equal(zlib.gunzipSync(fs.readFileSync(path.join(deployDir, 'config.json.gz'))).toString('utf8'), config);
    });
  });
}
