import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { testDatabases } from '../helpers/server.ts';
import { startRestTest, type RestTestContext } from './fixture.ts';

// Property-based fuzzing of the REST grammar: random and malformed select, filter, order and
// logic-tree strings and bodies. Whatever arrives, the server must answer below 500, must not show
// SQL or stack traces, and must never return a row the caller's policies hide.

// 300 runs per property in every test run (new random inputs each time, on both databases);
// REST_FUZZ_RUNS=5000 for a deep run before a release.
const RUNS = Number(process.env.REST_FUZZ_RUNS ?? 300);

const NOTE_COLUMNS = ['id', 'user_id', 'listing_id', 'body', 'rating', 'created_at'];
const LISTING_COLUMNS = ['id', 'title', 'description', 'price', 'tags', 'attrs', 'category_id', 'status', 'created_at', 'search'];
const RELATIONS = ['listings', 'notes', 'categories', 'listing_id', 'tags', 'listing_details', 'people', 'hidden', 'parent_id', 'nope'];
const OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'in', 'is', 'isdistinct', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxl', 'nxr', 'adj', 'fts', 'plfts', 'phfts', 'wfts', 'not', 'zz', ''];
const CASTS = ['text', 'int', 'int4', 'numeric', 'json', 'jsonb', 'uuid', 'date', 'bool', 'int8range', 'select', 'from', 'x y', 'text[]', ''];

/** Mostly nothing, sometimes the arbitrary: keeps most inputs close enough to valid to reach SQL. */
const rarely = (arbitrary: fc.Arbitrary<string>) => fc.oneof({ weight: 4, arbitrary: fc.constant('') }, { weight: 1, arbitrary });

const name = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NOTE_COLUMNS, ...LISTING_COLUMNS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }).map((s) => `"${s}"`) },
  { weight: 1, arbitrary: fc.constantFrom('*', 'count', 'count()', '', ' ', '"', '\\', "'", ';', '--', '\u0000', 'é', '🏠') },
);

const jsonPath = fc.array(fc.tuple(fc.constantFrom('->', '->>', '-', '>'), fc.oneof(fc.constantFrom('rooms', 'energy', 'class', '0', '-1'), fc.string({ maxLength: 4 }))), { maxLength: 3 }).map((steps) => steps.map(([a, k]) => a + k).join(''));

const field = fc
  .tuple(rarely(fc.string({ maxLength: 5 }).map((a) => `${a}:`)), name, rarely(jsonPath), rarely(fc.constantFrom(...CASTS).map((c) => `::${c}`)), rarely(fc.constantFrom('.sum()', '.count()', '.avg()', '.max()', '.nope()')))
  .map((parts) => parts.join(''));

const selectString: fc.Arbitrary<string> = fc.letrec<{ select: string; item: string }>((tie) => ({
  item: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    field,
    fc.tuple(rarely(fc.constantFrom('...', 'alias:', '..')), fc.constantFrom(...RELATIONS), rarely(fc.constantFrom('!inner', '!left', '!notes_listing_id_fkey', '!listing_id', '!x', '!inner!left', '!')), tie('select')).map(
      ([prefix, rel, hint, inner]) => `${prefix}${rel}${hint}(${inner})`,
    ),
  ),
  select: fc.array(tie('item'), { maxLength: 4 }).map((items) => items.join(',')),
})).select;

/** Unstructured strings of grammar tokens, which hit the parser's error paths. */
const tokenSoup = fc
  .array(fc.oneof(fc.constantFrom(',', '(', ')', '!', ':', '::', '->', '->>', '...', '*', '"', '.', ' ', 'not', 'or', 'and', 'inner', 'in', 'is', 'null', 'eq', '{', '}', '%', '\\', 'id', 'body', 'notes', 'listings'), fc.string({ maxLength: 3 })), { maxLength: 12 })
  .map((tokens) => tokens.join(''));

const value = fc.oneof(
  fc.constantFrom('1', '0', '-1', '3.5', 'abc', '', 'null', 'true', '*', '*cabin*', '%', '{a,b}', '{}', '{"rooms":2}', '[1,5)', '(1,2)', '("a,b",c)', 'english', "'; drop table x; --", '\u0000', '2026-01-01', 'NaN', '99999999999999999999'),
  fc.string({ maxLength: 10 }),
  fc.integer().map(String),
);

const operation = fc
  .tuple(rarely(fc.constant('not.')), fc.constantFrom(...OPERATORS), rarely(fc.constantFrom('(any)', '(all)', '(english)', '(x y)', '()')), fc.oneof({ weight: 6, arbitrary: fc.constant('.') }, { weight: 1, arbitrary: fc.constant('') }), value)
  .map((parts) => parts.join(''));

const filterKey = fc.oneof(
  name,
  fc.tuple(fc.constantFrom('listing', 'listings', 'notes', 'nope'), name).map(([p, n]) => `${p}.${n}`),
  fc.constantFrom('or', 'and', 'not.or', 'not.and', 'listings.or', 'limit', 'offset', 'order', 'notes.limit', 'on_conflict', 'columns'),
);

const logicTree: fc.Arbitrary<string> = fc.letrec<{ tree: string; element: string }>((tie) => ({
  element: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(name, operation).map(([n, op]) => `${n}.${op}`),
    fc.tuple(fc.constantFrom('and', 'or', 'not.and', 'not.or', 'nope'), tie('tree')).map(([op, tree]) => `${op}${tree}`),
  ),
  tree: fc.array(tie('element'), { maxLength: 4 }).map((elements) => `(${elements.join(',')})`),
})).tree;

const orderString = fc
  .array(fc.tuple(fc.oneof(name, fc.tuple(fc.constantFrom(...RELATIONS), name).map(([r, n]) => `${r}(${n})`)), fc.constantFrom('', '.asc', '.desc', '.nullsfirst', '.desc.nullslast', '.up', '.asc.desc')), { maxLength: 3 })
  .map((terms) => terms.map(([f, d]) => f + d).join(','));

const jsonBody = fc.oneof(
  fc.record({ body: fc.oneof(fc.string(), fc.constant(''), fc.integer()), rating: fc.oneof(fc.integer(), fc.constant(null), fc.string({ maxLength: 3 })) }, { requiredKeys: [] }).map((o) => JSON.stringify(o)),
  fc.dictionary(fc.constantFrom(...NOTE_COLUMNS, 'nope', ''), fc.jsonValue({ maxDepth: 2 })).map((o) => JSON.stringify(o)),
  fc.array(fc.dictionary(fc.constantFrom(...NOTE_COLUMNS), fc.jsonValue({ maxDepth: 1 })), { maxLength: 3 }).map((a) => JSON.stringify(a)),
  fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 20 }),
);

const preferHeader = fc.array(fc.constantFrom('return=representation', 'return=minimal', 'return=headers-only', 'count=exact', 'count=planned', 'count=estimated', 'resolution=merge-duplicates', 'resolution=ignore-duplicates', 'missing=default', 'tx=rollback', 'handling=strict', 'max-affected=1', 'nonsense=1', 'params=single-object'), { maxLength: 4 }).map((p) => p.join(', '));

// Fragments of the SQL this module generates (upper-case keywords) and of stack traces.
const LEAKS = /pgrst_|json_agg|row_to_json|json_to_record|LATERAL|SELECT .* FROM|INSERT INTO|node:internal|\.ts:\d+:\d+|\n\s+at /;

function query(pairs: [string, string][]): string {
  return pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

for (const database of await testDatabases()) {
  describe(`REST fuzzing on ${database}`, () => {
    let r: RestTestContext;
    const statuses = new Map<number, number>();
    before(async () => {
      r = await startRestTest(database);
    });
    after(async () => {
      await r.close();
      const total = [...statuses.values()].reduce((a, b) => a + b, 0);
      const spread = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ');
      console.info(`REST fuzzing on ${database}: ${total} requests (${spread})`);
    });

    /** Sends one request and checks the invariants every response must keep. */
    async function probe(path: string, init: { method?: string; body?: string; prefer?: string; caller: 'anon' | 'alice'; accept?: string }): Promise<void> {
      const headers: Record<string, string> = {};
      if (init.body !== undefined) headers['Content-Type'] = 'application/json';
      if (init.prefer) headers.Prefer = init.prefer;
      if (init.accept) headers.Accept = init.accept;
      const res = await r.fetch(path, { method: init.method ?? 'GET', headers, body: init.body, token: init.caller === 'alice' ? r.alice.token : undefined });
      const text = await res.text();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const where = `${init.method ?? 'GET'} ${path} as ${init.caller} -> ${res.status} ${text.slice(0, 300)}`;
      assert.ok(res.status < 500, `server error: ${where}`);
      assert.doesNotMatch(text, LEAKS, `SQL or a stack trace leaked: ${where}`);
      assert.ok(!text.includes('bob private note'), `another user's row leaked: ${where}`);
      assert.ok(!text.includes('classified'), `a table without grants leaked: ${where}`);
      if (init.caller === 'anon') assert.ok(!text.includes('alice'), `a private row leaked to anon: ${where}`);
    }

    const caller = fc.constantFrom<'anon' | 'alice'>('anon', 'alice');

    it('survives random and malformed select strings (with embeds through RLS)', async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(selectString, tokenSoup), fc.constantFrom('notes', 'listings', 'categories'), caller, fc.option(fc.constantFrom('application/vnd.pgrst.object+json', 'text/csv', '*/*'), { nil: undefined }), async (select, table, who, accept) => {
          await probe(`${table}?${query([['select', select]])}`, { caller: who, accept });
        }),
        { numRuns: RUNS },
      );
    });

    it('survives random filters, operators and values', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(filterKey, fc.oneof(operation, value)), { maxLength: 4 }), fc.constantFrom('notes', 'listings'), caller, async (filters, table, who) => {
          await probe(`${table}?${query([['select', table === 'listings' ? 'id,title,notes(body)' : 'body,listing:listings(title)'], ...filters])}`, { caller: who });
        }),
        { numRuns: RUNS },
      );
    });

    it('survives random logic trees and order strings', async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(logicTree, tokenSoup), orderString, fc.constantFrom('or', 'and', 'not.or', 'notes.or'), caller, async (tree, order, key, who) => {
          await probe(`listings?${query([['select', 'id,notes(body)'], [key, tree], ['order', order]])}`, { caller: who });
        }),
        { numRuns: RUNS },
      );
    });

    it('never returns a row hidden by RLS from well-formed queries, embeds and filters', async () => {
      const int = fc.integer({ min: -2, max: 8 });
      const letter = fc.constantFrom('a', 'o', 'e', 'b', 'c', 'i');
      const noteFilter = fc.oneof(
        int.map((n) => ['rating', `gt.${n}`] as [string, string]),
        fc.constant(['rating', 'is.null'] as [string, string]),
        letter.map((l) => ['body', `ilike.*${l}*`] as [string, string]),
        fc.array(int, { minLength: 1, maxLength: 3 }).map((ns) => ['listing_id', `in.(${ns.join(',')})`] as [string, string]),
        fc.tuple(int, letter).map(([n, l]) => ['or', `(rating.gt.${n},body.ilike.*${l}*)`] as [string, string]),
      );
      const listingFilter = fc.oneof(
        int.map((n) => ['id', `lt.${n}`] as [string, string]),
        letter.map((l) => ['title', `ilike.*${l}*`] as [string, string]),
        int.map((n) => ['notes.rating', `gt.${n}`] as [string, string]),
        fc.constantFrom(['notes', 'not.is.null'] as [string, string], ['notes', 'is.null'] as [string, string], ['tags', 'cs.{wood}'] as [string, string]),
      );
      const notesQuery = fc.tuple(
        fc.constantFrom('*', 'id,body,user_id', 'body,listing:listings(title,notes(body))', 'body,...listings(title)', 'user_id,listings!inner(id)'),
        fc.array(noteFilter, { maxLength: 3 }),
      ).map(([select, filters]) => `notes?${query([['select', select], ...filters])}`);
      const listingsQuery = fc.tuple(
        fc.constantFrom('id,notes(body,user_id)', 'id,notes!inner(*)', 'title,categories(name,listings(notes(body)))', 'id,notes(count)'),
        fc.array(listingFilter, { maxLength: 3 }),
        fc.constantFrom('id', 'id.desc', 'price.desc.nullslast', 'title'),
      ).map(([select, filters, order]) => `listings?${query([['select', select], ...filters, ['order', order]])}`);
      await fc.assert(
        fc.asyncProperty(fc.oneof(notesQuery, listingsQuery), caller, fc.boolean(), async (path, who, counted) => {
          await probe(path, { caller: who, prefer: counted ? 'count=exact' : undefined });
        }),
        { numRuns: RUNS },
      );
    });

    it('survives random bodies and preferences on inserts, updates and deletes without breaking RLS', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('POST', 'PATCH', 'DELETE'),
          jsonBody,
          preferHeader,
          fc.array(fc.tuple(filterKey, fc.oneof(operation, value)), { maxLength: 2 }),
          fc.option(fc.oneof(selectString, fc.constant('*')), { nil: undefined }),
          caller,
          async (method, body, prefer, filters, select, who) => {
            const pairs: [string, string][] = [...filters];
            if (select !== undefined) pairs.push(['select', select]);
            await probe(`notes?${query(pairs)}`, { method, body: method === 'DELETE' ? undefined : body, prefer, caller: who });
          },
        ),
        { numRuns: RUNS },
      );
      // Whatever alice sent, bob's note is untouched and every row still belongs to its author.
      const bob = await r.t.server.context.db.query<{ body: string; rating: number }>('select body, rating from rest_test.notes where user_id = $1', [r.bob.id]);
      assert.deepEqual(bob.rows, [{ body: 'bob private note', rating: 2 }]);
      const strangers = await r.t.server.context.db.query('select 1 from rest_test.notes where user_id <> all($1::uuid[])', [[r.alice.id, r.bob.id]]);
      assert.equal(strangers.rows.length, 0);
    });

    it('survives random function calls', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('add_numbers', 'listings_by_status', 'listing_titles', 'status_counts', 'my_note_count', 'echo', 'first_listing', 'nope', 'log_event'),
          fc.constantFrom('GET', 'POST'),
          jsonBody,
          fc.array(fc.tuple(fc.oneof(filterKey, fc.constantFrom('a', 'b', 's', 'event_name')), value), { maxLength: 3 }),
          caller,
          async (fn, method, body, params, who) => {
            await probe(`rpc/${fn}?${query(params)}`, { method, body: method === 'POST' ? body : undefined, caller: who });
          },
        ),
        { numRuns: RUNS },
      );
    });

    it('survives raw malformed query strings', async () => {
      await fc.assert(
        fc.asyncProperty(fc.string({ maxLength: 40 }), fc.constantFrom('%zz', '%', '&&', '==', '+', '%00', '%E0%A4%A'), caller, async (raw, bad, who) => {
          const safe = raw.replace(/[#?\s]/g, '');
          await probe(`listings?${encodeURI(safe)}${bad}`, { caller: who });
        }),
        { numRuns: Math.ceil(RUNS / 4) },
      );
    });
  });
}

// Issue 13: expensive inputs. Catastrophic regular expressions, deep nesting, huge bodies and long
// filters must not make the server fail (no 5xx but the intended 57014 of a statement past its
// role's timeout) nor stop it answering other clients while they run.

const EXPENSIVE_RUNS = Math.max(40, Math.ceil(RUNS / 10));
const ANON_TIMEOUT_MS = 500;

const regexBomb = fc.constantFrom(
  '^(.*)(.*)\\2\\1$',
  '^(.*)(.*)(.*)\\3\\2\\1$',
  '(a|aa)+$',
  '^((ab)*)*c$',
  '(.*a){20}',
  '(x+x+)+y',
  '((((.*)*)*)*)*$',
  '[[:alpha:]]{1,1000}',
  '(.{1,500}){1,500}',
  '(\\w+\\s?)+$',
);
const nestedText = (levels: number, open: string, close: string, leaf: string) => open.repeat(levels) + leaf + close.repeat(levels);

const expensiveRequest: fc.Arbitrary<{ path: string; method?: string; body?: string; contentType?: string }> = fc.oneof(
  // Regular expressions against the long description (listing 4) and the titles.
  fc.tuple(regexBomb, fc.constantFrom('match', 'imatch', 'not.match'), fc.constantFrom('description', 'title')).map(([re, op, column]) => ({
    path: `listings?${query([['select', 'id'], [column, `${op}.${re}`]])}`,
  })),
  // LIKE with many wildcards.
  fc.integer({ min: 10, max: 400 }).map((n) => ({ path: `listings?${query([['select', 'id'], ['description', `like.${'*a'.repeat(n)}*c`]])}` })),
  // Deep nesting in bodies: tables, RPC arguments.
  fc.tuple(fc.integer({ min: 65, max: 20_000 }), fc.constantFrom(['[', ']'], ['{"a":', '}']), fc.constantFrom('notes', 'rpc/echo', 'rpc/add_numbers')).map(([levels, [open, close], path]) => ({
    path,
    method: 'POST',
    body: `{"body":${nestedText(levels, open!, close!, '1')}}`,
  })),
  // Huge bodies (over the 1 MB limit) and many rows at once (under it).
  fc.integer({ min: 1, max: 6 }).map((mb) => ({ path: 'notes', method: 'POST', body: JSON.stringify({ body: 'x'.repeat(mb * 1024 * 1024) }) })),
  fc.integer({ min: 100, max: 5000 }).map((n) => ({ path: 'notes', method: 'POST', body: JSON.stringify(Array.from({ length: n }, (_, i) => ({ listing_id: 1, body: `bulk ${i}` }))) })),
  // Long filters: huge in-lists, long or-lists, deeply nested logic trees, many repeated filters
  // (mostly within Node's 16 KB header limit, so they reach the parser; longer ones get 431).
  fc.integer({ min: 100, max: 2500 }).map((n) => ({ path: `listings?${query([['select', 'id'], ['id', `in.(${Array.from({ length: n }, (_, i) => i).join(',')})`]])}` })),
  fc.integer({ min: 50, max: 500 }).map((n) => ({ path: `listings?${query([['select', 'id'], ['or', `(${Array.from({ length: n }, (_, i) => `title.ilike.*${i}*`).join(',')})`]])}` })),
  fc.integer({ min: 50, max: 600 }).map((n) => ({ path: `listings?${query([['select', 'id'], ['or', nestedText(n, 'and(id.gt.0,or(', '))', 'id.eq.1').replace(/^and/, '(and') + ')']])}` })),
  fc.integer({ min: 50, max: 1800 }).map((n) => ({ path: `listings?${Array.from({ length: n }, () => 'id=gt.0').join('&')}&select=id` })),
  fc.integer({ min: 20, max: 1200 }).map((n) => ({ path: `listings?${query([['select', nestedText(n, 'categories(', ')', 'id')]])}` })),
);

for (const database of await testDatabases()) {
  describe(`REST fuzzing with expensive patterns on ${database}`, () => {
    let r: RestTestContext;
    const statuses = new Map<number, number>();
    before(async () => {
      r = await startRestTest(database, { STATEMENT_TIMEOUT_ANON: String(ANON_TIMEOUT_MS), STATEMENT_TIMEOUT_AUTHENTICATED: String(2 * ANON_TIMEOUT_MS) });
      await r.t.server.context.db.query(`update rest_test.listings set description = repeat('ab', 2000) || 'c' where id = 4`);
    });
    after(async () => {
      await r.close();
      const spread = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ');
      console.info(`REST expensive fuzzing on ${database}: ${spread}`);
    });

    async function send(request: { path: string; method?: string; body?: string }, who: 'anon' | 'alice'): Promise<void> {
      const headers: Record<string, string> = {};
      if (request.body !== undefined) headers['Content-Type'] = 'application/json';
      const res = await r.fetch(request.path, { method: request.method ?? 'GET', headers, body: request.body, token: who === 'alice' ? r.alice.token : undefined });
      const text = await res.text();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const where = `${request.method ?? 'GET'} ${request.path.slice(0, 200)} as ${who} -> ${res.status} ${text.slice(0, 300)}`;
      if (res.status >= 500) {
        assert.equal(res.status, 500, `server error: ${where}`);
        assert.equal((JSON.parse(text) as { code?: string }).code, '57014', `server error other than a statement timeout: ${where}`);
      }
      assert.doesNotMatch(text, LEAKS, `SQL or a stack trace leaked: ${where}`);
      assert.ok(!text.includes('bob private note'), `another user's row leaked: ${where}`);
    }

    it('answers every expensive request below 500 (or 57014), and health keeps answering meanwhile', async () => {
      const state = { running: true };
      let healthAnswers = 0;
      const healthLoop = (async () => {
        while (state.running) {
          const res = await fetch(`${r.t.url}/health`);
          assert.equal(res.status, 200);
          await res.arrayBuffer();
          healthAnswers++;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      try {
        await fc.assert(
          fc.asyncProperty(expensiveRequest, fc.constantFrom<'anon' | 'alice'>('anon', 'alice'), async (request, who) => send(request, who)),
          { numRuns: EXPENSIVE_RUNS },
        );
      } finally {
        state.running = false;
        await healthLoop;
      }
      assert.ok(healthAnswers > 0, 'health answered while the expensive requests ran');
      // Nothing was lost: bob's note is still there, and the database answers.
      const bob = await r.t.server.context.db.query<{ body: string }>('select body from rest_test.notes where user_id = $1', [r.bob.id]);
      assert.deepEqual(bob.rows, [{ body: 'bob private note' }]);
    });

    it('ten regex bombs at once: health and another user are answered before the bombs have finished', async () => {
      const bombs = Array.from({ length: 10 }, (_, i) =>
        send({ path: `listings?${query([['select', 'id'], ['description', `match.^(.*)(.*)${i % 2 ? '(.*)\\3' : ''}\\2\\1$`]])}` }, i % 3 ? 'anon' : 'alice'),
      );
      let bombsDone = false;
      const all = Promise.all(bombs).finally(() => (bombsDone = true));
      const health = await fetch(`${r.t.url}/health`);
      assert.equal(health.status, 200);
      assert.equal(bombsDone, false, 'health answered before the bombs finished');
      const other = await r.client(r.alice.token).from('notes').select('body').eq('body', 'alice likes the cabin');
      assert.equal(other.error, null);
      assert.equal(other.data?.length, 1);
      await all;
    });
  });
}
