import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { chooseBody, PageCache, pageCacheKey, sortedQuery, type RenderedPage } from '../../src/static/render/page-cache.ts';

// The rendered-page cache on its own (decision 009): hits, one render per key at a time, lifetime,
// invalidation, what is never stored, the size bounds and the compressed bodies.

const PAGE = `<!doctype html><html lang="en"><head><title>Hytte 42 cabin · Modula</title></head><body>${'<p>A timber cabin with a loft.</p>'.repeat(200)}</body></html>`;

function counter(page: RenderedPage | null = { status: 200, html: PAGE }) {
  let renders = 0;
  return {
    get renders() {
      return renders;
    },
    render: async () => {
      renders++;
      return page;
    },
  };
}

function manualClock(start = 1_000_000) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const options = { ttlMs: 5000, maxEntries: 100, maxBytes: 10 * 1024 * 1024 };

describe('rendered-page cache', () => {
  it('answers the second request for a key from the first render', async () => {
    const cache = new PageCache(options);
    const source = counter();
    const first = await cache.get('a', source.render);
    const second = await cache.get('a', source.render);
    assert.equal(source.renders, 1);
    assert.equal(second, first);
    assert.equal(second?.identity.toString(), PAGE);
    await cache.get('b', source.render);
    assert.equal(source.renders, 2, 'another key is another render');
  });

  it('renders once for concurrent requests of one key, and every request gets that page', async () => {
    const cache = new PageCache(options);
    const gate = deferred<RenderedPage>();
    let renders = 0;
    const render = () => {
      renders++;
      return gate.promise;
    };
    const waiting = Array.from({ length: 50 }, () => cache.get('/property/1', render));
    assert.equal(renders, 1);
    gate.resolve({ status: 200, html: PAGE });
    const pages = await Promise.all(waiting);
    assert.equal(renders, 1);
    assert.ok(pages.every((page) => page !== null && page === pages[0]));
  });

  it('renders again once the lifetime has passed, counted from the start of the render', async () => {
    const clock = manualClock();
    const cache = new PageCache({ ...options, now: clock.now });
    const source = counter();
    await cache.get('a', source.render);
    clock.advance(4999);
    await cache.get('a', source.render);
    assert.equal(source.renders, 1, 'still fresh 1 ms before the end');
    clock.advance(1);
    await cache.get('a', source.render);
    assert.equal(source.renders, 2, 'expired at ttlMs');
    assert.equal(cache.size, 1, 'the expired entry was replaced, not kept beside the new one');
  });

  it('stores the not-found page like a page', async () => {
    const cache = new PageCache(options);
    const source = counter({ status: 404, html: '<title>Page not found · Modula</title>' });
    assert.equal((await cache.get('/no-such-page', source.render))?.status, 404);
    assert.equal((await cache.get('/no-such-page', source.render))?.status, 404);
    assert.equal(source.renders, 1);
  });

  it('never stores a render that fell back to index.html or threw, and shares the failure with its waiters', async () => {
    const cache = new PageCache(options);
    const fallback = counter(null);
    assert.equal(await cache.get('a', fallback.render), null);
    assert.equal(await cache.get('a', fallback.render), null);
    assert.equal(fallback.renders, 2);
    assert.equal(cache.size, 0);

    let throws = 0;
    const failing = async (): Promise<RenderedPage> => {
      throws++;
      throw new Error('database down');
    };
    const results = await Promise.allSettled([cache.get('b', failing), cache.get('b', failing)]);
    assert.deepEqual(results.map((r) => r.status), ['rejected', 'rejected']);
    assert.equal(throws, 1);
    const source = counter();
    await cache.get('b', source.render);
    assert.equal(source.renders, 1, 'the next request renders again');
  });

  it('drops every page on invalidate(), and does not store a render that started before it', async () => {
    const cache = new PageCache(options);
    const source = counter();
    await cache.get('a', source.render);
    cache.invalidate();
    assert.equal(cache.size, 0);
    assert.equal(cache.bytes, 0);
    await cache.get('a', source.render);
    assert.equal(source.renders, 2);

    // A render reading the data before a change must not be kept after it.
    const gate = deferred<RenderedPage>();
    const before = cache.get('c', () => gate.promise);
    cache.invalidate();
    const after = counter({ status: 404, html: 'unpublished' });
    const fresh = cache.get('c', after.render);
    assert.equal(after.renders, 1, 'a request after the change does not join the render from before it');
    gate.resolve({ status: 200, html: 'published' });
    assert.equal((await before)?.status, 200, 'the request from before the change is still answered');
    assert.equal((await fresh)?.status, 404);
    assert.equal((await cache.get('c', after.render))?.identity.toString(), 'unpublished');
    assert.equal(after.renders, 1);
  });

  it('keeps at most maxEntries pages, dropping the least recently used', async () => {
    const cache = new PageCache({ ...options, maxEntries: 2 });
    const source = counter();
    await cache.get('a', source.render);
    await cache.get('b', source.render);
    await cache.get('a', source.render);
    await cache.get('c', source.render);
    assert.equal(cache.size, 2);
    assert.equal(source.renders, 3);
    await cache.get('a', source.render);
    assert.equal(source.renders, 3, 'a was used last, so it stayed');
    await cache.get('b', source.render);
    assert.equal(source.renders, 4, 'b was dropped');
  });

  it('keeps at most maxBytes of bodies and keys, and never stores a page larger than that', async () => {
    const one = (await new PageCache(options).get('a', counter().render))?.bytes ?? 0;
    assert.ok(one > PAGE.length, 'identity, Brotli and gzip bodies are all counted');
    const cache = new PageCache({ ...options, maxBytes: one * 2 + 10 });
    const source = counter();
    for (const key of ['a', 'b', 'c']) await cache.get(key, source.render);
    assert.equal(cache.size, 2);
    assert.ok(cache.bytes <= one * 2 + 10);
    await cache.get('b', source.render);
    assert.equal(source.renders, 3);
    await cache.get('a', source.render);
    assert.equal(source.renders, 4, 'the oldest went first');

    const tiny = new PageCache({ ...options, maxBytes: 100 });
    const large = counter();
    await tiny.get('a', large.render);
    await tiny.get('a', large.render);
    assert.equal(large.renders, 2);
    assert.equal(tiny.size, 0);
  });

  it('makes Brotli and gzip bodies that decode to the page, and picks one by Accept-Encoding', async () => {
    const page = await new PageCache(options).get('a', counter().render);
    assert.ok(page);
    assert.equal(zlib.brotliDecompressSync(page.br).toString(), PAGE);
    assert.equal(zlib.gunzipSync(page.gzip).toString(), PAGE);
    assert.ok(page.br.length < page.identity.length / 4);
    assert.equal(chooseBody(page, 'gzip, deflate, br, zstd').encoding, 'br');
    assert.equal(chooseBody(page, 'gzip, deflate, br, zstd').body, page.br);
    assert.equal(chooseBody(page, 'gzip').body, page.gzip);
    assert.equal(chooseBody(page, 'br;q=0, gzip').encoding, 'gzip');
    assert.deepEqual(chooseBody(page, undefined), { body: page.identity, encoding: null });
    assert.deepEqual(chooseBody(page, 'identity'), { body: page.identity, encoding: null });
  });

  it('keys a page by deploy, site, language, path and query, whatever the order of the query names', () => {
    const base = { deploy: 'd1', siteUrl: 'https://modula.example', language: 'en', path: '/listings' };
    const key = (query: string, change: Partial<typeof base> = {}) => pageCacheKey({ ...base, ...change, query: sortedQuery(new URLSearchParams(query)) });
    assert.equal(key('page=2&category=homes'), key('category=homes&page=2'));
    assert.notEqual(key('tag=a&tag=b'), key('tag=b&tag=a'), 'the values of one name keep their order');
    assert.notEqual(key('page=2'), key('page=3'));
    assert.notEqual(key('page=2'), key('page=2', { deploy: 'd2' }));
    assert.notEqual(key('page=2'), key('page=2', { language: 'de' }));
    assert.notEqual(key('page=2'), key('page=2', { siteUrl: 'https://other.example' }));
    assert.notEqual(key(''), key('', { path: '/upgrades' }));
    assert.deepEqual([...sortedQuery(new URLSearchParams('b=1&a=2&b=0'))], [['a', '2'], ['b', '1'], ['b', '0']]);
  });

  it('refuses a lifetime or bound that is not a positive whole number', () => {
    assert.throws(() => new PageCache({ ...options, ttlMs: 0 }), /ttlMs must be a positive whole number/);
    assert.throws(() => new PageCache({ ...options, maxEntries: 1.5 }), /maxEntries/);
    assert.throws(() => new PageCache({ ...options, maxBytes: -1 }), /maxBytes/);
  });
});
