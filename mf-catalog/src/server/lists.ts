// First screens of the catalogue's list pages: home, the browse pages with their filters, a vendor's
// profile, the blog and a blog post.
import type { FirstScreenInput, FirstScreenResult } from '@modula/shared/contracts';
import { BLOG_IMAGES, card, CARD_COLUMNS, CSS, summary, type CardRow, type ListingType } from './format.ts';
import type { Translate } from './strings.ts';

/** lib/filters.ts PAGE_SIZE. */
const PAGE_SIZE = 12;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

function breadcrumbList(input: FirstScreenInput, items: { name: string; path: string }[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: `${input.siteUrl}${item.path}` })),
  };
}

/** The cards; the first `priority` of them load at once, as the app's page loads them (see its PropertyCard priority). */
function grid(input: FirstScreenInput, t: Translate, rows: CardRow[], priority = 0) {
  return input.html`<ul class="fs-grid">${rows.map((row, index) => card(input, t, row, index < priority))}</ul>`;
}

export async function homePage(input: FirstScreenInput, t: Translate): Promise<FirstScreenResult> {
  const rows = await input.read<CardRow[]>(
    `listings?select=${CARD_COLUMNS}&status=eq.published&listing_type=eq.property&order=featured.desc,published_at.desc,id.asc&limit=4`,
  );
  const organization = { '@context': 'https://schema.org', '@type': 'Organization', name: 'Modula', url: `${input.siteUrl}/` };
  return {
    status: 200,
    title: `Modula · ${t('home.heroTitle')}`,
    description: t('home.heroLead'),
    canonical: '/',
    jsonLd: [organization],
    body: input.html`<div class="fs-page"><h1>${t('home.heroTitle')}</h1><p class="fs-lead">${t('home.heroLead')}</p><h2>${t('home.featuredTitle')}</h2>${grid(input, t, rows, 2)}</div>`,
    css: CSS,
  };
}

const TYPE_OF_PATH: Record<string, ListingType> = { '/services': 'service', '/upgrades': 'upgrade', '/commercial-units': 'commercial' };

export async function browsePage(input: FirstScreenInput, t: Translate): Promise<FirstScreenResult> {
  const pathType = TYPE_OF_PATH[input.route];
  const queryType = input.query.get('type');
  const type: ListingType | null = pathType ?? (['property', 'commercial', 'upgrade', 'service'].includes(queryType ?? '') ? (queryType as ListingType) : null);
  const category = input.query.get('category');
  const page = Math.max(1, Math.min(1000, Number.parseInt(input.query.get('page') ?? '1', 10) || 1));
  const filters = [`status=eq.published`];
  let heading = type ? t(`browse.${type}.title`) : t('browse.all.title');
  let lead = type ? t(`browse.${type}.lead`) : t('browse.all.lead');
  if (category && SLUG.test(category)) {
    const found = await input.read<{ id: string; listing_type: ListingType; name: string }[]>(`categories?select=id,listing_type,name&slug=eq.${category}`);
    const cat = found[0];
    if (!cat) return { status: 404, title: '', description: '', canonical: input.path };
    filters.push(`category_id=eq.${cat.id}`);
    const label = t(`categories.${category}`);
    heading = label === `categories.${category}` ? cat.name : label;
    const categoryLead = t(`categoryLeads.${category}`);
    if (categoryLead !== `categoryLeads.${category}`) lead = categoryLead;
  }
  if (type) filters.push(`listing_type=eq.${type}`);
  const from = (page - 1) * PAGE_SIZE;
  const rows = await input.read<CardRow[]>(
    `listings?select=${CARD_COLUMNS}&${filters.join('&')}&order=featured.desc,published_at.desc,id.asc&offset=${from}&limit=${PAGE_SIZE}`,
  );
  const canonicalQuery = new URLSearchParams();
  if (!pathType && type) canonicalQuery.set('type', type);
  if (category && SLUG.test(category)) canonicalQuery.set('category', category);
  if (page > 1) canonicalQuery.set('page', String(page));
  const base = pathType ? input.route : '/listings';
  const canonical = canonicalQuery.size > 0 ? `${base}?${canonicalQuery.toString()}` : base;
  return {
    status: 200,
    title: `${heading} · Modula`,
    description: lead,
    canonical,
    jsonLd: [breadcrumbList(input, [{ name: t('states.homeShort'), path: '/' }, { name: heading, path: canonical }])],
    body: input.html`<div class="fs-page"><h1>${heading}</h1><p class="fs-lead">${lead}</p>${grid(input, t, rows, page === 1 ? 3 : 0)}</div>`,
    css: CSS,
  };
}

interface CompanyRow {
  id: string;
  name: string;
  description: string | null;
  website: string | null;
  city: string | null;
  country: string | null;
  logo: string | null;
  year_founded: number | null;
  verified: boolean;
}

export async function vendorPage(input: FirstScreenInput, t: Translate): Promise<FirstScreenResult> {
  const id = input.params.id ?? '';
  const none: FirstScreenResult = { status: 404, title: '', description: '', canonical: input.path };
  if (!UUID.test(id)) return none;
  const [companies, rows] = await Promise.all([
    input.read<CompanyRow[]>(`companies?select=id,name,description,website,city,country,logo,year_founded,verified&id=eq.${id}`),
    input.read<CardRow[]>(`listings?select=${CARD_COLUMNS}&status=eq.published&vendor_id=eq.${id}&order=featured.desc,published_at.desc&limit=8`),
  ]);
  const company = companies[0];
  if (!company) return none;
  const canonical = `/vendor-profile/${company.id}`;
  const where = [company.city, company.country].filter(Boolean).join(', ');
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${input.siteUrl}${canonical}`,
    name: company.name,
    url: `${input.siteUrl}${canonical}`,
    ...(company.description ? { description: company.description } : {}),
    ...(company.website ? { sameAs: [company.website] } : {}),
    ...(company.year_founded ? { foundingDate: String(company.year_founded) } : {}),
    ...(where ? { address: { '@type': 'PostalAddress', ...(company.city ? { addressLocality: company.city } : {}), ...(company.country ? { addressCountry: company.country } : {}) } } : {}),
  };
  return {
    status: 200,
    title: `${company.name} · Modula`,
    description: summary(company.description, t('vendor.listings', { name: company.name })),
    canonical,
    type: 'profile',
    jsonLd: [organization, breadcrumbList(input, [{ name: t('states.homeShort'), path: '/' }, { name: company.name, path: canonical }])],
    body: input.html`<div class="fs-page"><h1>${company.name}</h1>${where ? input.html`<p class="fs-muted">${where}</p>` : null}${company.verified ? input.html`<p class="fs-muted">${t('vendor.verified')}</p>` : null}${company.description ? input.html`<p class="fs-desc">${company.description}</p>` : null}<h2>${t('vendor.listings', { name: company.name })}</h2>${grid(input, t, rows)}</div>`,
    css: CSS,
  };
}

interface PostRow {
  slug: string;
  title: string;
  excerpt: string | null;
  cover_image: string | null;
  author_name: string | null;
  published_at: string;
  language: string;
  body?: string;
}

const POST_COLUMNS = 'slug,title,excerpt,cover_image,author_name,published_at,language';
const BLOG_COVER = { width: 880, height: 495, quality: 75 };

export async function blogPage(input: FirstScreenInput, t: Translate): Promise<FirstScreenResult> {
  const languages = input.language === 'en' ? 'en' : `${input.language},en`;
  const posts = await input.read<PostRow[]>(`blog_posts?select=${POST_COLUMNS}&language=in.(${languages})&order=published_at.desc&limit=12`);
  const { html } = input;
  return {
    status: 200,
    title: `${t('blog.title')} · Modula`,
    description: t('blog.lead'),
    canonical: '/blog',
    jsonLd: [breadcrumbList(input, [{ name: t('states.homeShort'), path: '/' }, { name: t('blog.title'), path: '/blog' }])],
    body: html`<div class="fs-page"><h1>${t('blog.title')}</h1><p class="fs-lead">${t('blog.lead')}</p><ul class="fs-grid">${posts.map(
      (post) => html`<li class="fs-card"><a href="/blog/${post.slug}"><h3>${post.title}</h3></a>${post.excerpt ? html`<p class="fs-muted">${post.excerpt}</p>` : null}</li>`,
    )}</ul></div>`,
    css: CSS,
  };
}

export async function blogPostPage(input: FirstScreenInput, t: Translate): Promise<FirstScreenResult> {
  const slug = input.params.slug ?? '';
  const none: FirstScreenResult = { status: 404, title: '', description: '', canonical: input.path };
  if (!SLUG.test(slug)) return none;
  const posts = await input.read<PostRow[]>(`blog_posts?select=${POST_COLUMNS}&slug=eq.${slug}`);
  const post = posts[0];
  if (!post) return none;
  const canonical = `/blog/${post.slug}`;
  const url = `${input.siteUrl}${canonical}`;
  const cover = post.cover_image ? input.image(BLOG_IMAGES, post.cover_image, BLOG_COVER) : null;
  const description = summary(post.excerpt, post.title);
  const { html } = input;
  return {
    status: 200,
    title: `${post.title} · Modula`,
    description,
    canonical,
    type: 'article',
    ...(cover ? { image: { url: cover, width: BLOG_COVER.width, height: BLOG_COVER.height, alt: post.title } } : {}),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        '@id': url,
        headline: post.title,
        description,
        url,
        inLanguage: post.language,
        datePublished: post.published_at,
        ...(post.author_name ? { author: { '@type': 'Person', name: post.author_name } } : {}),
        ...(cover ? { image: [`${input.siteUrl}${cover}`] } : {}),
        publisher: { '@type': 'Organization', name: 'Modula' },
      },
      breadcrumbList(input, [{ name: t('states.homeShort'), path: '/' }, { name: t('blog.title'), path: '/blog' }, { name: post.title, path: canonical }]),
    ],
    body: html`<div class="fs-page"><nav class="fs-crumbs" aria-label="${t('detail.breadcrumbs')}"><ol><li><a href="/">${t('states.homeShort')}</a></li><li><a href="/blog">${t('blog.title')}</a></li></ol></nav><article><h1>${post.title}</h1>${post.author_name ? html`<p class="fs-muted">${t('blog.by', { author: post.author_name })}</p>` : null}${post.excerpt ? html`<p class="fs-lead">${post.excerpt}</p>` : null}${cover ? html`<img class="fs-photo" style="aspect-ratio: 16 / 9" src="${cover}" width="${BLOG_COVER.width}" height="${BLOG_COVER.height}" alt="${post.title}" fetchpriority="high" />` : null}</article></div>`,
    css: CSS,
  };
}
