// npm run deploy -- <app> --from <dir> deploys a saved build as it was built: its routes, contract,
// @modula/shared range and version come from the build's registry fragment, not from the working tree,
// which may have changed since.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { FRAGMENT_FILE, registryFragment, type RegistryFragment, type RemoteApp } from '@modula/tooling/apps';
import { findApp } from '../lib/apps.ts';
import { readRegistry } from '../lib/deploy.ts';
import { repoRoot, scratch, writeJson, writeText } from './helpers.ts';

let root: string;
let deployDir: string;

function deployCli(args: string[]) {
  return spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'deploy.ts'), ...args], {
    cwd: repoRoot,
    env: { ...process.env, DEPLOY_DIR: deployDir, INIT_CWD: root },
    encoding: 'utf8',
  });
}

/** A saved build of a remote: a few built files and the fragment its build wrote. */
function savedBuild(name: string, fragment: RegistryFragment): string {
  const dist = path.join(root, name);
  writeText(path.join(dist, 'mf-manifest.json'), JSON.stringify({ id: fragment.name }));
  writeText(path.join(dist, 'remoteEntry.js'), `/* ${name} */`);
  writeText(path.join(dist, '512.abcdef12.js'), `/* chunk of ${name} */`);
  writeJson(path.join(dist, FRAGMENT_FILE), fragment);
  return dist;
}

before(() => {
  root = scratch('deploy-from');
  deployDir = path.join(root, 'deploy');
});
after(() => fs.rmSync(root, { recursive: true, force: true }));

describe('deploying a saved build', () => {
  test('registers the routes, contract, range and version it was built with, whatever the working tree says now', () => {
    const catalog = findApp('mf-catalog') as RemoteApp;
    const now = registryFragment(catalog);
    // Built before the working tree changed: a route since removed, an older version, contract and range.
    const then: RegistryFragment = {
      ...now,
      version: '0.0.9',
      contract: '1.0.0',
      shared: '>=1.0.0 <2',
      routes: [...now.routes.filter((route) => route.path !== '/search'), { path: '/old-catalogue/:id', access: 'public' }],
    };
    assert.notDeepEqual(then.routes, catalog.routes);

    const missing = deployCli(['mf-catalog', '--from', 'saved-catalog']);
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /saved-catalog does not exist: build mf-catalog first/);
    savedBuild('saved-catalog', then);
    const deployed = deployCli(['mf-catalog', '--from', 'saved-catalog']);
    assert.equal(deployed.status, 0, deployed.stderr);
    assert.match(deployed.stdout, /^mf-catalog: 0\.0\.9\+[0-9a-f]{12} \(was not deployed\)/);

    const entry = readRegistry(deployDir).remotes.find((remote) => remote.name === 'mf_catalog');
    assert.ok(entry);
    assert.deepEqual(entry.routes, then.routes);
    assert.ok(entry.routes.some((route) => route.path === '/old-catalogue/:id'));
    assert.ok(!entry.routes.some((route) => route.path === '/search'));
    assert.equal(entry.contract, '1.0.0');
    assert.equal(entry.shared, '>=1.0.0 <2');
    assert.match(entry.version, /^0\.0\.9\+/);
    // The deployed folder is the saved build, with the entry kept for rollbacks.
    const folder = path.join(deployDir, 'remotes', 'mf-catalog', entry.version);
    assert.equal(fs.readFileSync(path.join(folder, '512.abcdef12.js'), 'utf8'), '/* chunk of saved-catalog */');
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(folder, 'registry-entry.json'), 'utf8')), entry);
  });

  test("refuses a saved build of another remote and leaves the registry as it was", () => {
    const registryBefore = fs.readFileSync(path.join(deployDir, 'remotes.json'), 'utf8');
    savedBuild('saved-auth', registryFragment(findApp('mf-auth') as RemoteApp));
    const result = deployCli(['mf-catalog', '--from', 'saved-auth']);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /saved-auth is a build of mf_auth, not of mf_catalog: deploy it as that remote/);
    assert.equal(fs.readFileSync(path.join(deployDir, 'remotes.json'), 'utf8'), registryBefore);
  });

  test('explains how to call it', () => {
    const result = deployCli([]);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /^Usage: npm run deploy -- <shell\|mf-catalog\|mf-auth\|.*\|all> \[--from <build folder>\]/);
    assert.match(deployCli(['mf-nothing']).stderr, /Unknown app "mf-nothing"\. Known: shell, mf-catalog/);
    assert.match(deployCli(['all', '--from', 'saved-auth']).stderr, /--from works with one app only/);
  });
});
