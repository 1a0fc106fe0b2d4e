import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/server.ts';
import { startRestTest, type RestTestContext } from './fixture.ts';

const ids = (rows: { id: number }[] | null) => (rows ?? []).map((r) => r.id);

for (const database of await testDatabases()) {
  describe(`REST reads on ${database}`, () => {
    let r: RestTestContext;
    before(async () => {
      r = await startRestTest(database);
    });
    after(() => r.close());

    describe('select', () => {
      it('returns PostgreSQL JSON values: numbers, timestamps with +00:00, arrays and jsonb', async () => {
        const { data, error, status } = await r.client().from('listings').select('id,price,tags,attrs,created_at').eq('id', 1).single();
        assert.equal(error, null);
        assert.equal(status, 200);
        assert.deepEqual(data, {
          id: 1,
          price: 120000.5,
          tags: ['wood', 'lake'],
          attrs: { rooms: 2, energy: { class: 'A' } },
          created_at: '2026-01-01T10:00:00+00:00',
        });
      });

      it('renames, casts and follows JSON paths', async () => {
        const { data, error } = await r.client().from('listings').select('name:title,price::text,rooms:attrs->rooms,attrs->energy->>class').eq('id', 1).single();
        assert.equal(error, null);
        assert.deepEqual(data, { name: 'Oak cabin', price: '120000.50', rooms: 2, class: 'A' });
      });

      it('embeds many-to-one as an object, one-to-many as an array, nested to any depth', async () => {
        const { data, error } = await r
          .client()
          .from('listings')
          .select('id,category:categories(name,parent:parent_id(name,listings(id))),listing_details(specs)')
          .in('id', [1, 4])
          .order('id');
        assert.equal(error, null);
        assert.deepEqual(data, [
          { id: 1, category: { name: 'Cabins', parent: { name: 'Homes', listings: [{ id: 2 }, { id: 5 }] } }, listing_details: { specs: 'Two bedrooms' } },
          { id: 4, category: null, listing_details: null },
        ]);
      });

      it('embeds one-to-one from both sides and many-to-many through a junction table', async () => {
        const details = await r.client().from('listing_details').select('specs,listings(title)').eq('listing_id', 2).single();
        assert.deepEqual(details.data, { specs: 'Open plan', listings: { title: 'Steel loft' } });
        const tags = await r.client().from('listings').select('title,tags(name)').eq('id', 1).order('name', { referencedTable: 'tags' }).single();
        assert.deepEqual(tags.data, { title: 'Oak cabin', tags: [{ name: 'cheap' }, { name: 'eco' }] });
      });

      it('resolves self references: the table name gives the children, the column the parent', async () => {
        const { data } = await r.client().from('categories').select('name,parent:parent_id(name),children:categories(name)').eq('id', 1).single();
        assert.deepEqual(data, { name: 'Homes', parent: null, children: [{ name: 'Tiny homes' }, { name: 'Cabins' }] });
      });

      it('answers 300 PGRST201 for an ambiguous embed and follows the hint by constraint or column', async () => {
        const ambiguous = await r.client().from('letters').select('id,people(name)');
        assert.equal(ambiguous.status, 300);
        assert.equal(ambiguous.error?.code, 'PGRST201');
        const hinted = await r
          .client()
          .from('letters')
          .select('id,from:people!letters_sender_fkey(name),to:people!recipient_id(name)')
          .eq('id', 1)
          .single();
        assert.deepEqual(hinted.data, { id: 1, from: { name: 'Ada' }, to: { name: 'Ben' } });
      });

      it('answers 400 PGRST200 for an embed without a relationship', async () => {
        const { error, status } = await r.client().from('listings').select('id,people(name)');
        assert.equal(status, 400);
        assert.equal(error?.code, 'PGRST200');
      });

      it('spreads a to-one embed into the parent object', async () => {
        const { data } = await r.client().from('listings').select('id,...categories(category:name)').eq('id', 1).single();
        assert.deepEqual(data, { id: 1, category: 'Cabins' });
      });

      it('filters parents with !inner and with embed=not.is.null, and embedded rows alone otherwise', async () => {
        const inner = await r.client().from('categories').select('name,listings!inner(id)').eq('listings.status', 'draft');
        assert.deepEqual(inner.data, [{ name: 'Tiny homes', listings: [{ id: 3 }] }]);
        const nested = await r.client().from('categories').select('id,listings(id)').eq('listings.status', 'draft').order('id');
        assert.deepEqual(nested.data, [
          { id: 1, listings: [] },
          { id: 2, listings: [{ id: 3 }] },
          { id: 3, listings: [] },
          { id: 4, listings: [] },
        ]);
        const withRows = await r.client().from('categories').select('id,listings()').not('listings', 'is', null).order('id');
        assert.deepEqual(ids(withRows.data), [1, 2, 3]);
        const without = await r.client().from('categories').select('id,listings(id)').is('listings', null);
        assert.deepEqual(ids(without.data), [4]);
      });

      it('orders, limits and offsets embedded rows and filters them with or', async () => {
        const { data } = await r
          .client()
          .from('categories')
          .select('id,listings(id)')
          .eq('id', 1)
          .order('id', { referencedTable: 'listings', ascending: false })
          .limit(1, { referencedTable: 'listings' })
          .single();
        assert.deepEqual(data, { id: 1, listings: [{ id: 5 }] });
        const ored = await r.client().from('categories').select('id,listings(id)').eq('id', 1).or('id.eq.2,id.eq.99', { referencedTable: 'listings' }).single();
        assert.deepEqual(ored.data, { id: 1, listings: [{ id: 2 }] });
      });

      it('counts embedded rows with the bare count', async () => {
        const { data } = await r.client().from('categories').select('name,listings(count)').order('id');
        assert.deepEqual(data, [
          { name: 'Homes', listings: [{ count: 2 }] },
          { name: 'Tiny homes', listings: [{ count: 1 }] },
          { name: 'Cabins', listings: [{ count: 1 }] },
          { name: 'Empty', listings: [{ count: 0 }] },
        ]);
      });

      it('refuses aggregate functions unless enabled (PGRST123)', async () => {
        const { error, status } = await r.client().from('listings').select('price.sum()');
        assert.equal(status, 400);
        assert.equal(error?.code, 'PGRST123');
      });

      it('answers 42703 for an unknown column and 404 PGRST205 for an unknown table', async () => {
        const column = await r.client().from('listings').select('nope');
        assert.equal(column.status, 400);
        assert.equal(column.error?.code, '42703');
        const table = await r.client().from('listingz').select('*');
        assert.equal(table.status, 404);
        assert.equal(table.error?.code, 'PGRST205');
        assert.match(table.error?.hint ?? '', /listings/);
      });

      it('answers PGRST100 for a malformed select', async () => {
        const res = await r.fetch('listings?select=id,categories(name');
        assert.equal(res.status, 400);
        assert.equal(((await res.json()) as { code: string }).code, 'PGRST100');
      });
    });

    describe('filters', () => {
      const client = () => r.client().from('listings').select('id').order('id');

      it('compares with eq neq gt gte lt lte', async () => {
        assert.deepEqual(ids((await client().eq('status', 'draft')).data), [3]);
        assert.deepEqual(ids((await client().neq('status', 'published')).data), [3, 5]);
        assert.deepEqual(ids((await client().gt('price', 100000)).data), [1, 2]);
        assert.deepEqual(ids((await client().gte('price', 99000)).data), [1, 2, 5]);
        assert.deepEqual(ids((await client().lt('price', 99000)).data), [3]);
        assert.deepEqual(ids((await client().lte('price', 99000)).data), [3, 5]);
      });

      it('matches patterns with like, ilike (* and spaces), match and imatch', async () => {
        assert.deepEqual(ids((await client().like('title', '*cabin')).data), [1]);
        assert.deepEqual(ids((await client().ilike('title', '*STEEL LO*')).data), [2]);
        assert.deepEqual(ids((await client().ilike('description', '%a view, of%')).data), [4]);
        assert.deepEqual(ids((await client().filter('title', 'match', '^[OT]')).data), [1, 3]);
        assert.deepEqual(ids((await client().filter('title', 'imatch', '^s')).data), [2, 5]);
        assert.deepEqual(ids((await client().ilikeAnyOf('title', ['*cabin*', '*pod*'])).data), [1, 3]);
        assert.deepEqual(ids((await client().likeAllOf('description', ['%wood%', '%lake%'])).data), [1]);
      });

      it('handles in with quoted values containing commas, and an empty list', async () => {
        assert.deepEqual(ids((await client().in('title', ['Oak cabin', 'x,(y)', 'Tiny pod'])).data), [1, 3]);
        const escaped = await r.fetch(`listings?select=id&title=in.(${encodeURIComponent('"Glass house, \\"deluxe\\"",other')})`);
        assert.deepEqual(ids((await escaped.json()) as { id: number }[]), [4]);
        assert.deepEqual(ids((await client().in('id', [])).data), []);
        assert.deepEqual(ids((await client().not('id', 'in', '(1,2,3)')).data), [4, 5]);
      });

      it('tests is null / not null / true / false and isdistinct', async () => {
        assert.deepEqual(ids((await client().is('price', null)).data), [4]);
        assert.deepEqual(ids((await client().not('category_id', 'is', null)).data), [1, 2, 3, 5]);
        assert.deepEqual(ids((await client().filter('status', 'isdistinct', 'published')).data), [3, 5]);
        const slots = await r.client().from('slots').select('id').filter('label', 'is', 'null');
        assert.deepEqual(ids(slots.data), [2]);
      });

      it('uses array and jsonb containment (cs, cd, ov)', async () => {
        assert.deepEqual(ids((await client().contains('tags', ['wood'])).data), [1, 3]);
        assert.deepEqual(ids((await client().containedBy('tags', ['wood', 'lake', 'solar'])).data), [1, 3, 4]);
        assert.deepEqual(ids((await client().overlaps('tags', ['steel', 'straw'])).data), [2, 5]);
        assert.deepEqual(ids((await client().contains('attrs', { energy: { class: 'A' } })).data), [1]);
      });

      it('compares ranges with sl sr nxl nxr adj and ov', async () => {
        const slots = () => r.client().from('slots').select('id').order('id');
        assert.deepEqual(ids((await slots().rangeLt('during', '[10,15)')).data), [1, 2]);
        assert.deepEqual(ids((await slots().rangeGt('during', '[10,15)')).data), [3]);
        assert.deepEqual(ids((await slots().rangeGte('during', '[5,6)')).data), [2, 3]);
        assert.deepEqual(ids((await slots().rangeLte('during', '[0,6)')).data), [1]);
        assert.deepEqual(ids((await slots().rangeAdjacent('during', '[10,20)')).data), [2, 3]);
        assert.deepEqual(ids((await slots().overlaps('during', '[4,6)')).data), [1, 2]);
      });

      it('searches text with fts, plfts, phfts and wfts, with a configuration', async () => {
        assert.deepEqual(ids((await client().textSearch('search', 'wooden & cabin', { config: 'english' })).data), [1]);
        assert.deepEqual(ids((await client().textSearch('description', 'smart solar', { type: 'plain' })).data), [3]);
        assert.deepEqual(ids((await client().textSearch('description', 'industrial style', { type: 'phrase', config: 'english' })).data), [2]);
        assert.deepEqual(ids((await client().textSearch('search', '"straw insulation" or lake', { type: 'websearch', config: 'english' })).data), [1, 5]);
      });

      it('answers 400 42601 with the database message for a malformed text-search query, as PostgREST', async () => {
        const cases: [string, string][] = [['a b', 'syntax error in tsquery: "a b"'], ['\\', 'there is no escaped character: "\\"'], ['cabin & (', 'no operand in tsquery: "cabin & ("']];
        for (const [query, message] of cases) {
          const res = await client().textSearch('description', query);
          assert.equal(res.status, 400, query);
          assert.deepEqual(res.error, { code: '42601', details: null, hint: null, message });
        }
      });

      it('combines or/and trees with not and quoted values', async () => {
        assert.deepEqual(ids((await client().or('title.ilike.*cabin*,price.gt.200000')).data), [1, 2]);
        assert.deepEqual(ids((await client().or('title.eq."Glass house, \\"deluxe\\"",and(status.eq.draft,price.lt.50000)')).data), [3, 4]);
        const res = await r.fetch('listings?select=id&not.or=(id.eq.1,id.eq.2)&not.and=(id.gt.3,status.eq.published)&order=id');
        assert.deepEqual(ids((await res.json()) as { id: number }[]), [3, 5]);
      });

      it('applies any/all modifiers', async () => {
        assert.deepEqual(ids((await client().filter('id', 'eq(any)', '{1,5}')).data), [1, 5]);
        assert.deepEqual(ids((await client().filter('title', 'like(all)', '{*a*,*o*}')).data), [4, 5]);
      });

      it('answers 22P02 for a value of the wrong type and PGRST100 for an unknown operator', async () => {
        const bad = await client().eq('id', 'abc');
        assert.equal(bad.status, 400);
        assert.equal(bad.error?.code, '22P02');
        const op = await r.fetch('listings?id=nope.1');
        assert.equal(op.status, 400);
        assert.equal(((await op.json()) as { code: string }).code, 'PGRST100');
      });
    });

    describe('order, range and count', () => {
      it('orders with nullsfirst/nullslast and by a to-one related column', async () => {
        const last = await r.client().from('listings').select('id').order('price', { ascending: false, nullsFirst: false });
        assert.deepEqual(ids(last.data), [2, 1, 5, 3, 4]);
        const first = await r.client().from('listings').select('id').order('price', { ascending: true, nullsFirst: true });
        assert.deepEqual(ids(first.data), [4, 3, 5, 1, 2]);
        const related = await r.fetch('listings?select=id,categories(name)&order=categories(name).asc.nullslast,id');
        assert.deepEqual(ids((await related.json()) as { id: number }[]), [1, 2, 5, 3, 4]);
      });

      it('pages with limit/offset and the Range header, with Content-Range', async () => {
        const page = await r.client().from('listings').select('id').order('id').range(1, 2);
        assert.deepEqual(ids(page.data), [2, 3]);
        const res = await r.fetch('listings?select=id&order=id', { headers: { Range: '3-9', 'Range-Unit': 'items' } });
        assert.equal(res.headers.get('content-range'), '3-4/*');
        assert.deepEqual(ids((await res.json()) as { id: number }[]), [4, 5]);
        const none = await r.fetch('listings?select=id&id=eq.999');
        assert.equal(none.headers.get('content-range'), '*/*');
        const zero = await r.fetch('listings?select=id&limit=0');
        assert.deepEqual(await zero.json(), []);
      });

      it('counts exactly with Prefer, answering 206 for a partial page and HEAD without a body', async () => {
        const counted = await r.client().from('listings').select('id', { count: 'exact' }).order('id').limit(2);
        assert.equal(counted.count, 5);
        assert.equal(counted.status, 206);
        const head = await r.client().from('listings').select('*', { count: 'exact', head: true }).eq('status', 'published');
        assert.equal(head.data, null);
        assert.equal(head.count, 3);
        const raw = await r.fetch('listings?status=eq.nope', { method: 'HEAD', headers: { Prefer: 'count=exact' } });
        assert.equal(raw.headers.get('content-range'), '*/0');
        assert.equal(await raw.text(), '');
        const full = await r.fetch('listings?select=id', { headers: { Prefer: 'count=exact' } });
        assert.equal(full.status, 200);
        assert.equal(full.headers.get('content-range'), '0-4/5');
      });

      it('gives planned and estimated counts as numbers', async () => {
        for (const count of ['planned', 'estimated'] as const) {
          const res = await r.client().from('listings').select('id', { count }).limit(1);
          assert.equal(res.error, null);
          assert.equal(typeof res.count, 'number');
        }
        const estimated = await r.client().from('listings').select('id', { count: 'estimated' });
        assert.equal(estimated.count, 5);
      });

      it('answers 416 PGRST103 for an offset past the counted total', async () => {
        const res = await r.client().from('listings').select('id', { count: 'exact' }).range(10, 19);
        assert.equal(res.status, 416);
        assert.equal(res.error?.code, 'PGRST103');
      });
    });

    describe('single objects', () => {
      it('single() gives an object for one row and 406 PGRST116 for zero or several', async () => {
        const one = await r.client().from('listings').select('id').eq('id', 2).single();
        assert.deepEqual(one.data, { id: 2 });
        const zero = await r.client().from('listings').select('id').eq('id', 999).single();
        assert.equal(zero.status, 406);
        assert.equal(zero.error?.code, 'PGRST116');
        const two = await r.client().from('listings').select('id').lt('id', 3).single();
        assert.equal(two.status, 406);
        assert.equal(two.error?.code, 'PGRST116');
      });

      it('maybeSingle() gets a plain array from the server', async () => {
        assert.equal((await r.client().from('listings').select('id').eq('id', 999).maybeSingle()).data, null);
        assert.deepEqual((await r.client().from('listings').select('id').eq('id', 1).maybeSingle()).data, { id: 1 });
        const many = await r.client().from('listings').select('id').lt('id', 3).maybeSingle();
        assert.equal(many.error?.code, 'PGRST116');
      });

      it('answers the object media type and 406 PGRST107 for an unsupported Accept', async () => {
        const res = await r.fetch('listings?select=id&id=eq.1', { headers: { Accept: 'application/vnd.pgrst.object+json' } });
        assert.equal(res.headers.get('content-type'), 'application/vnd.pgrst.object+json; charset=utf-8');
        assert.deepEqual(await res.json(), { id: 1 });
        const xml = await r.fetch('listings', { headers: { Accept: 'text/xml' } });
        assert.equal(xml.status, 406);
        assert.equal(((await xml.json()) as { code: string }).code, 'PGRST107');
      });
    });
  });
}
