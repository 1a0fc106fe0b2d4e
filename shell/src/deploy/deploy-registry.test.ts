/** @jest-environment node */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deployRemote, deployShell, deployedVersions, readHistory, readRegistry, rollbackRemote, type RemoteFragment } from '../../../scripts/lib/deploy.ts';
import { withLock } from '../../../scripts/lib/fs-atomic.ts';

let root: string;
let deployDir: string;

const catalog: RemoteFragment = { name: 'mf_catalog', routes: [{ path: '/listings', access: 'public' }], slots: [] };
const admin: RemoteFragment = { name: 'mf_admin', routes: [{ path: '/admin/*', access: 'admin' }], slots: [] };

/** A fake build output: what matters to deploy is the files and their content. */
function build(name: string, content: string): string {
  const dist = path.join(root, 'builds', name);
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify({ name }));
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), `/* ${content} */`);
  fs.writeFileSync(path.join(dist, '123.0a1b2c3d.js'), content);
  return dist;
}

function deploy(dir: string, fragment: RemoteFragment, distDir: string) {
  return deployRemote({ deployDir, distDir, dir, fragment, contract: '1.0.0', packageVersion: '0.1.0' });
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-deploy-'));
  deployDir = path.join(root, 'deploy');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('deploying one remote', () => {
  test('copies the build to remotes/<dir>/<semver+content hash>/ and writes its registry entry', () => {
    const result = deploy('mf-catalog', catalog, build('catalog-v1', 'one'));
    expect(result.version).toMatch(/^0\.1\.0\+[0-9a-f]{12}$/);
    expect(result.copied).toBe(true);
    const folder = path.join(deployDir, 'remotes', 'mf-catalog', result.version);
    expect(fs.readFileSync(path.join(folder, '123.0a1b2c3d.js'), 'utf8')).toBe('one');
    expect(readRegistry(deployDir).remotes).toEqual([
      {
        name: 'mf_catalog',
        manifest: `/remotes/mf-catalog/${result.version}/mf-manifest.json`,
        version: result.version,
        contract: '1.0.0',
        routes: catalog.routes,
        slots: [],
      },
    ]);
  });

  test("rewrites only its own entry: another team's entry is left byte for byte", () => {
    deploy('mf-admin', admin, build('admin-v1', 'admin'));
    const adminBefore = JSON.stringify(readRegistry(deployDir).remotes.find((r) => r.name === 'mf_admin'));
    deploy('mf-catalog', catalog, build('catalog-v1', 'one'));
    const v2 = deploy('mf-catalog', catalog, build('catalog-v2', 'two'));
    const registry = readRegistry(deployDir);
    expect(registry.remotes.map((r) => r.name)).toEqual(['mf_admin', 'mf_catalog']);
    expect(JSON.stringify(registry.remotes.find((r) => r.name === 'mf_admin'))).toBe(adminBefore);
    expect(registry.remotes.find((r) => r.name === 'mf_catalog')?.version).toBe(v2.version);
  });

  test('a changed build gets a new folder; the old one stays for pages still using it', () => {
    const v1 = deploy('mf-catalog', catalog, build('catalog-v1', 'one'));
    const v2 = deploy('mf-catalog', catalog, build('catalog-v2', 'two'));
    expect(v2.version).not.toBe(v1.version);
    expect(v2.previous?.version).toBe(v1.version);
    expect(fs.readFileSync(path.join(deployDir, 'remotes', 'mf-catalog', v1.version, '123.0a1b2c3d.js'), 'utf8')).toBe('one');
  });

  test('the same build deployed again reuses its folder and never overwrites it', () => {
    const dist = build('catalog-v1', 'one');
    const first = deploy('mf-catalog', catalog, dist);
    const folderFile = path.join(deployDir, 'remotes', 'mf-catalog', first.version, '123.0a1b2c3d.js');
    const mtime = fs.statSync(folderFile).mtimeMs;
    const again = deploy('mf-catalog', catalog, dist);
    expect(again).toMatchObject({ version: first.version, copied: false });
    expect(fs.statSync(folderFile).mtimeMs).toBe(mtime);
  });

  test('leaves no temporary file next to remotes.json', () => {
    deploy('mf-catalog', catalog, build('catalog-v1', 'one'));
    // The lock file stays (empty); only the OS lock on it is taken and released.
    expect(fs.readdirSync(deployDir).sort()).toEqual(['remotes', 'remotes.json', 'remotes.json.lock']);
    expect(fs.statSync(path.join(deployDir, 'remotes.json.lock')).size).toBe(0);
  });

  test('refuses a folder that is not a remote build, and an invalid entry, without touching the registry', () => {
    deploy('mf-admin', admin, build('admin-v1', 'admin'));
    const before = fs.readFileSync(path.join(deployDir, 'remotes.json'), 'utf8');
    const empty = path.join(root, 'empty');
    fs.mkdirSync(empty);
    expect(() => deploy('mf-catalog', catalog, empty)).toThrow(/no mf-manifest\.json: build mf-catalog first/);
    const bad = { ...catalog, routes: [{ path: 'listings', access: 'public' as const }] };
    expect(() => deploy('mf-catalog', bad, build('catalog-bad', 'x'))).toThrow(/routes\[0\]\.path must be a route pattern/);
    expect(fs.readFileSync(path.join(deployDir, 'remotes.json'), 'utf8')).toBe(before);
  });

  test('waits for a deploy in progress instead of losing its entry', () => {
    const lock = path.join(deployDir, 'remotes.json.lock');
    withLock(lock, () => {
      expect(() => withLock(lock, () => 1, { timeoutMs: 100 })).toThrow(/Another deploy holds/);
    });
    expect(withLock(lock, () => 2)).toBe(2);
  });

  test('a lock file left by a crashed deploy of the older scripts does not block the next one', () => {
    const lock = path.join(deployDir, 'remotes.json.lock');
    fs.mkdirSync(deployDir, { recursive: true });
    fs.writeFileSync(lock, '4242');
    expect(withLock(lock, () => 3, { timeoutMs: 100 })).toBe(3);
  });
});

describe('rolling back one remote', () => {
  test('goes back to the version deployed before the live one, then further back', () => {
    const v1 = deploy('mf-catalog', catalog, build('c1', 'one'));
    const v2 = deploy('mf-catalog', catalog, build('c2', 'two'));
    const v3 = deploy('mf-catalog', catalog, build('c3', 'three'));
    deploy('mf-admin', admin, build('a1', 'admin'));
    expect(deployedVersions(deployDir, 'mf-catalog')).toEqual([v1.version, v2.version, v3.version]);
    expect(rollbackRemote({ deployDir, dir: 'mf-catalog', name: 'mf_catalog' })).toEqual({ from: v3.version, to: v2.version });
    expect(rollbackRemote({ deployDir, dir: 'mf-catalog', name: 'mf_catalog' })).toEqual({ from: v2.version, to: v1.version });
    expect(() => rollbackRemote({ deployDir, dir: 'mf-catalog', name: 'mf_catalog' })).toThrow(/no version older than/);
    const entry = readRegistry(deployDir).remotes.find((r) => r.name === 'mf_catalog');
    expect(entry).toMatchObject({ version: v1.version, manifest: `/remotes/mf-catalog/${v1.version}/mf-manifest.json` });
    expect(readRegistry(deployDir).remotes.find((r) => r.name === 'mf_admin')?.version).not.toBe(v1.version);
    expect(readHistory(deployDir, 'mf-catalog').map((e) => e.action)).toEqual(['deploy', 'deploy', 'deploy', 'rollback', 'rollback']);
  });

  test('to a named version, which must have been deployed', () => {
    const v1 = deploy('mf-catalog', catalog, build('c1', 'one'));
    deploy('mf-catalog', catalog, build('c2', 'two'));
    expect(rollbackRemote({ deployDir, dir: 'mf-catalog', name: 'mf_catalog', version: v1.version }).to).toBe(v1.version);
    expect(() => rollbackRemote({ deployDir, dir: 'mf-catalog', name: 'mf_catalog', version: '9.9.9+000000000000' })).toThrow(
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
    expect(fs.readFileSync(path.join(deployDir, 'main.js'), 'utf8')).toBe('two');
    expect(fs.existsSync(path.join(deployDir, '1.aaaaaaaa.js'))).toBe(true);
    expect(fs.existsSync(path.join(deployDir, '2.bbbbbbbb.js'))).toBe(true);
  });
});
