import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import type { Database } from '../../src/db/types.ts';
import { categoryId, createFixture, ids } from './helpers/fixture.ts';
import { as, errorOf } from './helpers/sql.ts';

interface Hit {
  id: string;
  total_capped: boolean;
  title: string;
  title_highlight: string;
  snippet: string;
  total_count: string;
  listing_type: string;
}

const search = (db: Database, query: string, extra = '') =>
  as<Hit>(db, 'anon', `select * from public.search_listings(query => $1${extra})`, [query]);

for (const database of await testDatabases()) {
  describe(`listing search on ${database}`, () => {
    let t: TestServer;
    let db: Database;
    before(async () => {
      t = await startTestServer({ database });
      db = t.server.context.db;
      await createFixture(db);
      await db.query(
        `insert into public.listings (vendor_id, listing_type, space_type, category_id, title, description, features, location, price, status) values
          ($1, 'property', 'tiny_home', $2, 'Cabaña del Bosque', 'A timber cabaña with a wood stove & <loft> bed.', '{Wood stove}', 'Asturias, España', 59000, 'published'),
          ($1, 'property', 'modular_home', $2, 'Modular family house', 'Three bedrooms, heat pump and solar roof.', '{Heat pump,Solar roof}', 'Graz, Austria', 289000, 'published'),
          ($1, 'property', 'prefab_house', $2, 'Prefab bungalow', 'Single storey living with a modular extension option.', '{}', 'Lyon', 199000, 'published'),
          ($1, 'property', 'modular_home', $2, 'Unreleased modular villa', 'Draft.', '{}', 'Oslo', 999000, 'draft'),
          ($1, 'upgrade', null, $3, 'Modular solar carport', 'Covers two cars.', '{Solar}', 'Ships EU-wide', 8900, 'published')`,
        [ids.companyA, categoryId('homes'), categoryId('energy')],
      );
    });
    after(() => t?.close());

    it('matches accent-insensitively and highlights the original text', async () => {
      const hits = await search(db, 'cabana');
      assert.deepEqual(hits.map((h) => h.title), ['Cabaña del Bosque']);
      assert.equal(hits[0]?.title_highlight, '<mark>Cabaña</mark> del Bosque');
      const accented = await search(db, 'CABAÑA españa');
      assert.deepEqual(accented.map((h) => h.title), ['Cabaña del Bosque']);
    });

    it('tolerates a slightly misspelt word ("modulr")', async () => {
      const hits = await search(db, 'modulr');
      const titles = hits.map((h) => h.title);
      assert.ok(titles.includes('Modular family house'), titles.join());
      assert.ok(titles.includes('Modular solar carport'));
      // The title match ranks above a match in the description only.
      assert.ok(titles.indexOf('Modular family house') < titles.indexOf('Prefab bungalow'));
      assert.equal(hits[0]?.total_count, String(hits.length));
      assert.equal(hits[0]?.total_capped, false);
      const twoWords = await search(db, 'modulr famly');
      assert.deepEqual(twoWords.map((h) => h.title), ['Modular family house']);
    });

    it('matches a prefix of the last word as the user types', async () => {
      assert.deepEqual((await search(db, 'bunga')).map((h) => h.title), ['Prefab bungalow']);
    });

    it('never returns drafts, and filters by listing type', async () => {
      assert.deepEqual(await search(db, 'villa'), []);
      const upgrades = await search(db, 'modular', `, listing_types => '{upgrade}'`);
      assert.deepEqual(upgrades.map((h) => h.title), ['Modular solar carport']);
    });

    it('pages with result_limit and result_offset and reports the total', async () => {
      const all = await search(db, 'modular');
      assert.ok(all.length >= 3);
      const page = await search(db, 'modular', ', result_limit => 1, result_offset => 1');
      assert.equal(page.length, 1);
      assert.equal(page[0]?.id, all[1]?.id);
      assert.equal(page[0]?.total_count, String(all.length));
    });

    it('escapes HTML in snippets, keeping only the <mark> tags', async () => {
      const [hit] = await search(db, 'stove');
      assert.ok(hit);
      assert.match(hit.snippet, /<mark>stove<\/mark>/);
      assert.ok(hit.snippet.includes('&amp;') && hit.snippet.includes('&lt;loft'), hit.snippet);
      assert.doesNotMatch(hit.snippet.replaceAll('<mark>', '').replaceAll('</mark>', ''), /[<>]/);
    });

    it('refuses blank search text and bad paging', async () => {
      assert.equal((await errorOf(db, 'anon', `select * from public.search_listings('   ')`))?.code, '22023');
      assert.equal((await errorOf(db, 'anon', `select * from public.search_listings('')`))?.message, 'Search text must be non-blank');
      assert.equal((await errorOf(db, 'anon', `select * from public.search_listings('x', result_limit => 0)`))?.code, '22023');
    });

    it('answers supabase-js rpc calls as the catalogue makes them', async () => {
      const { data, error } = await t.client().rpc('search_listings', { query: 'cabana' });
      assert.equal(error, null);
      assert.deepEqual((data as Hit[]).map((h) => h.title), ['Cabaña del Bosque']);
      const blank = await t.client().rpc('search_listings', { query: ' ' });
      assert.equal(blank.error?.code, '22023');
    });
  });
}
