// The deploy model (scripts/lib/deploy.ts) on fake builds: what matters to a deploy is the build's files
// and the registry fragment the build wrote next to them.
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FRAGMENT_FILE, type RegistryFragment } from '@modula/tooling/apps';
import { deployRemote, deployShell, deployedVersions, readHistory, readRegistry, rollbackRemote } from '../lib/deploy.ts';
import { withLock } from '../lib/fs-atomic.ts';

let root: string;
let deployDir: string;

const catalog: RegistryFragment = {
  name: 'mf_catalog',
  version: '0.1.0',
  contract: '1.0.0',
  shared: '^1.0.0',
  routes: [{ path: '/listings', access: 'public' }],
  slots: [],
};
const admin: RegistryFragment = { ...catalog, name: 'mf_admin', version: '2.3.0', contract: '1.2.0', routes: [{ path: '/admin/*', access: 'admin' }] };

/** A fake build output: its files and the registry fragment the build writes. */
function build(name: string, content: string, fragment: unknown): string {
  const dist = path.join(root, 'builds', name);
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify({ name }));
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), `/* ${content} */`);
  fs.writeFileSync(path.join(dist, '123.0a1b2c3d.js'), content);
  fs.writeFileSync(path.join(dist, FRAGMENT_FILE), JSON.stringify(fragment));
  return dist;
}

function deploy(dir: string, fragment: RegistryFragment, distDir: string) {
  return deployRemote({ deployDir, distDir, dir, name: fragment.name });
}

function catalogBuild(name: string, content: string) {
  return build(name, content, catalog);
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-deploy-'));
  deployDir = path.join(root, 'deploy');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('deploying one remote', () => {
  test('copies the build to remotes/<dir>/<semver+content hash>/ and writes the entry its fragment describes', () => {
    const result = deploy('mf-catalog', catalog, catalogBuild('catalog-v1', 'one'));
    assert.match(result.version, /^0\.1\.0\+[0-9a-f]{12}$/);
    assert.equal(result.copied, true);
    const folder = path.join(deployDir, 'remotes', 'mf-catalog', result.version);
    assert.equal(fs.readFileSync(path.join(folder, '123.0a1b2c3d.js'), 'utf8'), 'one');
    assert.deepEqual(readRegistry(deployDir).remotes, [
      {
        name: 'mf_catalog',
        manifest: `/remotes/mf-catalog/${result.version}/mf-manifest.json`,
        version: result.version,
        contract: '1.0.0',
        shared: '^1.0.0',
        routes: catalog.routes,
        slots: [],
      },
    ]);
  });

  test('the version, contract, @modula/shared range, routes and slots all come from the build', () => {
    const fragment: RegistryFragment = {
      name: 'mf_messenger',
      version: '3.2.1',
      contract: '2.1.0',
      shared: '>=1.4.0 <3',
      routes: [{ path: '/customer-dashboard/messages', access: 'verified' }],
      slots: ['messenger-widget'],
    };
    const result = deploy('mf-messenger', fragment, build('messenger', 'm', fragment));
    assert.match(result.version, /^3\.2\.1\+[0-9a-f]{12}$/);
    const { manifest: _manifest, version: _version, ...entry } = result.entry;
    assert.deepEqual(entry, { name: 'mf_messenger', contract: '2.1.0', shared: '>=1.4.0 <3', routes: fragment.routes, slots: ['messenger-widget'] });
  });

  test("rewrites only its own entry: another team's entry is left byte for byte", () => {
    deploy('mf-admin', admin, build('admin-v1', 'admin', admin));
    const adminBefore = JSON.stringify(readRegistry(deployDir).remotes.find((r) => r.name === 'mf_admin'));
    deploy('mf-catalog', catalog, catalogBuild('catalog-v1', 'one'));
    const v2 = deploy('mf-catalog', catalog, catalogBuild('catalog-v2', 'two'));
    const registry = readRegistry(deployDir);
    assert.deepEqual(
      registry.remotes.map((r) => r.name),
      ['mf_admin', 'mf_catalog'],
    );
    assert.equal(JSON.stringify(registry.remotes.find((r) => r.name === 'mf_admin')), adminBefore);
    assert.equal(registry.remotes.find((r) => r.name === 'mf_catalog')?.version, v2.version);
  });

  test('an entry deployed before builds carried the @modula/shared range is kept as it was', () => {
    const legacy = {
      name: 'mf_admin',
      manifest: '/remotes/mf-admin/0.1.0+000000000000/mf-manifest.json',
      version: '0.1.0+000000000000',
      contract: '1.0.0',
      routes: [{ path: '/admin/*', access: 'admin' }],
      slots: [],
    };
    fs.mkdirSync(deployDir, { recursive: true });
    fs.writeFileSync(path.join(deployDir, 'remotes.json'), JSON.stringify({ remotes: [legacy] }));
    deploy('mf-catalog', catalog, catalogBuild('catalog-v1', 'one'));
    assert.deepEqual(readRegistry(deployDir).remotes[0], legacy);
  });

  test('a changed build gets a new folder; the old one stays for pages still using it', () => {
    const v1 = deploy('mf-catalog', catalog, catalogBuild('catalog-v1', 'one'));
    const v2 = deploy('mf-catalog', catalog, catalogBuild('catalog-v2', 'two'));
    assert.notEqual(v2.version, v1.version);
    assert.equal(v2.previous?.version, v1.version);
    assert.equal(fs.readFileSync(path.join(deployDir, 'remotes', 'mf-catalog', v1.version, '123.0a1b2c3d.js'), 'utf8'), 'one');
  });

  test('the same build deployed again reuses its folder and never overwrites it', () => {
    const dist = catalogBuild('catalog-v1', 'one');
    const first = deploy('mf-catalog', catalog, dist);
    const folderFile = path.join(deployDir, 'remotes', 'mf-catalog', first.version, '123.0a1b2c3d.js');
    const mtime = fs.statSync(folderFile).mtimeMs;
    const again = deploy('mf-catalog', catalog, dist);
    assert.equal(again.version, first.version);
    assert.equal(again.copied, false);
    assert.equal(fs.statSync(folderFile).mtimeMs, mtime);
  });

  test('leaves no temporary file next to remotes.json', () => {
    deploy('mf-catalog', catalog, catalogBuild('catalog-v1', 'one'));
    // The lock file stays (empty); only the OS lock on it is taken and released. The .br and .gz are
    // the registry's precompressed copies.
    assert.deepEqual(fs.readdirSync(deployDir).sort(), ['remotes', 'remotes.json', 'remotes.json.br', 'remotes.json.gz', 'remotes.json.lock']);
    assert.equal(fs.statSync(path.join(deployDir, 'remotes.json.lock')).size, 0);
  });

  test('refuses what is not a build of this remote, and an invalid fragment, without touching the registry', () => {
    deploy('mf-admin', admin, build('admin-v1', 'admin', admin));
    const before = fs.readFileSync(path.join(deployDir, 'remotes.json'), 'utf8');
    const empty = path.join(root, 'empty');
    fs.mkdirSync(empty);
    assert.throws(() => deploy('mf-catalog', catalog, empty), /no mf-manifest\.json: build mf-catalog first/);

    const withoutFragment = catalogBuild('catalog-old', 'old');
    fs.rmSync(path.join(withoutFragment, FRAGMENT_FILE));
    assert.throws(() => deploy('mf-catalog', catalog, withoutFragment), /has no registry-fragment\.json: it is not a remote's build, or was built before/);

    const broken = catalogBuild('catalog-broken', 'x');
    fs.writeFileSync(path.join(broken, FRAGMENT_FILE), '{ "name": ');
    assert.throws(() => deploy('mf-catalog', catalog, broken), /registry-fragment\.json is not valid JSON/);

    assert.throws(() => deploy('mf-catalog', catalog, build('admin-as-catalog', 'a', admin)), /is a build of mf_admin, not of mf_catalog/);

    const bad = { ...catalog, shared: 'soon', routes: [{ path: 'listings', access: 'public' }] };
    assert.throws(
      () => deploy('mf-catalog', catalog, build('catalog-bad', 'x', bad)),
      (error: Error) =>
        error.message.includes('registry-fragment.json does not make a valid registry entry') &&
        error.message.includes('shared must be a version range of @modula/shared') &&
        error.message.includes('routes[0].path must be a route pattern'),
    );
    assert.equal(fs.readFileSync(path.join(deployDir, 'remotes.json'), 'utf8'), before);
    assert.deepEqual(fs.readdirSync(path.join(deployDir, 'remotes')), ['mf-admin']);
  });

  test('waits for a deploy in progress instead of losing its entry', () => {
    const lock = path.join(deployDir, 'remotes.json.lock');
    withLock(lock, () => {
      assert.throws(() => withLock(lock, () => 1, { timeoutMs: 100 }), /Another deploy holds/);
    });
    assert.equal(withLock(lock, () => 2), 2);
  });

  test('a lock file left by a crashed deploy of the older scripts does not block the next one', () => {
    const lock = path.join(deployDir, 'remotes.json.lock');
    fs.mkdirSync(deployDir, { recursive: true });
    fs.writeFileSync(lock, '4242');
    assert.equal(withLock(lock, () => 3, { timeoutMs: 100 }), 3);
  });
});

describe('rolling back one remote', () => {
  test('goes back to the version deployed before the live one, then further back', () => {
    const v1 = deploy('mf-catalog', catalog, catalogBuild('c1', 'one'));
    const v2 = deploy('mf-catalog', catalog, catalogBuild('c2', 'two'));
    const v3 = deploy('mf-catalog', catalog, catalogBuild('c3', 'three'));
    deploy('mf-admin', admin, build('a1', 'admin', admin));
    assert.deepEqual(deployedVersions(deployDir, 'mf-catalog'), [v1.version, v2.version, v3.version]);
    assert.deepEqual(rollbackRemote({ deployDir, dir: 'mf-catalog', name: 'mf_catalog' }), { from: v3.version, to: v2.version });
    assert.deepEqual(rollbackRemote({ deployDir, dir: 'mf-catalog', name: 'mf_catalog' }), { from: v2.version, to: v1.version });
    assert.throws(() => rollbackRemote({ deployDir, dir: 'mf-catalog', name: 'mf_catalog' }), /no version older than/);
    const entry = readRegistry(deployDir).remotes.find((r) => r.name === 'mf_catalog');
    assert.equal(entry?.version, v1.version);
    assert.equal(entry?.manifest, `/remotes/mf-catalog/${v1.version}/mf-manifest.json`);
    assert.notEqual(readRegistry(deployDir).remotes.find((r) => r.name === 'mf_admin')?.version, v1.version);
    assert.deepEqual(
      readHistory(deployDir, 'mf-catalog').map((e) => e.action),
      ['deploy', 'deploy', 'deploy', 'rollback', 'rollback'],
    );
  });

  test('to a named version, which must have been deployed', () => {
    const v1 = deploy('mf-catalog', catalog, catalogBuild('c1', 'one'));
    deploy('mf-catalog', catalog, catalogBuild('c2', 'two'));
    assert.equal(rollbackRemote({ deployDir, dir: 'mf-catalog', name: 'mf_catalog', version: v1.version }).to, v1.version);
    assert.throws(
      () => rollbackRemote({ deployDir, dir: 'mf-catalog', name: 'mf_catalog', version: '9.9.9+000000000000' }),
      /version 9\.9\.9\+000000000000 is not deployed/,
    );
  });
});

describe('deploying the shell', () => {
  test('copies the build to the root and keeps chunks an older index.html still references', () => {
    const dist = path.join(root, 'shell-dist');
    fs.mkdirSync(dist);
    fs.writeFileSync(path.join(dist, 'index.html'), '<script src="/main.js?one"></script>');
    fs.writeFileSync(path.join(dist, 'main.js'), 'one');
    fs.writeFileSync(path.join(dist, '1.aaaaaaaa.js'), 'chunk one');
    deployShell({ deployDir, distDir: dist });
    fs.rmSync(path.join(dist, '1.aaaaaaaa.js'));
    fs.writeFileSync(path.join(dist, '2.bbbbbbbb.js'), 'chunk two');
    fs.writeFileSync(path.join(dist, 'main.js'), 'two');
    deployShell({ deployDir, distDir: dist });
    assert.equal(fs.readFileSync(path.join(deployDir, 'main.js'), 'utf8'), 'two');
    assert.equal(fs.existsSync(path.join(deployDir, '1.aaaaaaaa.js')), true);
    assert.equal(fs.existsSync(path.join(deployDir, '2.bbbbbbbb.js')), true);
  });
});
