import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { test, expect } from '../fixtures/test.ts';
import { repoRoot } from '../fixtures/environment.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { DeploymentStatusPage } from '../pages/deployment-status-page.ts';
import { findApp } from '../../scripts/lib/apps.ts';
import { deployApp } from '../../scripts/lib/deploy-app.ts';
import { readRegistry, rollbackRemote } from '../../scripts/lib/deploy.ts';

/** A real production build of one remote with a different commit id, so its content (and version) differ. */
function buildChanged(dir: string, sha: string): string {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), `modula-${dir}-`));
  const cli = path.join(repoRoot, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
  const result = spawnSync(process.execPath, [cli, '--mode', 'production', '-c', path.join(dir, 'webpack.config.cjs'), '--output-path', out], {
    cwd: repoRoot,
    env: { ...process.env, GIT_SHA: sha },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`webpack failed:\n${result.stdout}\n${result.stderr}`);
  return out;
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
  const dist = buildChanged(app.dir, sha);
  try {
    deployApp(repoRoot, env.deployDir, app, dist);
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
    await expect(page.locator('[data-remote="mf_vendor"]').getByRole('heading', { name: 'Pricing' })).toBeVisible();

    // And the rollback command points it back.
    rollbackRemote({ deployDir: env.deployDir, dir: app.dir, name: app.name });
    await shell.goto('/deployment-status');
    await expect(status.row('mf_vendor')).toContainText(vendorBefore?.version ?? 'missing');
  } finally {
    fs.rmSync(dist, { recursive: true, force: true });
  }
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

      // What a rollback right after a deploy leaves: other bytes, same size, same modification second.
      fs.writeFileSync(target, changed);
      fs.utimesSync(target, mtime, mtime);
      const second = await request.get(`/${file}`, { headers: validators });
      expect(second.status()).toBe(200);
      expect(await second.text()).toBe(changed);
    } finally {
      fs.writeFileSync(target, original);
    }
  });
}
