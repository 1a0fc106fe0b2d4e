// /sitemap.xml and /robots.txt: every published listing (by kind), vendor with published listings,
// published article and content page, each in the 14 languages with hreflang alternates; split into an
// index past the limits; robots.txt keeps crawlers out of dashboards, auth and admin and names the sitemap.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import type { Database } from '../../src/db/types.ts';
import { generateSitemap, sitemapJobs } from '../../src/seo/index.ts';
import { CONTENT_PATHS, renderSitemaps, SITEMAP_LANGUAGES, type SitemapPage } from '../../src/seo/sitemap.ts';
import { LANGUAGE_CODES } from '../../../shared/src/i18n/languages.ts';
import { categoryId, createFixture, ids } from '../schema/helpers/fixture.ts';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));
const urlBlocks = (xml: string) => [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((m) => m[1] ?? '');

describe('sitemap rendering', () => {
  const pages: SitemapPage[] = Array.from({ length: 10 }, (_, i) => ({ path: `/property/${i}`, lastmod: new Date(Date.UTC(2026, 10, i + 1)) }));

  it('lists the interface languages (the same 14 as shared/src/i18n/languages.ts)', () => {
    assert.deepEqual([...SITEMAP_LANGUAGES].sort(), [...LANGUAGE_CODES].sort());
  });

  it('gives every page one entry per language, each with all 14 alternates and x-default', () => {
    const files = renderSitemaps('https://modula.example/', pages.slice(0, 1));
    assert.deepEqual([...files.keys()], ['sitemap.xml']);
    const xml = files.get('sitemap.xml') ?? '';
    assert.match(xml, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9" xmlns:xhtml="http:\/\/www\.w3\.org\/1999\/xhtml">/);
    const blocks = urlBlocks(xml);
    assert.equal(blocks.length, 14);
    assert.deepEqual(locs(xml), SITEMAP_LANGUAGES.map((lang) => `https://modula.example/property/0?lang=${lang}`));
    for (const block of blocks) {
      const hreflangs = [...block.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
      assert.equal(hreflangs.length, 15);
      assert.ok(hreflangs.includes('ar https://modula.example/property/0?lang=ar'));
      assert.ok(hreflangs.includes('x-default https://modula.example/property/0'));
      assert.match(block, /<lastmod>2026-11-01T00:00:00\.000Z<\/lastmod>/);
    }
  });

  it('splits into an index and parts past the URL limit, every URL exactly once', () => {
    const files = renderSitemaps('https://modula.example', pages, { maxUrls: 30, maxBytes: 50 * 1024 * 1024 }, new Date('2026-11-27T00:00:00Z'));
    // 10 pages x 14 languages = 140 URLs: five parts of at most 30.
    assert.deepEqual([...files.keys()].sort(), ['sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml', 'sitemap-4.xml', 'sitemap-5.xml', 'sitemap.xml']);
    const index = files.get('sitemap.xml') ?? '';
    assert.match(index, /<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    assert.deepEqual(locs(index), [1, 2, 3, 4, 5].map((n) => `https://modula.example/sitemap-${n}.xml`));
    const all: string[] = [];
    for (let n = 1; n <= 5; n++) {
      const part = locs(files.get(`sitemap-${n}.xml`) ?? '');
      assert.ok(part.length <= 30 && part.length > 0);
      all.push(...part);
    }
    assert.equal(all.length, 140);
    assert.equal(new Set(all).size, 140);
  });

  it('splits past the byte limit too, and keeps at 50,000 URLs a file by default', () => {
    const one = renderSitemaps('https://modula.example', pages.slice(0, 1)).get('sitemap.xml') ?? '';
    const files = renderSitemaps('https://modula.example', pages, { maxUrls: 50_000, maxBytes: Buffer.byteLength(one) * 2 });
    assert.ok(files.size > 2);
    for (const [name, xml] of files) if (name !== 'sitemap.xml') assert.ok(Buffer.byteLength(xml) <= Buffer.byteLength(one) * 2, name);
    // 3,572 x 14 = 50,008 URLs: with 15 alternates each, 50 MiB is reached first (about 35,000 URLs).
    const many: SitemapPage[] = Array.from({ length: 3572 }, (_, i) => ({ path: `/property/${i}`, lastmod: null }));
    const big = renderSitemaps('https://modula.example', many);
    assert.deepEqual([...big.keys()].sort(), ['sitemap-1.xml', 'sitemap-2.xml', 'sitemap.xml']);
    const counts = ['sitemap-1.xml', 'sitemap-2.xml'].map((name) => urlBlocks(big.get(name) ?? '').length);
    assert.equal(counts[0]! + counts[1]!, 50_008);
    for (const name of ['sitemap-1.xml', 'sitemap-2.xml']) {
      assert.ok(Buffer.byteLength(big.get(name) ?? '') <= 50 * 1024 * 1024, name);
      assert.ok(urlBlocks(big.get(name) ?? '').length <= 50_000, name);
    }
  });

  it('escapes what it puts in XML', () => {
    const xml = renderSitemaps('https://modula.example/?a=1&b=<2>', [{ path: '/x', lastmod: null }]).get('sitemap.xml') ?? '';
    assert.ok(!xml.includes('&b=<2>'));
    assert.ok(xml.includes('&amp;b=&lt;2&gt;'));
  });
});

for (const database of await testDatabases()) {
  describe(`sitemap and robots.txt on ${database}`, () => {
    let t: TestServer;
    let db: Database;
    let serviceId = '';
    before(async () => {
      t = await startTestServer({ database });
      db = t.server.context.db;
      await createFixture(db);
      const { rows } = await db.query<{ id: string }>(
        `insert into public.listings (vendor_id, listing_type, category_id, title, description, price, status)
         values ($1, 'service', $2, 'Site survey and foundations', 'We pour the slab.', 1500, 'published') returning id::text`,
        [ids.companyA, categoryId('build-install')],
      );
      serviceId = rows[0]?.id ?? '';
      await db.query(
        `insert into public.blog_posts (slug, title, excerpt, body, author_name, published_at) values
           ('timber-frames-explained', 'Timber frames explained', 'Why wood.', 'Body', 'Modula', now() - interval '1 day'),
           ('secret-draft', 'A draft', 'Not yet.', 'Body', 'Modula', null),
           ('next-week', 'Scheduled', 'Soon.', 'Body', 'Modula', now() + interval '7 days')`,
      );
    });
    after(() => t?.close());

    it('serves every published listing by kind, vendor, article and content page in every language', async () => {
      const response = await fetch(`${t.url}/sitemap.xml`);
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /^application\/xml/);
      const xml = await response.text();
      const found = new Set(locs(xml).map((loc) => loc.replace(t.url, '')));
      const expected = [
        ...CONTENT_PATHS,
        `/property/${ids.listingA}`,
        `/property/${ids.listingB}`,
        `/upgrade/${ids.listingC}`,
        `/service/${serviceId}`,
        `/vendor-profile/${ids.companyA}`,
        `/vendor-profile/${ids.companyB}`,
        '/blog/timber-frames-explained',
        // The shared fixture's published article.
        '/blog/fixture-published',
      ];
      for (const p of expected) for (const lang of SITEMAP_LANGUAGES) assert.ok(found.has(`${p}?lang=${lang}`), `${p}?lang=${lang}`);
      assert.equal(found.size, expected.length * 14, 'nothing else: no draft, unpublished or scheduled page');
      assert.ok(![...found].some((loc) => loc.includes(ids.draftA) || loc.includes('secret-draft') || loc.includes('fixture-draft') || loc.includes('next-week')));
      // The file nginx serves, with its compressed copies.
      const file = path.join(t.config.deployDir, 'sitemap.xml');
      assert.equal(fs.readFileSync(file, 'utf8'), xml);
      assert.equal(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString('utf8'), xml);
    });

    it('the job regenerates it: a listing unpublished since is gone, and an index with parts past the limit', async () => {
      await db.query("update public.listings set status = 'draft' where id = $1", [ids.listingB]);
      const [job] = sitemapJobs(t.server.context);
      assert.equal(job?.name, 'generate_sitemap');
      assert.match(String(await db.transaction((tx) => job!.run(tx))), /^19 pages in 1 sitemap file\(s\)$/);
      const xml = await (await fetch(`${t.url}/sitemap.xml`)).text();
      assert.ok(!xml.includes(ids.listingB));

      const result = await generateSitemap(db, t.config.deployDir, t.server.context.config.siteUrl, { maxUrls: 100, maxBytes: 50 * 1024 * 1024 });
      assert.deepEqual(result.files, ['sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml', 'sitemap.xml']);
      const index = await fetch(`${t.url}/sitemap.xml`, { headers: { 'Accept-Encoding': 'br' } });
      assert.equal(index.headers.get('content-encoding'), 'br');
      const parts = locs(await index.text());
      assert.equal(parts.length, 3);
      let urls = 0;
      for (const part of parts) {
        const response = await fetch(part);
        assert.equal(response.status, 200, part);
        urls += locs(await response.text()).length;
      }
      assert.equal(urls, 19 * 14);

      // Back to one file: the parts no index names are removed.
      await generateSitemap(db, t.config.deployDir, t.server.context.config.siteUrl);
      assert.ok(!fs.existsSync(path.join(t.config.deployDir, 'sitemap-1.xml')));
      assert.ok(!fs.existsSync(path.join(t.config.deployDir, 'sitemap-1.xml.br')));
      assert.equal((await fetch(`${t.url}/sitemap-1.xml`)).status, 404);
    });

    it('robots.txt keeps crawlers out of dashboards, sign-in and admin and names the sitemap', async () => {
      const response = await fetch(`${t.url}/robots.txt`);
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
      const text = await response.text();
      const disallowed = text.split('\n').filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length));
      for (const p of ['/admin', '/dashboard', '/customer-dashboard', '/login', '/signup', '/reset-password', '/create-listing', '/rest/v1/', '/auth/v1/']) {
        assert.ok(disallowed.includes(p), p);
      }
      for (const p of ['/', '/listings', '/property', '/blog', '/vendor-profile', '/storage/v1/']) assert.ok(!disallowed.includes(p), p);
      assert.match(text, /^User-agent: \*$/m);
      assert.ok(text.includes(`Sitemap: ${t.server.context.config.siteUrl}/sitemap.xml`));
    });
  });
}
