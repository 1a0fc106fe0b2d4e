// One list of apps: the manifests (host.json, remote.json) are read into the app list every script,
// the webpack configs, the jest preset and the lint rules use; what cannot be derived from them is
// checked against them here.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { appAt, contractsOf, readApps, registryFragment, remotesOf, type RemoteApp } from '@modula/tooling/apps';
import { parseRegistry } from '@modula/shared/contracts';
import { APPS, findApp } from '../lib/apps.ts';
import { workspaceDirs } from '../lib/workspaces.ts';
import { fakeRepo, hostManifest, remoteManifest, repoRoot, writeApp, writeJson } from './helpers.ts';

const scratchDirs: string[] = [];
after(() => {
  for (const dir of scratchDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function repo(remotes: Parameters<typeof fakeRepo>[1]): string {
  const root = fakeRepo('apps', remotes);
  scratchDirs.push(root);
  return root;
}

describe("the repository's apps", () => {
  test('are the shell first, then the remotes by dev port, each named after its folder', () => {
    assert.equal(APPS[0]?.dir, 'shell');
    assert.equal(APPS[0]?.kind, 'shell');
    const remotes = remotesOf(APPS);
    assert.ok(remotes.length >= 5);
    assert.deepEqual(
      remotes.map((app) => app.devPort),
      [...remotes.map((app) => app.devPort)].sort((a, b) => a - b),
    );
    for (const app of APPS) assert.equal(app.name, app.dir.replace(/-/g, '_'));
    for (const dir of ['mf-catalog', 'mf-auth', 'mf-messenger', 'mf-vendor', 'mf-admin']) assert.equal(findApp(dir).kind, 'remote');
  });

  test('every app is an npm workspace, with the one-line webpack and jest configs and a tsconfig', () => {
    const workspaces = workspaceDirs(repoRoot);
    for (const app of APPS) {
      assert.ok(workspaces.includes(app.dir), `${app.dir} has a manifest but is not in the root package.json's workspaces`);
      for (const file of ['webpack.config.cjs', 'jest.config.cjs', 'tsconfig.json']) {
        assert.ok(fs.existsSync(path.join(app.root, file)), `${app.dir}/${file} is missing`);
      }
      assert.match(fs.readFileSync(path.join(app.root, 'webpack.config.cjs'), 'utf8'), /createMfConfig\(__dirname\)/);
    }
  });

  test("every remote's manifest makes a valid registry entry, and no two remotes claim a route", () => {
    const remotes = remotesOf(APPS).map((app) => ({
      ...registryFragment(app),
      manifest: `/remotes/${app.dir}/${app.version}/mf-manifest.json`,
    }));
    assert.equal(parseRegistry({ remotes }).remotes.length, remotes.length);
  });

  test('the shell implements the contract each remote.json names', () => {
    const contracts = contractsOf(APPS);
    for (const app of remotesOf(APPS)) assert.equal(contracts[app.name], app.contract);
  });

  test("each app's @modula/shared range is satisfied by the tree's @modula/shared", async () => {
    const { default: satisfies } = await import('semver/functions/satisfies.js');
    const shared = JSON.parse(fs.readFileSync(path.join(repoRoot, 'shared', 'package.json'), 'utf8')) as { version: string };
    for (const app of APPS) assert.ok(satisfies(shared.version, app.shared), `${app.dir} needs @modula/shared ${app.shared}, the tree has ${shared.version}`);
  });
});

describe('reading manifests', () => {
  test('adding an app is adding its folder with its manifest', () => {
    const root = repo([remoteManifest('mf-catalog', 4301)]);
    assert.deepEqual(
      readApps(root).map((app) => app.dir),
      ['shell', 'mf-catalog'],
    );
    writeApp(root, remoteManifest('mf-reviews', 4306, { contract: '2.1.0', slots: ['messenger-widget'] }));
    const apps = readApps(root);
    assert.deepEqual(
      apps.map((app) => app.dir),
      ['shell', 'mf-catalog', 'mf-reviews'],
    );
    const reviews = apps[2] as RemoteApp;
    assert.deepEqual(registryFragment(reviews), {
      name: 'mf_reviews',
      version: '0.1.0',
      contract: '2.1.0',
      shared: '^1.0.0',
      routes: [{ path: '/mf-reviews', access: 'public' }],
      slots: ['messenger-widget'],
    });
    assert.deepEqual(contractsOf(apps), { mf_catalog: '1.0.0', mf_reviews: '2.1.0' });
    assert.equal(appAt(path.join(root, 'mf-reviews'), root).name, 'mf_reviews');
  });

  test('a copy of an app folder outside the repository is read on its own', () => {
    const root = repo([remoteManifest('mf-catalog', 4301)]);
    const copy = path.join(root, '.cache', 'copy', 'mf-catalog');
    fs.cpSync(path.join(root, 'mf-catalog'), copy, { recursive: true });
    writeJson(path.join(copy, 'remote.json'), { ...remoteManifest('mf-catalog', 4301).manifest, contract: '2.0.0' });
    assert.equal((appAt(copy, root) as RemoteApp).contract, '2.0.0');
    assert.equal((readApps(root).find((a) => a.dir === 'mf-catalog') as RemoteApp).contract, '1.0.0');
  });

  test('every problem of a manifest is named with its file', () => {
    const root = repo([
      remoteManifest('mf-catalog', 4301, { name: 'catalog', devPort: 80, exposes: { './app': './src/app.tsx', './extra': './src/x.ts' }, contract: 'one', routes: {} }),
    ]);
    assert.throws(
      () => readApps(root),
      (error: Error) =>
        error.message.startsWith('mf-catalog/remote.json:') &&
        error.message.includes('name must be "mf_catalog"') &&
        error.message.includes('devPort must be a port number from 1024 to 65535, got 80') &&
        error.message.includes('exposes must be { "./app": "./src/app.tsx" }') &&
        error.message.includes('contract must be a version such as "1.0.0", got "one"') &&
        error.message.includes('routes must be an array'),
    );
  });

  test('an exposed module that does not exist, and a missing or invalid @modula/shared range, are refused', () => {
    const missing = repo([remoteManifest('mf-catalog', 4301, { exposes: { './app': './src/main.tsx' } })]);
    assert.throws(() => readApps(missing), /exposes names \.\/src\/main\.tsx, which does not exist/);
    const noShared = repo([{ ...remoteManifest('mf-catalog', 4301), shared: null }]);
    assert.throws(() => readApps(noShared), /package\.json must depend on @modula\/shared with a version range such as "\^1\.0\.0", got undefined/);
    const badShared = repo([{ ...remoteManifest('mf-catalog', 4301), shared: 'latest' }]);
    assert.throws(() => readApps(badShared), /got "latest"/);
  });

  test('two apps on one dev port, two shells, or both manifests in one folder are refused', () => {
    const ports = repo([remoteManifest('mf-catalog', 4301), remoteManifest('mf-auth', 4301)]);
    assert.throws(() => readApps(ports), /mf-(catalog|auth) and mf-(catalog|auth) both use dev port 4301/);
    const hosts = repo([]);
    writeApp(hosts, { ...hostManifest(4309), dir: 'shell_two', manifest: { name: 'shell_two', devPort: 4309 } });
    assert.throws(() => readApps(hosts), /exactly one folder must have host\.json \(the shell\), found 2/);
    const both = repo([remoteManifest('mf-catalog', 4301)]);
    writeJson(path.join(both, 'mf-catalog', 'host.json'), { name: 'mf_catalog', devPort: 4301 });
    assert.throws(() => readApps(both), /mf-catalog has both host\.json and remote\.json/);
  });
});
