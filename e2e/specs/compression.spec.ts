// The page's files arrive compressed from whichever server is in front (the backend, or nginx with
// E2E_NGINX=1): the .br made at build time, with Vary: Accept-Encoding; and search engines find the
// sitemap and robots.txt. The home page still works with zod bundled per build (not a shared singleton).
import { test, expect } from '../fixtures/test.ts';
import { CatalogHome } from '../pages/catalog-pages.ts';

test('a first visit to home downloads every script and the registry compressed', async ({ page, env }) => {
  const origin = new URL(env.baseUrl).origin;
  const pending: Promise<{ url: string; accepted: string; encoding: string | undefined; vary: string | undefined }>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== origin || response.status() !== 200) return;
    if (!/\.js$/.test(url.pathname) && url.pathname !== '/remotes.json') return;
    const headers = response.headers();
    pending.push(
      response.request().allHeaders().then((sent) => ({ url: url.pathname, accepted: sent['accept-encoding'] ?? '', encoding: headers['content-encoding'], vary: headers.vary })),
    );
  });
  const home = new CatalogHome(page);
  await home.goto();
  await expect(home.featuredCards().first()).toBeVisible();
  const seen = await Promise.all(pending);
  expect(seen.filter((r) => r.url.endsWith('.js')).length).toBeGreaterThan(5);
  expect(seen.map((r) => r.url)).toContain('/remotes.json');
  for (const response of seen) {
    // Chromium asks for br over HTTPS and on localhost; otherwise for gzip.
    expect(response.encoding, `${response.url} (asked for ${response.accepted})`).toBe(response.accepted.includes('br') ? 'br' : 'gzip');
    expect(response.vary?.toLowerCase(), response.url).toContain('accept-encoding');
  }
});

test('a client that accepts only gzip gets gzip, and one that accepts neither gets the file itself', async ({ request, page }) => {
  await page.goto('/');
  const entry = await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[src*="main.js"]')?.getAttribute('src') ?? '');
  expect(entry).toContain('main.js');
  const gzip = await request.get(entry, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  const identity = await request.get(entry, { headers: { 'Accept-Encoding': 'identity' } });
  expect(identity.headers()['content-encoding']).toBeUndefined();
  expect(identity.headers()['content-type']).toMatch(/javascript/);
  // Playwright decodes the gzip body: both answers are the same script.
  expect(await gzip.text()).toBe(await identity.text());
});

test('robots.txt names the sitemap, and the sitemap lists the home page in every language', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  expect(text).toContain('Disallow: /dashboard');
  const sitemapUrl = /^Sitemap: (\S+)$/m.exec(text)?.[1] ?? '';
  expect(sitemapUrl).toMatch(/\/sitemap\.xml$/);
  const sitemap = await request.get(new URL(sitemapUrl).pathname);
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toMatch(/xml/);
  const xml = await sitemap.text();
  for (const lang of ['en', 'de', 'ar', 'zh']) expect(xml).toContain(`/?lang=${lang}</loc>`);
  expect(xml).toMatch(/<loc>[^<]*\/property\/[0-9a-f-]{36}\?lang=en<\/loc>/);
});
