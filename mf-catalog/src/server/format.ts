// Formatting shared by the catalogue's first screens: prices as the app shows them (@modula/shared's
// formatPrice and the Price component), links (src/lib/links.ts), cards (components/property-card.tsx).
import type { FirstScreenInput, SafeHtml } from '@modula/shared/contracts';
import type { Translate } from './strings.ts';

export const LISTING_IMAGES = 'listing-images';
export const BLOG_IMAGES = 'blog-images';
/** components/gallery.tsx: GALLERY_IMAGE and GALLERY_WIDTHS. */
export const GALLERY_IMAGE = { width: 880, height: 587, quality: 75 };
export const GALLERY_WIDTHS = [440, 880, 1320, 1760];
export const GALLERY_SIZES = '(min-width: 1000px) 720px, 100vw';
/** components/property-card.tsx: CARD_IMAGE. */
export const CARD_IMAGE = { width: 400, height: 300, quality: 70 };

export type ListingType = 'property' | 'commercial' | 'upgrade' | 'service';

export interface CardRow {
  id: string;
  listing_type: ListingType;
  title: string;
  price: number | string;
  price_unit: string | null;
  location: string | null;
  bedrooms: number | null;
  bathrooms: number | null;
  size: number | string | null;
  size_unit: string | null;
  images: string[] | null;
}

export const CARD_COLUMNS = 'id,listing_type,title,price,price_unit,location,bedrooms,bathrooms,size,size_unit,images';

export function priceAmount(amount: number, language: string): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(language === 'zh' ? 'zh-CN' : language, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
}

/** The Price component's text: "Price on request" for 0, "{{price}} per m²" for a unit price. */
export function priceLabel(t: Translate, amount: number, unit: string | null, language: string): string {
  if (amount === 0) return t('price.onRequest');
  const price = priceAmount(amount, language);
  return unit && unit !== 'total' ? t(`price.${unit}`, { price }) : price;
}

export function listingPath(type: ListingType, id: string): string {
  if (type === 'upgrade') return `/upgrade/${id}`;
  if (type === 'service') return `/service/${id}`;
  return `/property/${id}`;
}

export function browsePath(type: ListingType): string {
  if (type === 'commercial') return '/commercial-units';
  if (type === 'upgrade') return '/upgrades';
  if (type === 'service') return '/services';
  return '/listings?category=homes';
}

/** A description for search results: the text's first sentence or 160 characters. */
export function summary(text: string | null | undefined, fallback: string): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!clean) return fallback;
  return clean.length <= 160 ? clean : `${clean.slice(0, 157).replace(/\s+\S*$/, '')}…`;
}

export function facts(t: Translate, row: Pick<CardRow, 'bedrooms' | 'bathrooms' | 'size' | 'size_unit'>): string[] {
  const out: string[] = [];
  if (row.bedrooms) out.push(t('card.bedrooms', { count: row.bedrooms }));
  if (row.bathrooms) out.push(t('card.bathrooms', { count: row.bathrooms }));
  if (row.size) out.push(t('card.area', { value: Number(row.size), unit: t(`units.${row.size_unit === 'sqft' ? 'sqft' : 'sqm'}`) }));
  return out;
}

/**
 * A result card as components/property-card.tsx draws it. `priority` as the app's: the first cards of a
 * page are loaded at once with high priority (they are the largest paint), the others lazily.
 */
export function card(input: FirstScreenInput, t: Translate, row: CardRow, priority = false): SafeHtml {
  const { html } = input;
  const cover = row.images?.[0];
  const photo = cover
    ? html`<img src="${input.image(LISTING_IMAGES, cover, CARD_IMAGE)}" srcset="${input.image(LISTING_IMAGES, cover, CARD_IMAGE)} 1x, ${input.image(LISTING_IMAGES, cover, { ...CARD_IMAGE, width: CARD_IMAGE.width * 2, height: CARD_IMAGE.height * 2 })} 2x" width="${CARD_IMAGE.width}" height="${CARD_IMAGE.height}" alt="${row.title}" ${priority ? input.raw('loading="eager" fetchpriority="high"') : input.raw('loading="lazy"')} decoding="async" />`
    : html`<span class="fs-nophoto">${t('card.noImage')}</span>`;
  return html`<li class="fs-card"><a href="${listingPath(row.listing_type, row.id)}">${photo}<h3>${row.title}</h3></a><p class="fs-price">${priceLabel(t, Number(row.price), row.price_unit, input.language)}</p>${row.location ? html`<p class="fs-muted">${row.location}</p>` : null}<p class="fs-muted">${facts(t, row).join(' · ')}</p></li>`;
}

/** Styles of every catalogue first screen: the page column of components/layout.tsx and the theme's colours. */
export const CSS = `
#modula-first-screen .fs-page { box-sizing: border-box; max-inline-size: 1200px; margin-inline: auto; padding: 24px 16px 48px; }
#modula-first-screen h1 { margin: 0; font-size: clamp(26px, 4vw, 38px); letter-spacing: -0.02em; }
#modula-first-screen .fs-lead, #modula-first-screen .fs-muted { color: #556070; margin: 8px 0 0; }
#modula-first-screen .fs-crumbs ol { list-style: none; margin: 0 0 14px; padding: 0; display: flex; flex-wrap: wrap; gap: 6px; font-size: 14px; color: #556070; }
#modula-first-screen .fs-crumbs li + li::before { content: '/'; margin-inline-end: 6px; }
#modula-first-screen a { color: #1d6b4a; }
#modula-first-screen .fs-cols { display: grid; gap: 32px; align-items: start; margin-block-start: 18px; }
@media (min-width: 1000px) { #modula-first-screen .fs-cols { grid-template-columns: minmax(0, 1fr) 340px; } }
#modula-first-screen .fs-photo { display: block; inline-size: 100%; block-size: auto; aspect-ratio: 3 / 2; object-fit: cover; border-radius: 16px; background: #e6f2ec; }
#modula-first-screen .fs-facts { list-style: none; padding: 0; margin: 16px 0; display: flex; flex-wrap: wrap; gap: 8px 20px; }
#modula-first-screen .fs-box { padding: 20px; border-radius: 16px; background: #fff; border: 1px solid #d9dee4; display: grid; gap: 12px; }
#modula-first-screen .fs-box .fs-price { font-size: 30px; font-weight: 800; letter-spacing: -0.02em; margin: 0; }
#modula-first-screen .fs-desc { white-space: pre-line; line-height: 1.65; }
#modula-first-screen .fs-grid { list-style: none; padding: 0; margin: 24px 0 0; display: grid; gap: 20px; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); }
#modula-first-screen .fs-card { background: #fff; border: 1px solid #d9dee4; border-radius: 16px; overflow: hidden; padding-block-end: 12px; }
#modula-first-screen .fs-card a { color: inherit; text-decoration: none; }
#modula-first-screen .fs-card img, #modula-first-screen .fs-nophoto { display: block; inline-size: 100%; block-size: auto; aspect-ratio: 4 / 3; object-fit: cover; background: #e6f2ec; }
#modula-first-screen .fs-card h3 { font-size: 17px; margin: 12px 14px 4px; }
#modula-first-screen .fs-card p { margin: 2px 14px 0; }
#modula-first-screen .fs-card .fs-price { font-weight: 800; }
`;
