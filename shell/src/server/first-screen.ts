// The shell's first-screen template (issue 18): which paths the shell owns (so the server can answer
// 404 for any path no app owns), the first screens of /faq and /about, and the not-found page.
// Built into dist/server/ by tooling/first-screen.cjs; the server reads it from the deploy root.
import type { FirstScreenInput, FirstScreenModule, FirstScreenResult } from '@modula/shared/contracts';
import { text, value } from './strings.ts';

/** src/routing/build-routes.tsx SHELL_PAGES and the dashboard frame (a test keeps them equal). */
export const routes: NonNullable<FirstScreenModule['routes']> = [
  { path: '/about', access: 'public', render: true },
  { path: '/faq', access: 'public', render: true },
  { path: '/terms', access: 'public' },
  { path: '/privacy', access: 'public' },
  { path: '/contact', access: 'public' },
  { path: '/newsletter/confirm', access: 'public' },
  { path: '/newsletter/manage', access: 'verified' },
  { path: '/deployment-status', access: 'public' },
  { path: '/customer-dashboard', access: 'verified' },
];

const CSS = `
#modula-first-screen .fs-page { box-sizing: border-box; max-inline-size: 880px; margin-inline: auto; padding: 40px 16px 64px; }
#modula-first-screen .fs-eyebrow { color: #1d6b4a; font-weight: 700; text-transform: uppercase; letter-spacing: 0.08em; font-size: 13px; margin: 0; }
#modula-first-screen h1 { margin: 8px 0 0; font-size: clamp(28px, 4vw, 40px); letter-spacing: -0.02em; }
#modula-first-screen .fs-lead { color: #556070; font-size: 18px; }
#modula-first-screen .fs-notfound { text-align: center; padding-block: 64px; }
#modula-first-screen .fs-code { font-size: clamp(64px, 14vw, 120px); font-weight: 800; line-height: 1; margin: 0; letter-spacing: -0.04em; color: #1d6b4a; }
#modula-first-screen a { color: #1d6b4a; }
`;

function page(input: FirstScreenInput, key: 'faq' | 'about'): FirstScreenResult {
  const { html, language } = input;
  const t = (k: string) => text('pages', language, `${key}.${k}`);
  const title = t('title');
  const lead = t('lead');
  let content;
  const jsonLd: Record<string, unknown>[] = [];
  if (key === 'faq') {
    const items = value<{ q: string; a: string }[]>('pages', language, 'faq.items') ?? [];
    content = items.map((item) => html`<h2>${item.q}</h2><p>${item.a}</p>`);
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: items.map((item) => ({ '@type': 'Question', name: item.q, acceptedAnswer: { '@type': 'Answer', text: item.a } })),
    });
  } else {
    const sections = value<{ title: string; body: string }[]>('pages', language, 'about.sections') ?? [];
    content = sections.map((section) => html`<h2>${section.title}</h2><p>${section.body}</p>`);
    jsonLd.push({ '@context': 'https://schema.org', '@type': 'AboutPage', name: title, url: `${input.siteUrl}/about` });
  }
  jsonLd.push({
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Modula', item: `${input.siteUrl}/` },
      { '@type': 'ListItem', position: 2, name: title, item: `${input.siteUrl}/${key}` },
    ],
  });
  return {
    status: 200,
    title: `${title} · Modula`,
    description: lead,
    canonical: `/${key}`,
    jsonLd,
    body: html`<div class="fs-page"><p class="fs-eyebrow">${t('eyebrow')}</p><h1>${title}</h1><p class="fs-lead">${lead}</p>${content}</div>`,
    css: CSS,
  };
}

export function render(input: FirstScreenInput): FirstScreenResult | null {
  if (input.route === '/faq') return page(input, 'faq');
  if (input.route === '/about') return page(input, 'about');
  return null;
}

export const notFound: NonNullable<FirstScreenModule['notFound']> = ({ language, html }) => {
  const title = text('shell', language, 'notFound.title');
  return {
    title: `${title} · Modula`,
    css: CSS,
    body: html`<div class="fs-page fs-notfound"><p class="fs-code" aria-hidden="true">404</p><h1>${title}</h1><p>${text('shell', language, 'notFound.body')}</p><p><a href="/">${text('shell', language, 'common.home')}</a> · <a href="/listings">${text('shell', language, 'notFound.browse')}</a></p></div>`,
  };
};
