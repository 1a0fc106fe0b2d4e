import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { test, expect, publishedHomeId } from '../fixtures/test.ts';
import { repoRoot } from '../fixtures/environment.ts';
import { FirstScreenPage } from '../pages/first-screen-page.ts';
import { ListingDetailPage } from '../pages/catalog-pages.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { findApp } from '../../scripts/lib/apps.ts';
import { deployApp } from '../../scripts/lib/deploy-app.ts';
import { readRegistry, rollbackRemote } from '../../scripts/lib/deploy.ts';

// Public pages arrive as HTML (issue 18): readable without JavaScript, taken over by the app without a
// layout shift, and rendered by the template the owning remote deployed.

async function listing(admin: Parameters<typeof publishedHomeId>[0], id: string) {
  const { data, error } = await admin.from('listings').select('title,price,images').eq('id', id).single();
  if (error || !data) throw new Error(`listing ${id}: ${error?.message}`);
  return data as { title: string; price: number; images: string[] };
}

test('without JavaScript a listing page shows its title, price and photo', async ({ browser, admin, env }) => {
  const id = await publishedHomeId(admin);
  const row = await listing(admin, id);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: env.baseUrl });
  try {
    const page = await context.newPage();
    const response = await page.goto(`/property/${id}`);
    expect(response?.status()).toBe(200);
    const first = new FirstScreenPage(page);
    await expect(first.heading).toHaveText(row.title);
    await expect(page).toHaveTitle(`${row.title} · Modula`);
    const price = new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(row.price);
    await expect(first.screen.getByText(price).first()).toBeVisible();
    const photo = first.screen.getByRole('img', { name: row.title });
    await expect(photo).toBeVisible();
    await expect(photo).toHaveAttribute('width', '880');
    await expect(photo).toHaveAttribute('height', '587');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // A listing that does not exist is a real 404 with the not-found page.
    const missing = await page.goto('/property/00000000-0000-4000-8000-000000000000');
    expect(missing?.status()).toBe(404);
    await expect(first.heading).toHaveText('Page not found');
  } finally {
    await context.close();
  }
});

test('with JavaScript the app takes the first screen over without a layout shift or a blank frame', async ({ page, admin }) => {
  const id = await publishedHomeId(admin);
  const row = await listing(admin, id);
  const first = new FirstScreenPage(page);
  const detail = new ListingDetailPage(page);
  await first.measure();
  await detail.goto(id);
  await expect(detail.heading).toHaveText(row.title);
  await expect(page.getByTestId('first-screen')).toHaveCount(0);
  await expect(first.screen).toHaveCount(0);
  await expect(detail.firstPhoto()).toBeVisible();
  await expect(page).toHaveTitle(`${row.title} · Modula`);
  const measured = await first.measured();
  expect(measured.seen, 'the HTML carried a first screen').toBe(true);
  expect(measured.gaps, 'frames showing neither the first screen nor the page').toBe(0);
  expect(measured.cls, `layout shift (${measured.shifts} entries): ${measured.sources.join('; ')}`).toBe(0);

  // Client-side navigation gives every page its own title, in the visitor's language.
  const shell = new ShellPage(page);
  await shell.navigateInApp('/blog');
  await expect(page).toHaveTitle('Blog · Modula');
  await shell.navigateInApp('/faq');
  await expect(page).toHaveTitle('Frequently asked questions · Modula');
});

test('the page in another language: ?lang=de renders German and the app keeps it', async ({ page, request }) => {
  const html = await (await request.get('/faq?lang=de')).text();
  expect(html).toContain('<html lang="de" dir="ltr">');
  expect(html).toContain('<title>Häufige Fragen · Modula</title>');
  await page.goto('/faq?lang=de');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Häufige Fragen');
  await expect(page).toHaveTitle('Häufige Fragen · Modula');
});

/** mf-catalog's folder with its first-screen template changed, built for production (no shell build). */
function buildChangedCatalog(marker: string): string {
  const app = findApp('mf-catalog');
  fs.mkdirSync(path.join(repoRoot, '.cache'), { recursive: true });
  const copy = path.join(fs.mkdtempSync(path.join(repoRoot, '.cache', 'e2e-')), app.dir);
  fs.cpSync(app.root, copy, { recursive: true, filter: (source) => !/[\\/](node_modules|dist)$/.test(source) });
  const template = path.join(copy, 'src', 'server', 'listing.ts');
  const source = fs.readFileSync(template, 'utf8');
  const changed = source.replace('title: `${row.title} · Modula`,', `title: \`${marker} \${row.title} · Modula\`,`);
  if (changed === source) throw new Error('the listing template no longer has the line this test changes');
  fs.writeFileSync(template, changed);
  const out = path.join(path.dirname(copy), 'dist');
  const cli = path.join(repoRoot, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
  const result = spawnSync(process.execPath, [cli, '--mode', 'production', '-c', path.join(copy, 'webpack.config.cjs'), '--output-path', out], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`webpack failed:\n${result.stdout}\n${result.stderr}`);
  return out;
}

test('a remote deployed with a changed first-screen template changes the HTML without a shell rebuild', async ({ request, admin, env }) => {
  test.setTimeout(240_000);
  const id = await publishedHomeId(admin);
  const row = await listing(admin, id);
  const index = fs.readFileSync(path.join(env.deployDir, 'index.html'));
  const before = await (await request.get(`/property/${id}`)).text();
  expect(before).toContain(`<title>${row.title} · Modula</title>`);
  const marker = `Changed-${Date.now().toString(36)}`;
  const dist = buildChangedCatalog(marker);
  const app = findApp('mf-catalog');
  try {
    deployApp(env.deployDir, app, dist);
    const entry = readRegistry(env.deployDir).remotes.find((r) => r.name === 'mf_catalog');
    expect(entry?.firstScreen).toBe('server/first-screen.mjs');
    const after = await (await request.get(`/property/${id}`)).text();
    expect(after).toContain(`<title>${marker} ${row.title} · Modula</title>`);
    expect(after).toContain(path.posix.dirname(entry?.manifest ?? 'missing'));
    // The shell was not rebuilt nor redeployed: its page is byte for byte what it was.
    expect(fs.readFileSync(path.join(env.deployDir, 'index.html')).equals(index)).toBe(true);
  } finally {
    rollbackRemote({ deployDir: env.deployDir, dir: app.dir, name: app.name });
    fs.rmSync(path.dirname(dist), { recursive: true, force: true });
  }
  const restored = await (await request.get(`/property/${id}`)).text();
  expect(restored).toContain(`<title>${row.title} · Modula</title>`);
});
