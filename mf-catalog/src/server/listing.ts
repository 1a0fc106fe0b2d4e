// The first screen of a listing (/property/:id, /listings/:id, /listing-details/:id, /service/:id,
// /upgrade/:id): title, location, cover photo, price and key facts; Product + Offer and BreadcrumbList.
import type { FirstScreenInput, FirstScreenResult } from '@modula/shared/contracts';
import { browsePath, CSS, facts, GALLERY_IMAGE, GALLERY_SIZES, GALLERY_WIDTHS, LISTING_IMAGES, listingPath, priceLabel, summary, type CardRow } from './format.ts';
import type { Translate } from './strings.ts';

interface ListingRow extends CardRow {
  description: string | null;
  country: string | null;
  category: { name: string; slug: string } | null;
  vendor: { id: string; name: string } | null;
}

const COLUMNS = 'id,listing_type,title,price,price_unit,location,country,bedrooms,bathrooms,size,size_unit,images,description,category:categories(name,slug),vendor:companies(id,name)';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listingPage(input: FirstScreenInput, t: Translate): Promise<FirstScreenResult> {
  const { html } = input;
  const id = input.params.id ?? '';
  if (!UUID.test(id)) return { status: 404, title: '', description: '', canonical: input.path };
  const rows = await input.read<ListingRow[]>(`listings?select=${encodeURIComponent(COLUMNS)}&id=eq.${id}&status=eq.published`);
  const row = rows[0];
  if (!row) return { status: 404, title: '', description: '', canonical: input.path };

  const canonical = listingPath(row.listing_type, row.id);
  const url = `${input.siteUrl}${canonical}`;
  const cover = row.images?.[0] ?? null;
  const price = Number(row.price);
  const priceText = priceLabel(t, price, row.price_unit, input.language);
  const typeLabel = t(`typesPlural.${row.listing_type}`);
  const description = summary(row.description, `${row.title} · ${priceText}${row.location ? ` · ${row.location}` : ''}`);
  const photo = cover
    ? {
        src: input.image(LISTING_IMAGES, cover, GALLERY_IMAGE),
        srcset: GALLERY_WIDTHS.map((width) => `${input.image(LISTING_IMAGES, cover, { ...GALLERY_IMAGE, width, height: Math.round((GALLERY_IMAGE.height * width) / GALLERY_IMAGE.width) })} ${width}w`).join(', '),
      }
    : null;
  const og = cover ? input.image(LISTING_IMAGES, cover, { width: 1200, height: 630, quality: 80 }) : null;
  const keyFacts = facts(t, row);

  const product: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': url,
    name: row.title,
    description,
    url,
    sku: row.id,
    ...(og ? { image: [`${input.siteUrl}${og}`] } : {}),
    ...(row.category ? { category: row.category.name } : {}),
    ...(row.vendor ? { brand: { '@type': 'Organization', name: row.vendor.name, url: `${input.siteUrl}/vendor-profile/${row.vendor.id}` } } : {}),
    // A price of 0 is "on request": no offer with a price is claimed.
    ...(price > 0
      ? { offers: { '@type': 'Offer', price: price.toFixed(2), priceCurrency: 'EUR', availability: 'https://schema.org/InStock', url } }
      : {}),
  };
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: t('states.homeShort'), item: `${input.siteUrl}/` },
      { '@type': 'ListItem', position: 2, name: typeLabel, item: `${input.siteUrl}${browsePath(row.listing_type)}` },
      { '@type': 'ListItem', position: 3, name: row.title, item: url },
    ],
  };

  const body = html`<div class="fs-page">
<nav class="fs-crumbs" aria-label="${t('detail.breadcrumbs')}"><ol><li><a href="/">${t('states.homeShort')}</a></li><li><a href="${browsePath(row.listing_type)}">${typeLabel}</a></li></ol></nav>
<div class="fs-head"><h1>${row.title}</h1>${row.location ? html`<p class="fs-muted">${row.location}</p>` : null}</div>
<div class="fs-cols"><div>${
    photo
      ? html`<img class="fs-photo" src="${photo.src}" srcset="${photo.srcset}" sizes="${GALLERY_SIZES}" width="${GALLERY_IMAGE.width}" height="${GALLERY_IMAGE.height}" alt="${row.title}" fetchpriority="high" decoding="async" />`
      : null
  }${keyFacts.length > 0 ? html`<ul class="fs-facts" aria-label="${t('detail.facts')}">${keyFacts.map((fact) => html`<li>${fact}</li>`)}</ul>` : null}
<h2>${t('detail.about')}</h2><p class="fs-desc">${row.description || t('detail.noDescription')}</p></div>
<aside><div class="fs-box"><p class="fs-price">${priceText}</p><small>${t('detail.priceNote')}</small>${row.vendor ? html`<p>${t('detail.vendor')}: <a href="/vendor-profile/${row.vendor.id}">${row.vendor.name}</a></p>` : null}</div></aside></div>
</div>`;

  return {
    status: 200,
    title: `${row.title} · Modula`,
    description,
    canonical,
    type: 'product',
    ...(og ? { image: { url: og, width: 1200, height: 630, alt: row.title } } : {}),
    jsonLd: [product, breadcrumbs],
    body,
    css: CSS,
    ...(photo ? { preloadImages: [{ href: photo.src, srcset: photo.srcset, sizes: GALLERY_SIZES }] } : {}),
  };
}
