// One react-router per page (docs/decisions/001-react-router-sharing.md): the apps share @modula/router,
// so a remote uses the copy the shell loaded. A remote that cannot (built before @modula/router, with
// react-router-dom in its own bundle, or against a newer @modula/router than the page's) keeps its own
// copy and still mounts and routes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import type { Page, Response } from '@playwright/test';
import { test, expect } from '../fixtures/test.ts';
import { repoRoot } from '../fixtures/environment.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { findApp } from '../../scripts/lib/apps.ts';
import { deployApp } from '../../scripts/lib/deploy-app.ts';
import { rollbackRemote } from '../../scripts/lib/deploy.ts';

/** A message only react-router's own code carries: a script that has it is a copy of react-router. */
const ROUTER_SIGNATURE = 'You cannot render a <Router> inside another <Router>';

/** Records the scripts carrying a copy of react-router that the page fetches. */
class RouterCopies {
  private readonly pending: Promise<void>[] = [];
  private readonly found: string[] = [];

  constructor(page: Page) {
    page.on('response', (response: Response) => {
      if (response.request().resourceType() !== 'script' || !response.ok()) return;
      this.pending.push(
        response.body().then((body) => {
          if (body.includes(ROUTER_SIGNATURE)) this.found.push(new URL(response.url()).pathname);
        }),
      );
    });
  }

  /** The paths of the copies fetched so far, once their bodies have arrived. */
  async paths(): Promise<string[]> {
    for (let seen = -1; seen !== this.pending.length; ) {
      seen = this.pending.length;
      await Promise.all(this.pending);
    }
    return [...this.found].sort();
  }
}

/** A production build of the app folder into a temporary directory. */
function build(folder: string, env: NodeJS.ProcessEnv = {}): string {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), `modula-${path.basename(folder)}-`));
  const cli = path.join(repoRoot, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
  const result = spawnSync(process.execPath, [cli, '--mode', 'production', '-c', path.join(folder, 'webpack.config.cjs'), '--output-path', out], {
    cwd: repoRoot,
    env: { ...process.env, GIT_SHA: `e2e${Date.now().toString(16)}`, ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`webpack failed:\n${result.stdout}\n${result.stderr}`);
  return out;
}

const scratchDirs: string[] = [];
test.afterAll(() => {
  for (const dir of scratchDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** mf-auth's folder copied under .cache/ (so it resolves the same packages) with another @modula/router range. */
function authWithRouterRange(range: string): string {
  const app = findApp('mf-auth');
  fs.mkdirSync(path.join(repoRoot, '.cache'), { recursive: true });
  const scratch = fs.mkdtempSync(path.join(repoRoot, '.cache', 'e2e-'));
  scratchDirs.push(scratch);
  const copy = path.join(scratch, app.dir);
  fs.cpSync(app.root, copy, { recursive: true, filter: (source) => !/[\\/](node_modules|dist)$/.test(source) });
  const file = path.join(copy, 'package.json');
  const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { dependencies: Record<string, string> };
  pkg.dependencies['@modula/router'] = range;
  fs.writeFileSync(file, JSON.stringify(pkg, null, 2));
  return copy;
}

/** Login page -> sign-up page through mf-auth's own router, then to a shell page and back. */
async function routeThroughAuth(page: Page): Promise<void> {
  const shell = new ShellPage(page);
  await shell.goto('/login');
  const auth = page.locator('[data-remote="mf_auth"]');
  await expect(auth.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await shell.markDocument();
  await auth.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/signup/);
  await expect(auth.getByRole('heading', { level: 1, name: 'Join Today' })).toBeVisible();
  await shell.footerLink('About').click();
  await expect(shell.heading('About Modula')).toBeVisible();
  await page.goBack();
  await expect(page.locator('[data-remote="mf_auth"]').getByRole('heading', { level: 1, name: 'Join Today' })).toBeVisible();
  expect(await shell.documentIsMarked(), 'the page was reloaded').toBe(true);
}

test('a remote page runs one react-router, the shell\'s, which the remote shares', async ({ page }) => {
  const copies = new RouterCopies(page);
  await routeThroughAuth(page);
  const paths = await copies.paths();
  expect(paths).toHaveLength(1);
  expect(paths[0]).not.toMatch(/^\/remotes\//);
});

for (const [name, makeBuild] of [
  // The layout of a remote built before @modula/router: react-router bundled, the share scope never asked.
  ['bundles its own react-router', () => build(findApp('mf-auth').root, { MODULA_ROUTER_PER_APP: '1' })],
  // A remote built against a newer @modula/router than the page's: the shell's copy does not satisfy it.
  ['needs a newer @modula/router than the page has', () => build(authWithRouterRange('^1.1.0'))],
] as const) {
  test(`a remote that ${name} keeps its own copy and still mounts and routes`, async ({ page, env }) => {
    test.setTimeout(180_000);
    const app = findApp('mf-auth');
    const dist = makeBuild();
    try {
      deployApp(env.deployDir, app, dist);
      const copies = new RouterCopies(page);
      await routeThroughAuth(page);
      const paths = await copies.paths();
      expect(paths).toHaveLength(2);
      expect(paths.filter((p) => p.startsWith('/remotes/mf-auth/'))).toHaveLength(1);
    } finally {
      rollbackRemote({ deployDir: env.deployDir, dir: app.dir, name: app.name });
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
}
