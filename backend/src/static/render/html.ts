// HTML building for server-rendered pages: escaping, the head's tags and the insertion into the shell's
// index.html. Templates never write to the response themselves: their text goes through `html` (which
// escapes every value) and their JSON-LD through `jsonLdScript` (which escapes "<").
import type { HtmlValue, SafeHtml } from '@modula/shared/contracts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

export function raw(markup: string): SafeHtml {
  return { __html: markup };
}

function isSafe(value: unknown): value is SafeHtml {
  return typeof value === 'object' && value !== null && '__html' in value && typeof (value as SafeHtml).__html === 'string';
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map((item: HtmlValue) => render(item)).join('');
  if (isSafe(value)) return value.__html;
  return escapeHtml(String(value));
}

/** Tagged template: the literal parts are markup, every interpolated value is escaped (unless SafeHtml). */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return raw(out);
}

/**
 * JSON for a <script type="application/ld+json">: "<", ">" and "&" as \u escapes, so no text in it can
 * close the script element or open a comment; U+2028/2029 too (valid JSON, not valid in older JS).
 */
export function jsonLdScript(data: unknown): string {
  const json = JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/ld+json">${json}</script>`;
}

export interface HeadTags {
  title: string;
  description: string;
  canonical: string;
  alternates: { hreflang: string; href: string }[];
  ogType: string;
  locale: string;
  image?: { url: string; width: number; height: number; alt: string };
  jsonLd: readonly unknown[];
  css?: string;
  /** Extra <link> tags (preloads), already built. */
  links: string[];
}

export function headTags(tags: HeadTags): string {
  const attr = escapeHtml;
  const lines = [
    `<title>${escapeHtml(tags.title)}</title>`,
    `<meta name="description" content="${attr(tags.description)}" />`,
    `<link rel="canonical" href="${attr(tags.canonical)}" />`,
    ...tags.alternates.map((alt) => `<link rel="alternate" hreflang="${attr(alt.hreflang)}" href="${attr(alt.href)}" />`),
    `<meta property="og:site_name" content="Modula" />`,
    `<meta property="og:type" content="${attr(tags.ogType)}" />`,
    `<meta property="og:title" content="${attr(tags.title)}" />`,
    `<meta property="og:description" content="${attr(tags.description)}" />`,
    `<meta property="og:url" content="${attr(tags.canonical)}" />`,
    `<meta property="og:locale" content="${attr(tags.locale)}" />`,
    `<meta name="twitter:card" content="${tags.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${attr(tags.title)}" />`,
    `<meta name="twitter:description" content="${attr(tags.description)}" />`,
  ];
  if (tags.image) {
    lines.push(
      `<meta property="og:image" content="${attr(tags.image.url)}" />`,
      `<meta property="og:image:width" content="${tags.image.width}" />`,
      `<meta property="og:image:height" content="${tags.image.height}" />`,
      `<meta property="og:image:alt" content="${attr(tags.image.alt)}" />`,
      `<meta name="twitter:image" content="${attr(tags.image.url)}" />`,
      `<meta name="twitter:image:alt" content="${attr(tags.image.alt)}" />`,
    );
  }
  lines.push(...tags.links);
  for (const data of tags.jsonLd) lines.push(jsonLdScript(data));
  // A template's CSS cannot end the style element: "<" never belongs in CSS a template writes.
  if (tags.css) lines.push(`<style>${tags.css.replace(/</g, '\\3c ')}</style>`);
  return lines.join('\n    ');
}

const BOOT = /<div class="boot"[^>]*>\s*<span><\/span>\s*<\/div>/;

/**
 * The shell's index.html with the page's language, head and first screen: the default title and
 * description are replaced, the page's tags go first in the head (after viewport), the first screen replaces the loading
 * mark below the static header bar (the shell takes it over at start-up, see shell/src/start-up/first-screen.ts).
 */
export function composePage(index: string, page: { language: string; dir: string; head: string; body: string }): string {
  let out = index
    .replace(/<html[^>]*>/, `<html lang="${escapeHtml(page.language)}" dir="${escapeHtml(page.dir)}">`)
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '');
  // The page's head goes first, after charset and viewport: its title, and its preloads (the largest
  // photo above all) ahead of the shell's script preloads, which would otherwise take the connection first.
  const viewport = /<meta name="viewport"[^>]*>/;
  out = viewport.test(out) ? out.replace(viewport, (tag) => `${tag}${page.head}`) : out.replace('</head>', () => `  ${page.head}\n  </head>`);
  const screen = `<div id="modula-first-screen">${page.body}</div>`;
  out = BOOT.test(out) ? out.replace(BOOT, () => screen) : out.replace('</body>', () => `${screen}\n</body>`);
  return out;
}
