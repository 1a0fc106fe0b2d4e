import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { LANGUAGE_CODES as SHARED_LANGUAGES } from '../../../shared/src/i18n/languages.ts';
import { LANGUAGE_CODES } from '../../src/static/render/languages.ts';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { deployCatalog, deployShellFiles } from './deploy-templates.ts';

// Public pages arrive as HTML (issue 18): each route family's head (title, description, canonical,
// hreflang, Open Graph, JSON-LD) and first screen, rendered from the database by the template the
// owning app deployed; 404 for unknown ids and paths; user text escaped.

const COMPANY = '5f0c1a52-5b7e-4c55-9d0c-1f7d7a0e0001';
const LISTING = '5f0c1a52-5b7e-4c55-9d0c-1f7d7a0e0101';
const DRAFT = '5f0c1a52-5b7e-4c55-9d0c-1f7d7a0e0102';
const HOSTILE = '5f0c1a52-5b7e-4c55-9d0c-1f7d7a0e0103';
const ATTACK = '</script><script>alert(1)</script>';

interface Page {
  status: number;
  headers: Headers;
  body: string;
}

function tags(body: string, pattern: RegExp): string[] {
  return [...body.matchAll(pattern)].map((m) => m[1] ?? '');
}

function meta(body: string, key: string): string | null {
  const match = new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(body);
  return match ? (match[1] ?? '').replaceAll('&amp;', '&') : null;
}

function jsonLd(body: string): Record<string, unknown>[] {
  return tags(body, /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g).map((text) => JSON.parse(text) as Record<string, unknown>);
}

function checkHead(page: Page, expected: { title: RegExp; canonical: string }) {
  assert.equal(page.status, 200);
  assert.match(page.headers.get('content-type') ?? '', /text\/html/);
  // Attribute values and text are escaped: "&" is "&amp;".
  const body = page.body.replaceAll('&amp;', '&');
  const titles = tags(body, /<title>([^<]*)<\/title>/g);
  assert.equal(titles.length, 1, 'exactly one title');
  assert.match(titles[0] ?? '', expected.title);
  const descriptions = tags(page.body, /<meta name="description" content="([^"]*)"/g);
  assert.equal(descriptions.length, 1, 'exactly one description');
  assert.ok((descriptions[0] ?? '').length > 10);
  assert.deepEqual(tags(body, /<link rel="canonical" href="([^"]*)"/g), [expected.canonical]);
  const hreflang = tags(page.body, /<link rel="alternate" hreflang="([^"]*)"/g);
  assert.deepEqual([...hreflang].sort(), [...LANGUAGE_CODES, 'x-default'].sort());
  const bare = expected.canonical.replace(/[?&]lang=[a-z]+$/, '');
  assert.match(body, new RegExp(`hreflang="de" href="${bare.replace(/[?.]/g, '\\$&')}[?&]lang=de"`));
  assert.match(body, new RegExp(`hreflang="x-default" href="${bare.replace(/[?.]/g, '\\$&')}"`));
  assert.equal(meta(page.body, 'og:title'), titles[0]);
  assert.equal(meta(page.body, 'og:url'), expected.canonical);
  assert.ok(meta(page.body, 'og:description'));
  assert.ok(meta(page.body, 'twitter:card'));
}

for (const database of await testDatabases()) {
  describe(`server-rendered public pages (${database})`, () => {
    let server: TestServer;
    let deployDir: string;
    const get = async (address: string): Promise<Page> => {
      const response = await fetch(`${server.url}${address}`);
      return { status: response.status, headers: response.headers, body: await response.text() };
    };

    before(async () => {
      server = await startTestServer({ database });
      deployDir = server.config.deployDir;
      deployShellFiles(deployDir);
      deployCatalog(deployDir, '1.0.0+aaaaaaaaaaaa');
      const db = server.server.context.db;
      await db.exec(`
        insert into public.companies (id, name, company_type, verified, country, city, description, website, year_founded)
        values ('${COMPANY}', 'Fjord Modules <b>AS</b>', 'manufacturer', true, 'NO', 'Bergen', 'Timber homes from the west coast.', 'https://fjord.example', 2011);
        insert into public.listings (id, vendor_id, listing_type, space_type, category_id, title, description, price, location, country,
          bedrooms, bathrooms, size, size_unit, status, published_at, images)
        values
          ('${LISTING}', '${COMPANY}', 'property', 'modular_home', md5('category:homes')::uuid, 'Hytte 42 cabin',
           'A two-bedroom timber cabin with a sleeping loft and a covered deck.', 184500, 'Bergen, Norway', 'NO', 2, 1, 64, 'sqm',
           'published', now(), array['${COMPANY}/${LISTING}/cover.webp']),
          ('${DRAFT}', '${COMPANY}', 'property', 'modular_home', md5('category:homes')::uuid, 'Unfinished draft',
           'Not yet public.', 99000, 'Oslo', 'NO', 1, 1, 30, 'sqm', 'draft', null, '{}'),
          ('${HOSTILE}', '${COMPANY}', 'upgrade', null, md5('category:energy')::uuid, '${ATTACK}',
           'Quote " and <img src=x onerror=alert(2)> in text.', 1200, 'Nowhere', 'NO', 0, 0, 0, 'sqm', 'published', now() - interval '1 day', '{}');
        insert into public.blog_posts (slug, title, excerpt, body, author_name, language, published_at)
        values ('choosing-a-plot', 'Choosing a plot for a modular home', 'What to check before you buy land.', '# Plot', 'Ines Berg', 'en', now());
      `);
    });
    after(async () => server?.close());

    it('keeps its language list equal to the interface languages', () => {
      assert.deepEqual([...LANGUAGE_CODES], [...SHARED_LANGUAGES]);
    });

    it("lists the shell's own paths in its template as the shell's router has them", async () => {
      const source = fs.readFileSync(path.resolve(import.meta.dirname, '../../../shell/src/routing/build-routes.tsx'), 'utf8');
      const pages = [...source.matchAll(/path: '([^']+)',\s*access: '([a-z]+)'/g)].map((m) => ({ path: m[1], access: m[2] }));
      pages.push({ path: '/customer-dashboard', access: 'verified' });
      const module = (await import(pathToFileURL(path.join(deployDir, 'server/first-screen.mjs')).href)) as { routes: { path: string; access: string }[] };
      assert.deepEqual(
        module.routes.map((r) => ({ path: r.path, access: r.access })).sort((a, b) => a.path.localeCompare(b.path)),
        pages.sort((a, b) => (a.path ?? '').localeCompare(b.path ?? '')),
      );
    });

    it('renders a listing: head, Product with an Offer in EUR, breadcrumbs and the first screen', async () => {
      const page = await get(`/property/${LISTING}`);
      checkHead(page, { title: /^Hytte 42 cabin · Modula$/, canonical: `${server.url}/property/${LISTING}` });
      assert.equal(meta(page.body, 'og:type'), 'product');
      assert.match(meta(page.body, 'og:image') ?? '', new RegExp(`^${server.url}/storage/v1/render/image/public/listing-images/${COMPANY}/${LISTING}/cover\\.webp\\?width=1200&height=630`));
      assert.equal(meta(page.body, 'twitter:card'), 'summary_large_image');
      const data = jsonLd(page.body);
      const product = data.find((item) => item['@type'] === 'Product') as { name: string; offers: { price: string; priceCurrency: string } };
      assert.equal(product.name, 'Hytte 42 cabin');
      assert.equal(product.offers.priceCurrency, 'EUR');
      assert.equal(Number(product.offers.price), 184500);
      assert.ok(data.some((item) => item['@type'] === 'BreadcrumbList'));
      // The first screen: title, price, location, the cover photo with its size, key facts.
      const screen = page.body.slice(page.body.indexOf('<div id="modula-first-screen">'));
      assert.match(screen, /<h1>Hytte 42 cabin<\/h1>/);
      assert.match(screen, /€184,500/);
      assert.match(screen, /Bergen, Norway/);
      assert.match(screen, /<img class="fs-photo" src="\/storage\/v1\/render\/image\/public\/listing-images\/[^"]+" srcset="[^"]+" sizes="[^"]+" width="880" height="587"/);
      assert.match(screen, /2 beds/);
      // Preload hints: the photo, the remote's manifest, remoteEntry.js and the ./app chunk.
      assert.match(page.body, /<link rel="preload" as="image" href="\/storage\/v1\/render\/image\/public\/listing-images\//);
      // The page's head comes right after the viewport: its title and photo before anything index.html preloads.
      const head = page.body.slice(0, page.body.indexOf('</head>'));
      assert.ok(head.indexOf('rel="preload" as="image"') < head.indexOf('href="/config.json"'), 'the photo is preloaded before the shell files');
      assert.ok(head.indexOf('<title>') < head.indexOf('href="/config.json"'));
      assert.match(page.body, /<link rel="preload" href="\/remotes\/mf-catalog\/1\.0\.0\+aaaaaaaaaaaa\/mf-manifest\.json" as="fetch" crossorigin="anonymous" \/>/);
      assert.match(page.body, /<link rel="preload" href="\/remotes\/mf-catalog\/1\.0\.0\+aaaaaaaaaaaa\/remoteEntry\.js" as="script" \/>/);
      assert.equal(page.headers.get('cache-control'), 'no-cache');
      assert.ok(page.headers.get('content-security-policy'));
    });

    it('renders the page in the language asked for, with the canonical of that language', async () => {
      const page = await get(`/property/${LISTING}?lang=de`);
      checkHead(page, { title: /^Hytte 42 cabin · Modula$/, canonical: `${server.url}/property/${LISTING}?lang=de` });
      assert.match(page.body, /<html lang="de" dir="ltr">/);
      assert.match(page.body, /184\.500\s€/);
      const arabic = await get(`/property/${LISTING}?lang=ar`);
      assert.match(arabic.body, /<html lang="ar" dir="rtl">/);
      assert.equal(meta(arabic.body, 'og:locale'), 'ar_AR');
    });

    it('answers 404 with the not-found page for a missing, a draft or a malformed listing and for an unowned path', async () => {
      for (const address of [`/property/5f0c1a52-5b7e-4c55-9d0c-000000000000`, `/property/${DRAFT}`, '/property/not-a-uuid', '/no-such-page', '/blog/no-such-post', `/vendor-profile/${DRAFT}`]) {
        const page = await get(address);
        assert.equal(page.status, 404, address);
        assert.match(page.body, /<title>Page not found · Modula<\/title>/, address);
        assert.match(page.body, /<h1>Page not found<\/h1>/, address);
        assert.match(page.body, /<meta name="robots" content="noindex" \/>/, address);
      }
      // Routes the app guards are still the app's page.
      assert.equal((await get('/customer-dashboard')).status, 200);
      assert.equal((await get('/dashboard')).status, 200, "mf-vendor's verified route");
      assert.equal((await get('/login')).status, 404, 'mf-auth is not deployed here, so nothing owns /login');
    });

    it('escapes user text in the first screen, the head and the JSON-LD', async () => {
      const page = await get(`/upgrade/${HOSTILE}`);
      assert.equal(page.status, 200);
      assert.ok(!page.body.includes(ATTACK), 'the raw title never appears');
      assert.ok(!page.body.includes('<img src=x'), 'the raw description never appears');
      assert.match(page.body, /<h1>&lt;\/script&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;<\/h1>/);
      assert.match(page.body, /<title>&lt;\/script&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt; · Modula<\/title>/);
      assert.match(page.body, /\\u003c\/script\\u003e\\u003cscript\\u003ealert\(1\)/);
      const product = jsonLd(page.body).find((item) => item['@type'] === 'Product') as { name: string };
      assert.equal(product.name, ATTACK);
      // Only the server's own scripts: the JSON-LD blocks and the shell's bundle.
      const scripts = tags(page.body, /<script([^>]*)>/g);
      assert.ok(scripts.every((attributes) => attributes.includes('application/ld+json') || attributes.includes('src=')), scripts.join(' | '));
    });

    it('renders /listings with its results, and a type page with its own title', async () => {
      const page = await get('/listings?category=homes');
      checkHead(page, { title: /^Homes · Modula$/, canonical: `${server.url}/listings?category=homes` });
      assert.match(page.body, /<li class="fs-card"><a href="\/property\/[^"]+">/);
      assert.match(page.body, /Hytte 42 cabin/);
      assert.ok(!page.body.includes('Unfinished draft'));
      const upgrades = await get('/upgrades');
      checkHead(upgrades, { title: /^Upgrades & add-ons · Modula$/, canonical: `${server.url}/upgrades` });
      assert.equal((await get('/listings?category=no-such-category')).status, 404);
      const home = await get('/');
      checkHead(home, { title: /^Modula · Find the Perfect Home$/, canonical: `${server.url}/` });
      assert.ok(jsonLd(home.body).some((item) => item['@type'] === 'Organization'));
      // As the app's cards: the first of a page load at once with high priority (the largest paint), the rest lazily.
      const loading = (body: string) =>
        body.split('<li class="fs-card">').slice(1).map((item) => item.match(/<img [^>]*?(loading="\w+"(?: fetchpriority="high")?)/)?.[1] ?? 'no photo');
      const eager = 'loading="eager" fetchpriority="high"';
      const listings = loading((await get('/listings')).body).filter((value) => value !== 'no photo');
      assert.ok(listings.length > 0);
      assert.deepEqual(listings.slice(0, 3), listings.slice(0, 3).map(() => eager));
      assert.ok(listings.slice(3).every((value) => value === 'loading="lazy"'));
      assert.ok(loading(home.body).slice(0, 2).includes(eager));
      assert.ok(loading(home.body).slice(2).every((value) => value !== eager));
    });

    it('renders a vendor as an Organization, a blog post as a BlogPosting and the FAQ as an FAQPage', async () => {
      const vendor = await get(`/vendor-profile/${COMPANY}`);
      checkHead(vendor, { title: /^Fjord Modules &lt;b&gt;AS&lt;\/b&gt; · Modula$/, canonical: `${server.url}/vendor-profile/${COMPANY}` });
      const organization = jsonLd(vendor.body).find((item) => item['@type'] === 'Organization') as { name: string; foundingDate: string };
      assert.equal(organization.name, 'Fjord Modules <b>AS</b>');
      assert.equal(organization.foundingDate, '2011');
      // The vendor's listings load lazily, as the app's vendor page loads them.
      const vendorPhotos = [...vendor.body.matchAll(/<li class="fs-card">.*?<img [^>]*?loading="(\w+)"/g)].map((m) => m[1]);
      assert.ok(vendorPhotos.length > 0 && vendorPhotos.every((value) => value === 'lazy'), vendorPhotos.join());

      const post = await get('/blog/choosing-a-plot');
      checkHead(post, { title: /^Choosing a plot for a modular home · Modula$/, canonical: `${server.url}/blog/choosing-a-plot` });
      const article = jsonLd(post.body).find((item) => item['@type'] === 'BlogPosting') as { headline: string; author: { name: string } };
      assert.equal(article.headline, 'Choosing a plot for a modular home');
      assert.equal(article.author.name, 'Ines Berg');
      assert.match(post.body, /What to check before you buy land\./);
      checkHead(await get('/blog'), { title: /^Blog · Modula$/, canonical: `${server.url}/blog` });

      const faq = await get('/faq?lang=fr');
      checkHead(faq, { title: / · Modula$/, canonical: `${server.url}/faq?lang=fr` });
      const faqPage = jsonLd(faq.body).find((item) => item['@type'] === 'FAQPage') as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
      assert.ok(faqPage.mainEntity.length >= 5);
      assert.ok(faqPage.mainEntity.every((q) => q.name && q.acceptedAnswer.text));
      checkHead(await get('/about'), { title: /^About Modula · Modula$/, canonical: `${server.url}/about` });
    });

    it("renders mf-vendor's /pricing with its plans in euros, from mf-vendor's own template", async () => {
      const page = await get('/pricing');
      checkHead(page, { title: /^Plans for vendors · Modula$/, canonical: `${server.url}/pricing` });
      const catalog = jsonLd(page.body).find((item) => item['@type'] === 'OfferCatalog') as { itemListElement: { name: string; price: string; priceCurrency: string }[] };
      assert.ok(catalog.itemListElement.length >= 3);
      assert.ok(catalog.itemListElement.every((offer) => offer.priceCurrency === 'EUR' && Number(offer.price) > 0));
      assert.match(page.body, /\/remotes\/mf-vendor\/1\.0\.0\+dddddddddddd\/remoteEntry\.js/);
      assert.match(page.body, /<h2>Starter<\/h2>/);
    });

    it('uses a newly deployed template at once, without a restart', async () => {
      deployCatalog(
        deployDir,
        '1.0.1+bbbbbbbbbbbb',
        `export function render(input) { return { status: 200, title: 'Version two', description: 'The second template of the catalogue.', canonical: input.path, body: input.html\`<p id="v2">\${input.route}</p>\` }; }\n`,
      );
      const page = await get(`/property/${LISTING}`);
      assert.match(page.body, /<title>Version two<\/title>/);
      assert.match(page.body, /<p id="v2">\/property\/:id<\/p>/);
      assert.match(page.body, /\/remotes\/mf-catalog\/1\.0\.1\+bbbbbbbbbbbb\/remoteEntry\.js/);
      // And back: the first version's template is used again after a rollback.
      deployCatalog(deployDir, '1.0.0+aaaaaaaaaaaa');
      assert.match((await get(`/property/${LISTING}`)).body, /<title>Hytte 42 cabin · Modula<\/title>/);
    });

    it('keeps serving the app when a template fails, and index.html as it is', async () => {
      deployCatalog(deployDir, '1.0.2+cccccccccccc', `export function render() { throw new Error('broken template'); }\n`);
      const page = await get(`/property/${LISTING}`);
      assert.equal(page.status, 200);
      assert.match(page.body, /<title>Modula · Sustainable modular homes<\/title>/);
      deployCatalog(deployDir, '1.0.0+aaaaaaaaaaaa');
      const index = await get('/index.html');
      assert.match(index.body, /<div class="boot"/);
    });
  });
}
