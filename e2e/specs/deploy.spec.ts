import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { FRAGMENT_FILE, registryFragment, type RemoteApp } from '@modula/tooling/apps';
import { test, expect, withRegistry } from '../fixtures/test.ts';
import { repoRoot } from '../fixtures/environment.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { DeploymentStatusPage } from '../pages/deployment-status-page.ts';
import { findApp } from '../../scripts/lib/apps.ts';
import { deployApp } from '../../scripts/lib/deploy-app.ts';
import { readRegistry, rollbackRemote, writeWithVariantsSync } from '../../scripts/lib/deploy.ts';

/** A real production build of a remote's folder with a different commit id, so its content (and version) differ. */
function buildChanged(folder: string, sha: string): string {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), `modula-${path.basename(folder)}-`));
  const cli = path.join(repoRoot, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
  const result = spawnSync(process.execPath, [cli, '--mode', 'production', '-c', path.join(folder, 'webpack.config.cjs'), '--output-path', out], {
    cwd: repoRoot,
    env: { ...process.env, GIT_SHA: sha },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`webpack failed:\n${result.stdout}\n${result.stderr}`);
  return out;
}

/**
 * The remote's folder as its team has it after a change, copied under .cache/ (inside the repository, so
 * the copy resolves the same packages) with its remote.json changed.
 */
function changedCopy(app: RemoteApp, manifest: Record<string, unknown>): string {
  fs.mkdirSync(path.join(repoRoot, '.cache'), { recursive: true });
  const copy = path.join(fs.mkdtempSync(path.join(repoRoot, '.cache', 'e2e-')), app.dir);
  fs.cpSync(app.root, copy, { recursive: true, filter: (source) => !/[\\/](node_modules|dist)$/.test(source) });
  const file = path.join(copy, 'remote.json');
  fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), ...manifest }, null, 2));
  return copy;
}

test('deploying a changed remote while the app runs shows it after a reload and touches nothing else', async ({ page, env }) => {
  test.setTimeout(180_000);
  const app = findApp('mf-vendor');
  const shell = new ShellPage(page);
  const status = new DeploymentStatusPage(page);
  const before = readRegistry(env.deployDir).remotes;
  const vendorBefore = before.find((r) => r.name === 'mf_vendor');

  await shell.goto('/deployment-status');
  await status.loadAll();
  await expect(status.state('mf_vendor')).toHaveText('Loaded');
  await expect(status.row('mf_vendor')).toContainText(vendorBefore?.version ?? 'missing');

  const sha = `e2e${Date.now().toString(16)}`;
  const dist = buildChanged(app.root, sha);
  try {
    // The build carries its own registry entry: what the working tree's remote.json said when it was built.
    expect(JSON.parse(fs.readFileSync(path.join(dist, FRAGMENT_FILE), 'utf8'))).toEqual(registryFragment(app as RemoteApp));
    deployApp(env.deployDir, app, dist);
    const after = readRegistry(env.deployDir).remotes;
    const vendorAfter = after.find((r) => r.name === 'mf_vendor');
    expect(vendorAfter?.version).not.toBe(vendorBefore?.version);
    // Every other entry is exactly what it was.
    expect(after.filter((r) => r.name !== 'mf_vendor')).toEqual(before.filter((r) => r.name !== 'mf_vendor'));

    // The page already running keeps what it loaded until it is reloaded.
    await expect(status.row('mf_vendor')).toContainText(vendorBefore?.version ?? 'missing');
    await page.reload();
    await status.loadAll();
    await expect(status.state('mf_vendor')).toHaveText('Loaded');
    await expect(status.row('mf_vendor')).toContainText(vendorAfter?.version ?? 'missing');
    await expect(status.row('mf_vendor')).toContainText(sha);
    for (const other of before.filter((r) => r.name !== 'mf_vendor')) {
      await expect(status.row(other.name)).toContainText(other.version);
    }
    await shell.navigateInApp('/pricing');
    await expect(page.locator('[data-remote="mf_vendor"]').getByRole('heading', { level: 1, name: 'Plans for vendors' })).toBeVisible();

    // And the rollback command points it back.
    rollbackRemote({ deployDir: env.deployDir, dir: app.dir, name: app.name });
    await shell.goto('/deployment-status');
    await expect(status.row('mf_vendor')).toContainText(vendorBefore?.version ?? 'missing');
  } finally {
    fs.rmSync(dist, { recursive: true, force: true });
  }
});

test('a remote built against a newer contract is deployed, and the running shell refuses it and says why', async ({ page, env }) => {
  test.setTimeout(240_000);
  const app = findApp('mf-vendor') as RemoteApp;
  const shell = new ShellPage(page);
  const status = new DeploymentStatusPage(page);
  const live = readRegistry(env.deployDir).remotes.find((r) => r.name === 'mf_vendor');
  const next = `${Number(app.contract.split('.')[0]) + 1}.0.0`;
  const copy = changedCopy(app, { contract: next });
  const dist = buildChanged(copy, `e2econtract${Date.now().toString(16)}`);
  try {
    deployApp(env.deployDir, app, dist);
    const deployed = readRegistry(env.deployDir).remotes.find((r) => r.name === 'mf_vendor');
    expect(deployed?.contract).toBe(next);
    expect(deployed?.version).not.toBe(live?.version);

    await shell.goto('/pricing');
    await expect(shell.fallback).toBeVisible();
    await expect(page.locator('[data-remote="mf_vendor"]').getByRole('heading', { level: 1, name: 'Plans for vendors' })).toHaveCount(0);
    // The rest of the page keeps working.
    await shell.navLink('Listings').click();
    await expect(page.locator('[data-remote="mf_catalog"]')).not.toBeEmpty();
    await shell.navigateInApp('/deployment-status');
    await expect(status.state('mf_vendor')).toContainText(`refused: contract ${next} is incompatible with the shell's ${app.contract} (major versions differ)`);

    // A registry entry that claims the old contract does not help: the contract is compiled into the build.
    await withRegistry(page, (remotes) => remotes.map((r) => (r.name === 'mf_vendor' ? { ...r, contract: app.contract } : r)));
    await shell.goto('/pricing');
    await expect(shell.fallback).toBeVisible();
    await shell.navigateInApp('/deployment-status');
    await expect(status.state('mf_vendor')).toContainText(`refused: its build says contract ${next} is incompatible`);
  } finally {
    if (live) rollbackRemote({ deployDir: env.deployDir, dir: app.dir, name: app.name, version: live.version });
    fs.rmSync(dist, { recursive: true, force: true });
    fs.rmSync(path.dirname(copy), { recursive: true, force: true });
  }
  expect(readRegistry(env.deployDir).remotes.find((r) => r.name === 'mf_vendor')?.version).toBe(live?.version);
});

/** Same-size rewrites of the files a deploy or rollback replaces in place. */
const SAME_SIZE_CHANGES: { file: string; change: (text: string) => string }[] = [
  {
    file: 'remotes.json',
    change: (text) => {
      const registry = JSON.parse(text) as { remotes: unknown[] };
      return JSON.stringify({ ...registry, remotes: [...registry.remotes].reverse() }, null, 2) + (text.endsWith('\n') ? '\n' : '');
    },
  },
  { file: 'index.html', change: (text) => text.replace('Loading Modula', 'Loading modula') },
];

for (const { file, change } of SAME_SIZE_CHANGES) {
  test(`${file} rewritten within the same second at the same size is sent anew, never answered 304`, async ({ request, env }) => {
    const target = path.join(env.deployDir, file);
    const original = fs.readFileSync(target, 'utf8');
    const { mtime } = fs.statSync(target);
    const changed = change(original);
    expect(changed).not.toBe(original);
    expect(Buffer.byteLength(changed)).toBe(Buffer.byteLength(original));
    try {
      const first = await request.get(`/${file}`);
      expect(first.status()).toBe(200);
      const validators: Record<string, string> = {};
      const etag = first.headers()['etag'];
      const lastModified = first.headers()['last-modified'];
      if (etag) validators['If-None-Match'] = etag;
      if (lastModified) validators['If-Modified-Since'] = lastModified;

      // What a rollback right after a deploy leaves: other bytes, same size, same modification second,
      // written as deploys write it (with fresh .br and .gz, which the servers send by Accept-Encoding).
      writeWithVariantsSync(target, changed);
      for (const written of [target, `${target}.br`, `${target}.gz`]) fs.utimesSync(written, mtime, mtime);
      const second = await request.get(`/${file}`, { headers: validators });
      expect(second.status()).toBe(200);
      expect(await second.text()).toBe(changed);
    } finally {
      writeWithVariantsSync(target, original);
    }
  });
}
