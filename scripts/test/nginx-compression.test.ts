// nginx as rendered from the template sends the deploy root's precompressed files: .br (brotli_static,
// where libnginx-mod-http-brotli-static is installed) before .gz (gzip_static), with Content-Encoding
// and Vary: Accept-Encoding, and the file itself to a client that accepts neither.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { NGINX_PATH, PRODUCTION_SETTINGS, installedBrotliModule, renderNginx, startNginx, type RunningNginx } from '../lib/nginx.ts';
import { freePort } from '../lib/free-port.ts';
import { repoRoot } from './helpers.ts';
import { writeVariantsSync, writeWithVariantsSync } from '../../backend/src/static/precompressed.ts';

const template = fs.readFileSync(path.join(repoRoot, 'nginx', 'nginx.conf.template'), 'utf8');

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

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

describe('the nginx template and precompressed files', () => {
  test('loads the brotli_static module only when told where it is; gzip_static is always on', () => {
    const withBrotli = renderNginx(template, PRODUCTION_SETTINGS);
    assert.match(withBrotli, /^load_module \/usr\/lib\/nginx\/modules\/ngx_http_brotli_static_module\.so;$/m);
    assert.match(withBrotli, /^\s*brotli_static on;$/m);
    assert.match(withBrotli, /^\s*gzip_static on;$/m);
    const without = renderNginx(template, { ...PRODUCTION_SETTINGS, brotliModule: null });
    assert.doesNotMatch(without, /^\s*(load_module|brotli_static)/m);
    assert.match(without, /^\s*gzip_static on;$/m);
    assert.equal(installedBrotliModule(path.join(os.tmpdir(), 'no-such-module.so')), null);
  });

  const hasNginx = fs.existsSync(NGINX_PATH);
  describe('through nginx', { skip: hasNginx ? false : `nginx is not installed at ${NGINX_PATH}` }, () => {
    let root: string;
    let nginx: RunningNginx;
    const chunk = `export const words = ${JSON.stringify('modular home '.repeat(300))};\n`;
    const page = `<!doctype html><title>Modula</title>${'<p>first screen</p>'.repeat(100)}`;

    before(async () => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-nginx-gz-'));
      const deployDir = path.join(root, 'deploy');
      writeWithVariantsSync(path.join(deployDir, 'index.html'), page);
      writeWithVariantsSync(path.join(deployDir, 'remotes.json'), JSON.stringify({ remotes: [] }));
      const file = path.join(deployDir, 'remotes', 'mf-catalog', '1.0.0+abc', 'app.0123abcd.js');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, chunk);
      writeVariantsSync(file);
      // No backend: only the deploy root is asked for.
      nginx = await startNginx(repoRoot, { root, port: await freePort(), backendUrl: `http://127.0.0.1:${await freePort()}`, deployDir, quiet: true });
    });
    after(async () => {
      await nginx?.stop();
      fs.rmSync(root, { recursive: true, force: true });
    });

    const brotli = installedBrotliModule() !== null;

    test('a chunk: br (when the module is installed), gzip and identity, each with Vary: Accept-Encoding', async () => {
      const url = `${nginx.url}/remotes/mf-catalog/1.0.0+abc/app.0123abcd.js`;
      const br = await get(url, { 'Accept-Encoding': 'gzip, br' });
      const gz = await get(url, { 'Accept-Encoding': 'gzip' });
      const identity = await get(url);
      if (brotli) {
        assert.equal(br.headers['content-encoding'], 'br');
        assert.equal(zlib.brotliDecompressSync(br.body).toString('utf8'), chunk);
      }
      assert.equal(gz.headers['content-encoding'], 'gzip');
      assert.equal(zlib.gunzipSync(gz.body).toString('utf8'), chunk);
      assert.equal(identity.headers['content-encoding'], undefined);
      assert.equal(identity.body.toString('utf8'), chunk);
      for (const response of [br, gz]) {
        assert.equal(response.status, 200);
        assert.match(String(response.headers['content-type']), /javascript/);
        assert.match(String(response.headers.vary), /Accept-Encoding/i);
      }
    });

    // App routes are the backend's (server-rendered pages); none runs here, so nginx falls back.
    test('an app route with no backend to render it answers the shell page from its .br / .gz, with 503', async () => {
      const response = await get(`${nginx.url}/listings?lang=de`, { 'Accept-Encoding': 'br, gzip' });
      assert.equal(response.status, 503);
      assert.match(String(response.headers['content-type']), /^text\/html/);
      assert.equal(response.headers['content-encoding'], brotli ? 'br' : 'gzip');
      const body = brotli ? zlib.brotliDecompressSync(response.body) : zlib.gunzipSync(response.body);
      assert.equal(body.toString('utf8'), page);
      assert.match(String(response.headers.vary), /Accept-Encoding/i);
    });
  });
});
