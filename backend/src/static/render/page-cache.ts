// Rendered public pages, kept for a few seconds per URL, language and deploy (decision 009). A page is
// rendered as the anon role, so it is the same for every visitor: one render answers every request for
// that key until it expires, a deploy changes the key, or the data it may show changes (invalidate()).
// Concurrent requests for a key that is being rendered wait for that render instead of starting their
// own, which is what keeps 100 clients from queueing 100 renders on the database. Each entry carries
// its Brotli and gzip bodies, compressed once when it is made (zlib's thread pool), never per request.
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { negotiate, type Encoding } from '../precompressed.ts';

/** What a render produced: a page (200) or the not-found page (404). Anything else is not cached. */
export interface RenderedPage {
  status: 200 | 404;
  html: string;
}

export interface CachedPage {
  status: 200 | 404;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Milliseconds since the epoch (the cache's clock) after which the entry is rendered again. */
  expires: number;
  /** Memory the entry holds: its key and three bodies. */
  bytes: number;
}

export interface PageCacheOptions {
  /** How long a rendered page is served, in milliseconds (counted from the start of its render). */
  ttlMs: number;
  maxEntries: number;
  /** Bound on the bodies (identity, Brotli, gzip) and keys held, in bytes. */
  maxBytes: number;
  /** The clock entries expire by (tests move it forward instead of waiting). */
  now?: () => number;
}

export interface PageCacheKey {
  /** Changes with every deploy of the shell or a remote (Templates.deployIdentity). */
  deploy: string;
  siteUrl: string;
  language: string;
  /** The path as the router sees it (normalisePath). */
  path: string;
  /** The query without lang, as passed to the template (sortedQuery). */
  query: URLSearchParams;
}

/**
 * The query in a canonical order: by name, the values of one name in the order they came (a template
 * reading getAll() sees them as asked). The template is given this order too, so equal keys render
 * equal pages.
 */
export function sortedQuery(query: URLSearchParams): URLSearchParams {
  return new URLSearchParams([...query.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export function pageCacheKey(key: PageCacheKey): string {
  return JSON.stringify([key.deploy, key.siteUrl, key.language, key.path, key.query.toString()]);
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

// Quality 11 / level 9 cost several milliseconds a page on the thread pool for a few percent fewer
// bytes; pages are made again every few seconds, so the fast levels the sitemap uses are the better trade.
const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
};
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 };

/** The body to send for an Accept-Encoding header (br, then gzip, else identity). */
export function chooseBody(page: CachedPage, acceptEncoding: string | string[] | undefined): { body: Buffer; encoding: Encoding | null } {
  const encoding = negotiate(acceptEncoding);
  if (encoding === 'br') return { body: page.br, encoding };
  if (encoding === 'gzip') return { body: page.gzip, encoding };
  return { body: page.identity, encoding: null };
}

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly pending = new Map<string, Promise<CachedPage | null>>();
  private readonly options: Required<PageCacheOptions>;
  private heldBytes = 0;
  /** Bumped by invalidate(): a render that started before it is answered but never stored. */
  private generation = 0;

  constructor(options: PageCacheOptions) {
    for (const [name, value] of Object.entries({ ttlMs: options.ttlMs, maxEntries: options.maxEntries, maxBytes: options.maxBytes })) {
      if (!Number.isInteger(value) || value <= 0) throw new RangeError(`PageCache ${name} must be a positive whole number, got ${value}`);
    }
    this.options = { now: Date.now, ...options };
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.heldBytes;
  }

  /**
   * The cached page for key, or the result of render() (one render per key at a time: concurrent
   * callers share it). A render that resolves null (the caller sends index.html instead) or throws is
   * not stored.
   */
  get(key: string, render: () => Promise<RenderedPage | null>): Promise<CachedPage | null> {
    const now = this.options.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      // Least recently used first: a hit moves the entry to the end.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return Promise.resolve(hit);
    }
    if (hit) this.remove(key, hit);
    const running = this.pending.get(key);
    if (running) return running;

    const generation = this.generation;
    const promise = (async () => {
      const page = await render();
      if (!page) return null;
      const identity = Buffer.from(page.html);
      const [br, gz] = await Promise.all([brotli(identity, BROTLI_OPTIONS), gzip(identity, GZIP_OPTIONS)]);
      const entry: CachedPage = {
        status: page.status,
        identity,
        br,
        gzip: gz,
        expires: now + this.options.ttlMs,
        bytes: Buffer.byteLength(key) + identity.length + br.length + gz.length,
      };
      if (generation === this.generation) this.store(key, entry);
      return entry;
    })();
    this.pending.set(key, promise);
    const settle = () => {
      if (this.pending.get(key) === promise) this.pending.delete(key);
    };
    promise.then(settle, settle);
    return promise;
  }

  /** Forgets every page, and every render under way (their requests are still answered). */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
    this.pending.clear();
    this.heldBytes = 0;
  }

  private store(key: string, entry: CachedPage): void {
    if (entry.bytes > this.options.maxBytes) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, entry);
    this.heldBytes += entry.bytes;
    for (const [oldest, value] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.heldBytes <= this.options.maxBytes) break;
      this.remove(oldest, value);
    }
  }

  private remove(key: string, entry: CachedPage): void {
    this.entries.delete(key);
    this.heldBytes -= entry.bytes;
  }
}
