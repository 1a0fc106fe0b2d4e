import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import zlib from 'node:zlib';
import { startTestServer, testClock, testDatabases, type TestClock, type TestServer } from '../helpers/server.ts';
import { deployCatalog, deployShellFiles } from './deploy-templates.ts';

// Rendered public pages kept for a while (decision 009), in the running server: one render for many
// requests, a new render after the lifetime, after a deploy, and at once after a change to the rows
// a page shows; compressed bodies by Accept-Encoding; a failing template's fallback never kept.

const COMPANY = '6a1d2b63-6c8f-4d66-8e1d-2e8e8b1f0001';
const LISTING = '6a1d2b63-6c8f-4d66-8e1d-2e8e8b1f0101';
const TTL_MS = 60_000;

interface State {
  renders: number;
  failNext: boolean;
}
const state = (): State => ((globalThis as { __modulaPageCacheTest?: State }).__modulaPageCacheTest ??= { renders: 0, failNext: false });

/** A catalogue template that counts its renders (it runs in this process), reads the database and can fail once. */
const COUNTING_TEMPLATE = `
export async function render(input) {
  const state = (globalThis.__modulaPageCacheTest ??= { renders: 0, failNext: false });
  state.renders++;
  if (state.failNext) {
    state.failNext = false;
    throw new Error('template failed on purpose');
  }
  if (input.params.id === 'missing') return { status: 404, title: '', description: '', canonical: input.path };
  const rows = await input.read('listings?select=id&limit=1');
  return { status: 200, title: 'Counted ' + input.params.id, description: 'A page whose renders are counted.', canonical: input.path,
    body: input.html\`<p id="rows">\${rows.length}</p>\` };
}
`;

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET without fetch's own Accept-Encoding and decompression, so the bytes on the wire are seen. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Asks until check passes or the time is up (a notification crosses the database asynchronously). */
async function eventually<T>(ask: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await ask();
  while (!check(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await ask();
  }
  return value;
}

const titleOf = (body: string) => /<title>([^<]*)<\/title>/.exec(body)?.[1] ?? '';

for (const database of await testDatabases()) {
  describe(`rendered-page cache in the server (${database})`, () => {
    let server: TestServer;
    let clock: TestClock;
    let deployDir: string;
    const page = async (address: string) => {
      const response = await fetch(`${server.url}${address}`);
      return { status: response.status, body: await response.text() };
    };

    before(async () => {
      clock = testClock();
      server = await startTestServer({ database, clock, env: { HTML_CACHE_TTL_MS: String(TTL_MS) } });
      deployDir = server.config.deployDir;
      deployShellFiles(deployDir);
      deployCatalog(deployDir, '2.0.0+aaaaaaaaaaaa', COUNTING_TEMPLATE);
      await server.server.context.db.exec(`
        insert into public.companies (id, name, company_type, verified, country, city, description, website, year_founded)
        values ('${COMPANY}', 'Nordlys Modules', 'manufacturer', true, 'NO', 'Tromsø', 'Modules for the far north.', 'https://nordlys.example', 2015);
        insert into public.listings (id, vendor_id, listing_type, space_type, category_id, title, description, price, location, country,
          bedrooms, bathrooms, size, size_unit, status, published_at, images)
        values ('${LISTING}', '${COMPANY}', 'property', 'modular_home', md5('category:homes')::uuid, 'Polar cabin',
          'A cabin built for long winters.', 210000, 'Tromsø, Norway', 'NO', 2, 1, 70, 'sqm', 'published', now(), '{}');
        insert into public.blog_posts (slug, title, excerpt, body, author_name, language, published_at)
        values ('winter-building', 'Building in winter', 'What frost does to a foundation.', '# Frost', 'Ola Nord', 'en', now());
      `);
    });
    after(async () => server?.close());

    it('renders a page once for many concurrent requests and answers later ones from memory', async () => {
      const rendered = state().renders;
      const pages = await Promise.all(Array.from({ length: 20 }, () => page('/property/one')));
      assert.equal(state().renders - rendered, 1, 'twenty concurrent requests, one render');
      assert.ok(pages.every((p) => p.status === 200 && p.body === pages[0]?.body));
      assert.equal(titleOf(pages[0]?.body ?? ''), 'Counted one');
      await page('/property/one');
      assert.equal(state().renders - rendered, 1, 'a later request is a hit');
      await page('/property/one?lang=de');
      await page('/property/one?b=1&a=2');
      await page('/property/one?a=2&b=1');
      assert.equal(state().renders - rendered, 3, 'another language and another query are other pages; the order of query names is not');
    });

    it('keeps a template 404 like a page', async () => {
      const rendered = state().renders;
      assert.equal((await page('/property/missing')).status, 404);
      const again = await page('/property/missing');
      assert.equal(again.status, 404);
      assert.match(again.body, /<title>Page not found · Modula<\/title>/);
      assert.equal(state().renders - rendered, 1);
    });

    it('renders again when the lifetime has passed', async () => {
      const rendered = state().renders;
      await page('/property/ttl');
      clock.advance(TTL_MS - 1000);
      await page('/property/ttl');
      assert.equal(state().renders - rendered, 1);
      clock.advance(1000);
      await page('/property/ttl');
      assert.equal(state().renders - rendered, 2);
    });

    it('never keeps the index.html of a failing template', async () => {
      state().failNext = true;
      const rendered = state().renders;
      const fallback = await page('/property/flaky');
      assert.equal(fallback.status, 200);
      assert.equal(titleOf(fallback.body), 'Modula · Sustainable modular homes', 'the plain app page');
      const next = await page('/property/flaky');
      assert.equal(titleOf(next.body), 'Counted flaky', 'the next request renders again');
      assert.equal(state().renders - rendered, 2);
    });

    it('sends Brotli, gzip or the page itself by Accept-Encoding, each with the same headers as before', async () => {
      const identity = await rawGet(`${server.url}/property/encoded`);
      const br = await rawGet(`${server.url}/property/encoded`, { 'accept-encoding': 'gzip, deflate, br' });
      const gzip = await rawGet(`${server.url}/property/encoded`, { 'accept-encoding': 'gzip' });
      assert.equal(identity.headers['content-encoding'], undefined);
      assert.equal(br.headers['content-encoding'], 'br');
      assert.equal(gzip.headers['content-encoding'], 'gzip');
      assert.equal(zlib.brotliDecompressSync(br.body).toString(), identity.body.toString());
      assert.equal(zlib.gunzipSync(gzip.body).toString(), identity.body.toString());
      assert.ok(br.body.length < identity.body.length);
      for (const response of [identity, br, gzip]) {
        assert.equal(response.status, 200);
        assert.equal(response.headers.vary, 'Accept-Encoding');
        assert.equal(response.headers['cache-control'], 'no-cache');
        assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
        assert.equal(response.headers['x-content-type-options'], 'nosniff');
        assert.equal(response.headers['x-frame-options'], 'DENY');
        assert.match(String(response.headers['content-security-policy']), /frame-ancestors 'none'/);
        assert.equal(Number(response.headers['content-length']), response.body.length);
      }
      // A 404 comes compressed too.
      const missing = await rawGet(`${server.url}/no-such-page`, { 'accept-encoding': 'br' });
      assert.equal(missing.status, 404);
      assert.match(zlib.brotliDecompressSync(missing.body).toString(), /Page not found/);
    });

    it('serves a new deploy of a remote at once, and the old version again after a rollback', async () => {
      await page('/property/deployed');
      deployCatalog(
        deployDir,
        '2.0.1+bbbbbbbbbbbb',
        `export function render(input) { return { status: 200, title: 'Second version', description: 'The catalogue, deployed again.', canonical: input.path }; }\n`,
      );
      assert.equal(titleOf((await page('/property/deployed')).body), 'Second version');
      deployCatalog(deployDir, '2.0.0+aaaaaaaaaaaa', COUNTING_TEMPLATE);
      assert.equal(titleOf((await page('/property/deployed')).body), 'Counted deployed');
    });

    it("follows changes to every table the anon role reads, and to those only", async () => {
      const { rows } = await server.server.context.db.query<{ tables: string[] }>('select _modula.page_data_watch() as tables');
      const tables = rows[0]?.tables ?? [];
      for (const table of ['public.listings', 'public.companies', 'public.categories', 'public.blog_posts', 'public.plans']) {
        assert.ok(tables.includes(table), `${table} is watched`);
      }
      for (const table of ['public.messages', 'public.favorites', 'public.profiles', 'public.orders']) {
        assert.ok(!tables.includes(table), `${table} is not readable by anon and not watched`);
      }
      const privileges = await server.server.context.db.query<Record<string, boolean>>(
        `select has_function_privilege('anon', '_modula.page_data_watch()', 'execute') as anon_watch,
                has_function_privilege('authenticated', '_modula.page_data_watch()', 'execute') as authenticated_watch,
                has_function_privilege('authenticated', '_modula.page_data_changed()', 'execute') as authenticated_notify`);
      assert.deepEqual(privileges.rows[0], { anon_watch: false, authenticated_watch: false, authenticated_notify: false });
    });

    it('answers 404 for a listing unpublished through the API without waiting for the lifetime', async () => {
      deployCatalog(deployDir, '1.0.0+aaaaaaaaaaaa');
      const address = `/property/${LISTING}`;
      assert.equal(titleOf((await page(address)).body), 'Polar cabin · Modula');
      assert.equal(titleOf((await page(address)).body), 'Polar cabin · Modula');
      const { error } = await server.admin().from('listings').update({ status: 'archived' }).eq('id', LISTING);
      assert.equal(error, null);
      const unpublished = await eventually(() => page(address), (p) => p.status === 404);
      assert.equal(unpublished.status, 404, `still ${unpublished.status} after the listing was unpublished`);
    });

    it('shows a changed vendor and a changed blog post, changed in the database directly', async () => {
      const vendor = `/vendor-profile/${COMPANY}`;
      assert.equal(titleOf((await page(vendor)).body), 'Nordlys Modules · Modula');
      assert.equal(titleOf((await page('/blog/winter-building')).body), 'Building in winter · Modula');
      await server.server.context.db.exec(`update public.companies set name = 'Nordlys Homes' where id = '${COMPANY}'`);
      const renamed = await eventually(() => page(vendor), (p) => titleOf(p.body) === 'Nordlys Homes · Modula');
      assert.equal(titleOf(renamed.body), 'Nordlys Homes · Modula');
      await server.server.context.db.exec(`delete from public.blog_posts where slug = 'winter-building'`);
      const gone = await eventually(() => page('/blog/winter-building'), (p) => p.status === 404);
      assert.equal(gone.status, 404);
    });
  });
}
