// Precompression: the production build writes .br and .gz next to every text file it outputs (not next
// to source maps), and deploys keep every variant in the deploy root fresh: a build without variants
// gets them, the registry is rewritten with new ones on each deploy and rollback.
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { FRAGMENT_FILE, type RegistryFragment } from '@modula/tooling/apps';
import { deployRemote, deployShell, rollbackRemote } from '../lib/deploy.ts';
import { listFiles } from '../lib/fs-atomic.ts';

const require = createRequire(import.meta.url);
const webpack = require('webpack') as typeof import('webpack');
const { PrecompressPlugin } = require('@modula/tooling/precompress-plugin') as { PrecompressPlugin: new () => import('webpack').WebpackPluginInstance };

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-precompress-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const unbrotli = (file: string) => zlib.brotliDecompressSync(fs.readFileSync(file)).toString('utf8');
const ungzip = (file: string) => zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');

function assertVariantsOf(file: string): void {
  const content = fs.readFileSync(file, 'utf8');
  assert.equal(unbrotli(`${file}.br`), content, `${file}.br`);
  assert.equal(ungzip(`${file}.gz`), content, `${file}.gz`);
}

describe('the build', () => {
  test('writes a Brotli and a gzip file next to every JS, CSS, JSON, SVG and HTML file, none next to source maps', async () => {
    const src = path.join(root, 'src');
    fs.mkdirSync(src);
    fs.writeFileSync(path.join(src, 'index.js'), "import('./lazy.js').then((m) => console.log(m.words));\n");
    fs.writeFileSync(path.join(src, 'lazy.js'), `export const words = ${JSON.stringify('modular home '.repeat(100))};\n`);
    const out = path.join(root, 'dist');
    const compiler = webpack({
      mode: 'production',
      context: root,
      entry: './src/index.js',
      devtool: 'source-map',
      output: { path: out, filename: '[name].js', chunkFilename: '[name].[contenthash:8].js' },
      plugins: [
        {
          apply(c: import('webpack').Compiler) {
            c.hooks.thisCompilation.tap('extra', (compilation) => {
              compilation.hooks.processAssets.tap({ name: 'extra', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
                compilation.emitAsset('index.html', new webpack.sources.RawSource('<!doctype html><title>t</title>'));
                compilation.emitAsset('mf-manifest.json', new webpack.sources.RawSource('{"name":"x"}'));
                compilation.emitAsset('assets/logo.0123abcd.svg', new webpack.sources.RawSource('<svg xmlns="http://www.w3.org/2000/svg"/>'));
                compilation.emitAsset('style.css', new webpack.sources.RawSource('body { margin: 0 }'));
              });
            });
          },
        },
        new PrecompressPlugin(),
      ],
    });
    await new Promise<void>((resolve, reject) => {
      compiler.run((error, stats) => {
        compiler.close(() => undefined);
        if (error) reject(error);
        else if (stats?.hasErrors()) reject(new Error(stats.toString('errors-only')));
        else resolve();
      });
    });
    const files = listFiles(out);
    const texts = files.filter((file) => /\.(js|css|json|svg|html)$/.test(file));
    assert.ok(texts.includes('main.js') && texts.includes('index.html') && texts.includes('mf-manifest.json'));
    assert.ok(texts.some((file) => /^\w+\.[0-9a-f]{8}\.js$/.test(file)), 'a lazy chunk');
    for (const file of texts) assertVariantsOf(path.join(out, file));
    const maps = files.filter((file) => file.endsWith('.map'));
    assert.ok(maps.length > 0);
    for (const map of maps) assert.ok(!files.includes(`${map}.br`) && !files.includes(`${map}.gz`), `${map} is not compressed`);
  });
});

describe('deploys', () => {
  const catalog: RegistryFragment = {
    name: 'mf_catalog',
    version: '0.1.0',
    contract: '1.0.0',
    shared: '^1.0.0',
    routes: [{ path: '/listings', access: 'public' }],
    slots: [],
  };

  function remoteBuild(name: string, content: string): string {
    const dist = path.join(root, 'builds', name);
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify({ name }));
    fs.writeFileSync(path.join(dist, 'remoteEntry.js'), `/* ${content} */`);
    fs.writeFileSync(path.join(dist, FRAGMENT_FILE), JSON.stringify(catalog));
    return dist;
  }

  test('a remote built without variants gets them; the registry gets fresh ones on every deploy and rollback', () => {
    const deployDir = path.join(root, 'deploy');
    const registry = path.join(deployDir, 'remotes.json');
    const first = deployRemote({ deployDir, distDir: remoteBuild('v1', 'one'), dir: 'mf-catalog', name: 'mf_catalog' });
    const folder = path.join(deployDir, 'remotes', 'mf-catalog', first.version);
    assertVariantsOf(path.join(folder, 'remoteEntry.js'));
    assertVariantsOf(path.join(folder, 'mf-manifest.json'));
    assertVariantsOf(registry);
    const second = deployRemote({ deployDir, distDir: remoteBuild('v2', 'two'), dir: 'mf-catalog', name: 'mf_catalog' });
    assertVariantsOf(registry);
    assert.match(unbrotli(`${registry}.br`), new RegExp(second.version.replace(/[+.]/g, '\\$&')));
    rollbackRemote({ deployDir, dir: 'mf-catalog', name: 'mf_catalog' });
    assertVariantsOf(registry);
    assert.match(ungzip(`${registry}.gz`), new RegExp(first.version.replace(/[+.]/g, '\\$&')));
  });

  test("the shell's variants are replaced with its files: the build's when it has them, made at deploy otherwise", () => {
    const deployDir = path.join(root, 'deploy');
    const dist = path.join(root, 'shell-dist');
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>one</title>');
    fs.writeFileSync(path.join(dist, 'main.js'), 'console.log("one")');
    fs.writeFileSync(path.join(dist, 'main.js.br'), zlib.brotliCompressSync('console.log("one")'));
    fs.writeFileSync(path.join(dist, 'main.js.gz'), zlib.gzipSync('console.log("one")'));
    fs.writeFileSync(path.join(dist, 'logo.png'), 'not text');
    deployShell({ deployDir, distDir: dist });
    assertVariantsOf(path.join(deployDir, 'index.html'));
    assertVariantsOf(path.join(deployDir, 'main.js'));
    assert.ok(!fs.existsSync(path.join(deployDir, 'logo.png.br')));

    // The next build of the shell (without variants this time): no stale variant survives.
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>two</title>');
    fs.writeFileSync(path.join(dist, 'main.js'), 'console.log("two")');
    fs.rmSync(path.join(dist, 'main.js.br'));
    fs.rmSync(path.join(dist, 'main.js.gz'));
    deployShell({ deployDir, distDir: dist });
    assertVariantsOf(path.join(deployDir, 'index.html'));
    assertVariantsOf(path.join(deployDir, 'main.js'));
    assert.match(unbrotli(path.join(deployDir, 'index.html.br')), /two/);
    const page = fs.statSync(path.join(deployDir, 'index.html')).mtimeMs;
    assert.ok(fs.statSync(path.join(deployDir, 'index.html.br')).mtimeMs >= page, 'variants are written after their file');
  });
});
