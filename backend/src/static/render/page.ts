// The HTML of an app route (issue 18): the shell's index.html with the page's head and static first
// screen, rendered by the template of the app that owns the route, with preload hints for the route's
// remote. A path no app owns, or an id the template does not find, answers 404 with the not-found page.
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FirstScreenInput, FirstScreenResult } from '@modula/shared/contracts';
import { composePage, escapeHtml, headTags, html, raw } from './html.ts';
import { directionOf, isLanguage, LANGUAGE_CODES, ogLocale, withLanguage, type LanguageCode } from './languages.ts';
import { chooseBody, pageCacheKey, sortedQuery, type PageCache, type RenderedPage } from './page-cache.ts';
import { matchRoute, normalisePath } from './routes.ts';
import { FileCache, Templates, type OwnedRoute } from './templates.ts';

export interface PageRendererOptions {
  app: FastifyInstance;
  deployDir: string;
  anonKey: string;
  /** Origin for canonical and Open Graph URLs, without a trailing slash (read per request: tests set it after start). */
  siteUrl: () => string;
  defaultLanguage: string;
  headers: Record<string, string>;
  /** Rendered pages kept per URL, language and deploy (page-cache.ts); without it every request renders. */
  cache?: PageCache | null;
}

/**
 * Answers the page and resolves true, or resolves false when the plain index.html should be sent. (Not
 * the reply itself: a Fastify reply is thenable, and awaiting it waits for the response to finish.)
 */
export type PageRenderer = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

function encodePath(value: string): string {
  return value.split('/').map(encodeURIComponent).join('/');
}

/** Storage's image renderer: the same URL the browser app builds (mf-catalog/src/lib/images.ts). */
export function imageUrl(bucket: string, file: string, size: { width: number; height: number; quality?: number }): string {
  if (/^https?:\/\//i.test(file)) return file;
  const query = new URLSearchParams({
    width: String(Math.round(size.width)),
    height: String(Math.round(size.height)),
    resize: 'cover',
    quality: String(size.quality ?? 70),
    format: 'webp',
  });
  return `/storage/v1/render/image/public/${bucket}/${encodePath(file)}?${query.toString()}`;
}

export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  const { app, deployDir, anonKey, headers, cache } = options;
  const templates = new Templates(deployDir);
  const indexes = new FileCache<string>((text) => text);
  const indexFile = path.join(deployDir, 'index.html');
  const absolute = (url: string) => (/^https?:\/\//i.test(url) ? url : `${options.siteUrl().replace(/\/+$/, '')}${url}`);

  const read = async <T>(restPath: string): Promise<T> => {
    const response = await app.inject({
      method: 'GET',
      url: `/rest/v1/${restPath.replace(/^\/+/, '')}`,
      headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, accept: 'application/json' },
    });
    if (response.statusCode < 200 || response.statusCode >= 300) {
      throw new Error(`GET /rest/v1/${restPath} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
    }
    return JSON.parse(response.body) as T;
  };

  const notFound = async (index: string, language: LanguageCode): Promise<RenderedPage> => {
    const dir = directionOf(language);
    const shell = await templates.shellModule().catch(() => null);
    const page = shell?.notFound?.({ language, dir, html, raw });
    const head = [`<title>${escapeHtml(page?.title ?? 'Not found · Modula')}</title>`, '<meta name="robots" content="noindex" />'];
    if (page?.css) head.push(`<style>${page.css.replace(/</g, '\\3c ')}</style>`);
    return { status: 404, html: composePage(index, { language, dir, head: head.join('\n    '), body: page?.body.__html ?? '' }) };
  };

  const preloads = (owned: OwnedRoute, result: FirstScreenResult): string[] => {
    const links: string[] = [];
    for (const image of result.preloadImages ?? []) {
      const set = image.srcset ? ` imagesrcset="${escapeHtml(image.srcset)}" imagesizes="${escapeHtml(image.sizes ?? '100vw')}"` : '';
      links.push(`<link rel="preload" as="image" href="${escapeHtml(image.href)}"${set} fetchpriority="high" />`);
    }
    const assets = owned.entry ? templates.assets(owned.entry) : null;
    if (assets) {
      // The shell fetches the manifest, then loads remoteEntry.js and the ./app chunks with script elements.
      links.push(`<link rel="preload" href="${escapeHtml(assets.manifest)}" as="fetch" crossorigin="anonymous" />`);
      for (const script of assets.scripts) links.push(`<link rel="preload" href="${escapeHtml(script)}" as="script" />`);
    }
    return links;
  };

  /** The page for a path, or null when the plain index.html should be sent (the app renders it). */
  const renderPage = async (log: FastifyBaseLogger, index: string, routes: OwnedRoute[], pathname: string, query: URLSearchParams, language: LanguageCode): Promise<RenderedPage | null> => {
    let owned: OwnedRoute | null = null;
    let params: Record<string, string> = {};
    for (const candidate of routes) {
      const match = matchRoute(candidate.route, pathname);
      if (match) {
        owned = candidate;
        params = match;
        break;
      }
    }
    if (!owned) return notFound(index, language);
    if (!owned.render) return null;

    const module = owned.entry ? await templates.remoteModule(owned.entry).catch(() => null) : await templates.shellModule().catch(() => null);
    if (!module) return null;
    const dir = directionOf(language);
    const input: FirstScreenInput = {
      route: owned.route.pattern,
      path: pathname,
      params,
      query,
      language,
      dir,
      siteUrl: options.siteUrl().replace(/\/+$/, ''),
      read,
      html,
      raw,
      image: imageUrl,
    };
    let result: FirstScreenResult | null;
    try {
      result = await module.render(input);
    } catch (error) {
      // A failing template costs the page its first screen, never the page: the app still starts.
      log.warn({ err: error, route: owned.route.pattern }, 'first-screen template failed');
      return null;
    }
    if (!result) return null;
    if (result.status === 404) return notFound(index, language);

    const canonical = absolute(withLanguage(result.canonical, language === options.defaultLanguage ? null : language));
    const alternates = [
      ...LANGUAGE_CODES.map((code) => ({ hreflang: code, href: absolute(withLanguage(result.canonical, code)) })),
      { hreflang: 'x-default', href: absolute(withLanguage(result.canonical, null)) },
    ];
    const head = headTags({
      title: result.title,
      description: result.description,
      canonical,
      alternates,
      ogType: result.type ?? 'website',
      locale: ogLocale(language),
      image: result.image ? { ...result.image, url: absolute(result.image.url) } : undefined,
      jsonLd: result.jsonLd ?? [],
      css: result.css,
      links: preloads(owned, result),
    });
    return { status: 200, html: composePage(index, { language, dir, head, body: result.body?.__html ?? '' }) };
  };

  const pageHeaders = { ...headers, 'Cache-Control': 'no-cache' };

  return async (request, reply) => {
    // Taken before any file is read: a deploy during the render can only leave its page under a key
    // no later request asks for.
    const deploy = cache ? templates.deployIdentity() : '';
    const url = new URL(request.url, 'http://localhost');
    const asked = url.searchParams.get('lang');
    const language: LanguageCode = isLanguage(asked) ? asked : isLanguage(options.defaultLanguage) ? options.defaultLanguage : 'en';
    url.searchParams.delete('lang');
    const query = sortedQuery(url.searchParams);
    const pathname = normalisePath(url.pathname);
    // Nothing of the visitor (cookies, Authorization, beta access) reaches the render: the template
    // reads as the anon role, so the key below is everything the page depends on besides the data.
    const render = async () => {
      const index = indexes.get(indexFile);
      if (index === null) return null;
      const routes = await templates.routes();
      // Without the shell's template or a registry the server cannot tell pages from unknown paths.
      if (!routes) return null;
      return renderPage(request.log, index, routes, pathname, query, language);
    };

    if (!cache) {
      const page = await render();
      if (!page) return false;
      void reply.code(page.status).headers(pageHeaders).type('text/html; charset=utf-8').send(page.html);
      return true;
    }
    const key = pageCacheKey({ deploy, siteUrl: options.siteUrl(), language, path: pathname, query });
    const page = await cache.get(key, render);
    if (!page) return false;
    const { body, encoding } = chooseBody(page, request.headers['accept-encoding']);
    reply.code(page.status).headers({ ...pageHeaders, Vary: 'Accept-Encoding' }).type('text/html; charset=utf-8');
    if (encoding) reply.header('Content-Encoding', encoding);
    void reply.send(body);
    return true;
  };
}
