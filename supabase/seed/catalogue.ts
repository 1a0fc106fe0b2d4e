/**
 * Turns the written content into the exact rows the seed upserts. Pure and deterministic: the same
 * content always yields the same rows (stable ids, seeded PRNG, fixed dates), so running the seed
 * twice changes nothing.
 */
import { companies, places, type SeedCompany } from './content/companies.ts';
import { spaceTypes, type SpaceType } from './content/properties.ts';
import { services, upgrades, type Extra, type Motif } from './content/extras.ts';
import { posts } from './content/blog.ts';
import { demoAccounts, demoConversation, reviewers, reviewTexts, type SeedPerson } from './content/people.ts';
import { Random, stableId } from './random.ts';

type Row = Record<string, unknown>;

export interface SeedUser extends SeedPerson {
  id: string;
  companyKey?: string;
}

/** What an image shows; the seed draws it, renders it and uploads it to `bucket`/`path`. */
export type Picture =
  | { kind: 'exterior'; spaceType: SpaceType; seed: string }
  | { kind: 'interior'; spaceType: SpaceType; seed: string }
  | { kind: 'object'; motif: Motif; seed: string }
  | { kind: 'logo'; company: SeedCompany };

export interface SeedImage {
  bucket: 'listing-images' | 'company-logos' | 'blog-images';
  path: string;
  picture: Picture;
}

export interface Catalogue {
  users: SeedUser[];
  companies: Row[];
  members: Row[];
  subscriptions: Row[];
  listings: Row[];
  reviews: Row[];
  favorites: Row[];
  conversations: Row[];
  messages: Row[];
  meetings: Row[];
  adCampaigns: Row[];
  sponsoredListings: Row[];
  blogPosts: Row[];
  images: SeedImage[];
}

const categoryId = (slug: string) => stableId(`category:${slug}`);
const subcategoryId = (category: string, slug: string) => stableId(`subcategory:${category}/${slug}`);
const companyId = (key: string) => stableId(`seed:company:${key}`);
const userId = (key: string) => stableId(`seed:user:${key}`);
const listingId = (title: string) => stableId(`seed:listing:${title}`);

/** Dates are fixed, spread over 2026, so "newest first" has a real order and reruns match. */
const day = (n: number, hour = 9) => new Date(Date.UTC(2026, 0, 5 + n, hour)).toISOString();
const SPONSORED_UNTIL = '2030-12-31T23:59:59Z';

const EUROPE_SAMPLE = ['DE', 'FR', 'NL', 'BE', 'AT', 'CH', 'DK', 'SE', 'NO', 'IT', 'ES', 'PT', 'PL', 'CZ', 'IE', 'FI', 'EE'];

function shipping(rng: Random, slot: number, home: string): Row {
  switch (slot % 4) {
    case 0:
      return { shipping_type: 'worldwide', shipping_continents: [], shipping_countries: [] };
    case 1:
      return { shipping_type: 'continents', shipping_continents: rng.chance(0.6) ? ['europe'] : ['europe', 'asia'], shipping_countries: [] };
    case 2: {
      const others = rng.sample(EUROPE_SAMPLE.filter((c) => c !== home), rng.int(0, 2));
      return { shipping_type: 'specific', shipping_continents: [], shipping_countries: [home, ...others] };
    }
    default: {
      const others = rng.sample(EUROPE_SAMPLE.filter((c) => c !== home), rng.int(4, 7));
      return { shipping_type: 'specific', shipping_continents: [], shipping_countries: [home, ...others] };
    }
  }
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six'];
const counted = (n: number, noun: string) => `${NUMBER_WORDS[n] ?? String(n)} ${noun}${n === 1 ? '' : 's'}`;

/** The rooms in words, from the listing's own bedrooms and bathrooms fields ('' for commercial units). */
export function layoutSentence(listingType: 'property' | 'commercial', bedrooms: number, bathrooms: number): string {
  if (listingType !== 'property') return '';
  const rooms = bedrooms === 0 ? 'An open-plan studio' : `${counted(bedrooms, 'bedroom').replace(/^./, (c) => c.toUpperCase())}`;
  return bathrooms > 0 ? `${rooms} with ${counted(bathrooms, 'bathroom')}.` : `${rooms}.`;
}

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

function users(): SeedUser[] {
  const staff = companies.flatMap((c): SeedUser[] => (c.contact === 'demo' ? [] : [{
    key: `staff-${c.key}`, id: userId(`staff-${c.key}`), email: c.contact.email, name: c.contact.name,
    userType: 'vendor', country: c.country, language: 'en', companyKey: c.key,
  }]));
  const demos = demoAccounts.map((p): SeedUser => ({ ...p, id: userId(p.key), ...(p.key === 'demo-vendor' ? { companyKey: 'haven' } : {}) }));
  return [...demos, ...staff, ...reviewers.map((p) => ({ ...p, id: userId(p.key) }))];
}

function placeFor(rng: Random, company: SeedCompany) {
  const local = places.filter((p) => p.country === company.country);
  return local.length > 0 && rng.chance(0.7) ? rng.pick(local) : rng.pick(places);
}

function propertyRows() {
  const rows: Row[] = [];
  const images: SeedImage[] = [];
  let n = 0;
  for (const [spaceType, spec] of Object.entries(spaceTypes) as [SpaceType, (typeof spaceTypes)[SpaceType]][]) {
    spec.models.forEach((model, index) => {
      const rng = new Random(`listing:${model.title}`);
      const company = companies.find((c) => c.key === model.company)!;
      const id = listingId(model.title);
      const place = placeFor(rng, company);
      // Every fact is decided first; the description is then written from the same facts as the fields.
      const titleSize = spec.sizeInTitle ? /\b(\d{2,3})\b/.exec(model.title) : null;
      const randomSqm = rng.int(spec.sizeSqm[0], spec.sizeSqm[1]);
      const sqm = titleSize ? Number(titleSize[1]) : randomSqm;
      const inSqft = rng.chance(0.3);
      const features = rng.sample(spec.features, rng.int(3, 5));
      const size = inSqft ? Math.round(sqm * 10.7639) : sqm;
      const sizeText = inSqft ? `${size.toLocaleString('en')} sq ft` : `${size} m²`;
      const leadWeeks = rng.int(spec.leadWeeks[0], spec.leadWeeks[1]);
      const ship = shipping(rng, n, company.country);
      const intro = rng.pick(spec.intro);
      const details = rng.sample(spec.details, 2);
      // Drawn in the order the rows always drew them, so the other seeded values stay as they were.
      const subcategory = rng.pick(spec.subcategories);
      const price = rng.step(spec.price[0], spec.price[1], 500);
      const latitude = Number((place.lat + (rng.next() - 0.5) * 0.2).toFixed(5));
      const longitude = Number((place.lng + (rng.next() - 0.5) * 0.2).toFixed(5));
      const randomBedrooms = rng.int(spec.bedrooms[0], spec.bedrooms[1]);
      const randomBathrooms = rng.int(spec.bathrooms[0], spec.bathrooms[1]);
      const bedrooms = model.bedrooms ?? randomBedrooms;
      const bathrooms = model.bathrooms ?? randomBathrooms;
      const description = [
        fill(intro, { title: model.title, size: sizeText }),
        model.pitch,
        layoutSentence(spec.listingType, bedrooms, bathrooms),
        ...details,
        `Built by ${company.name} in ${company.city} with a lead time of about ${leadWeeks} weeks.`,
      ].filter(Boolean).join(' ');
      const path = (k: number) => `${companyId(company.key)}/${id}/${k}.webp`;
      images.push({ bucket: 'listing-images', path: path(1), picture: { kind: 'exterior', spaceType, seed: model.title } });
      images.push({ bucket: 'listing-images', path: path(2), picture: { kind: 'interior', spaceType, seed: model.title } });
      rows.push({
        id, vendor_id: companyId(company.key), listing_type: spec.listingType, space_type: spaceType,
        category_id: categoryId(spec.listingType === 'property' ? 'homes' : 'commercial-units'),
        subcategory_id: subcategoryId(spec.listingType === 'property' ? 'homes' : 'commercial-units', subcategory),
        title: model.title, description, price, price_unit: 'total',
        location: `${place.city}, ${place.region}`, country: place.country, latitude, longitude,
        bedrooms, bathrooms, size, size_unit: inSqft ? 'sqft' : 'sqm', features,
        energy_class: rng.pick(spec.energy), certifications: rng.sample(spec.certifications, rng.int(0, 2)),
        materials: rng.sample(spec.materials, rng.int(2, 3)),
        off_grid_ready: features.some((f) => /composting|off-grid|solar ready/i.test(f)) || (spaceType === 'a_frame' && rng.chance(0.4)),
        solar_powered: features.some((f) => /solar roof/i.test(f)), heat_pump: features.some((f) => /heat pump/i.test(f)),
        rainwater_harvesting: rng.chance(0.2), recycled_materials_pct: spaceType === 'container_home' || spaceType === 'pop_up_shop' ? rng.int(60, 85) : rng.int(5, 30),
        ...ship, free_shipping: rng.chance(0.25), lead_time_weeks: leadWeeks,
        featured: index === 0 || index === 3, status: 'published', published_at: day(n * 4, 8 + (n % 9)), images: [path(1), path(2)],
        created_at: day(n * 4, 7),
      });
      n++;
    });
  }
  return { rows, images };
}

function extraRows(list: Extra[], listingType: 'upgrade' | 'service', offset: number) {
  const rows: Row[] = [];
  const images: SeedImage[] = [];
  list.forEach((extra, index) => {
    const rng = new Random(`listing:${extra.title}`);
    const company = companies.find((c) => c.key === extra.company)!;
    const id = listingId(extra.title);
    const path = `${companyId(company.key)}/${id}/1.webp`;
    images.push({ bucket: 'listing-images', path, picture: { kind: 'object', motif: extra.motif, seed: extra.title } });
    const serviceArea: Record<string, string[]> = { terra: ['IE', 'GB'], kvadrat: ['CZ', 'SK', 'AT', 'DE', 'PL'], clearpath: ['CH', 'DE', 'AT', 'LI'] };
    const ship = listingType === 'service'
      ? { shipping_type: 'specific', shipping_continents: [], shipping_countries: serviceArea[company.key] ?? [company.country] }
      : shipping(rng, index, company.country);
    const s = extra.sustainability ?? {};
    rows.push({
      id, vendor_id: companyId(company.key), listing_type: listingType, space_type: null,
      category_id: categoryId(extra.category), subcategory_id: subcategoryId(extra.category, extra.subcategory),
      title: extra.title, description: extra.description, price: extra.price, price_unit: extra.priceUnit,
      location: `${company.city}, ${places.find((p) => p.city === company.city)?.region ?? company.city}`, country: company.country,
      latitude: null, longitude: null, bedrooms: 0, bathrooms: 0, size: 0, size_unit: 'sqft', features: extra.features,
      energy_class: null, certifications: [], materials: [],
      off_grid_ready: s.offGrid ?? false, solar_powered: s.solar ?? false, heat_pump: s.heatPump ?? false,
      rainwater_harvesting: s.rainwater ?? false, recycled_materials_pct: s.recycledPct ?? null,
      ...ship, free_shipping: listingType === 'upgrade' && rng.chance(0.3), lead_time_weeks: extra.leadWeeks,
      featured: index % 7 === 0, status: 'published', published_at: day(offset + index * 5, 10), images: [path],
      created_at: day(offset + index * 5, 9),
    });
  });
  return { rows, images };
}

export function buildCatalogue(): Catalogue {
  const people = users();
  const contactOf = (key: string) => people.find((u) => u.companyKey === key)!.id;
  const demo = (key: string) => people.find((u) => u.key === key)!;

  const properties = propertyRows();
  const ups = extraRows(upgrades, 'upgrade', 2);
  const servs = extraRows(services, 'service', 3);
  const listings = [...properties.rows, ...ups.rows, ...servs.rows];

  const listingCount = (key: string) => listings.filter((l) => l.vendor_id === companyId(key)).length;
  const planFor = (key: string) => (key === 'haven' ? 'entrepreneur' : listingCount(key) <= 1 ? 'starter' : listingCount(key) <= 5 ? 'entrepreneur' : 'pro');
  // Featured listings are a Pro feature: only pro companies keep the flag.
  for (const listing of listings) {
    const key = companies.find((c) => companyId(c.key) === listing.vendor_id)!.key;
    if (planFor(key) !== 'pro') listing.featured = false;
  }

  const companyRows = companies.map((c) => ({
    id: companyId(c.key), name: c.name, company_type: c.type, verified: c.verified, description: c.description,
    logo: `${companyId(c.key)}/logo.webp`, country: c.country, city: c.city, website: `https://www.${c.key}.example`,
    year_founded: c.founded, owner_id: contactOf(c.key),
  }));
  const members = companies.map((c) => ({ company_id: companyId(c.key), user_id: contactOf(c.key), member_role: 'owner' }));
  const subscriptions = [
    ...companies.map((c) => ({ id: stableId(`seed:subscription:${c.key}`), user_id: contactOf(c.key), plan: planFor(c.key), status: 'Active', renewal_date: null })),
    { id: stableId('seed:subscription:demo-customer'), user_id: demo('demo-customer').id, plan: 'starter', status: 'Active', renewal_date: null },
  ];

  // Reviews: what a page counts is what it lists, so every review is a stored row; a vendor's page lists
  // its own reviews and its listings' together, so no text repeats within a vendor.
  const rng = new Random('seed:reviews');
  const reviews: Row[] = [];
  const reviewerIds = people.filter((u) => u.key.startsWith('reviewer-')).map((u) => u.id);
  const usedTexts = new Map<string, Set<string>>();
  const review = (vendorId: string): { rating: number; body: string } | null => {
    const used = usedTexts.get(vendorId) ?? new Set<string>();
    usedTexts.set(vendorId, used);
    const wanted = rng.pick([5, 5, 5, 4, 4, 4, 3]);
    // The wanted rating's texts first, then the nearest ratings', never one the vendor already shows.
    for (const rating of [wanted, ...[5, 4, 3].filter((r) => r !== wanted).sort((a, b) => Math.abs(a - wanted) - Math.abs(b - wanted))]) {
      const unused = reviewTexts[rating]!.filter((body) => !used.has(body));
      if (unused.length > 0) {
        const body = rng.pick(unused);
        used.add(body);
        return { rating, body };
      }
    }
    return null;
  };
  for (const listing of listings.filter((l) => l.listing_type === 'property' || l.listing_type === 'commercial' || rng.chance(0.4))) {
    for (const author of rng.sample(reviewerIds, rng.int(0, 3))) {
      const r = review(String(listing.vendor_id));
      if (!r) continue;
      reviews.push({ id: stableId(`seed:review:${author}:${listing.id}`), listing_id: listing.id, company_id: null, author_id: author, rating: r.rating, body: r.body, created_at: day(rng.int(60, 300)) });
    }
  }
  for (const company of companies.filter((c) => c.verified)) {
    for (const author of rng.sample(reviewerIds, rng.int(1, 3))) {
      const r = review(companyId(company.key));
      if (!r) continue;
      reviews.push({ id: stableId(`seed:review:${author}:${company.key}`), listing_id: null, company_id: companyId(company.key), author_id: author, rating: r.rating, body: r.body, created_at: day(rng.int(60, 300)) });
    }
  }

  const customer = demo('demo-customer').id;
  const vendor = demo('demo-vendor').id;
  const haven = listings.find((l) => l.title === 'Haven Garden 96')!;
  const favourites = ['Haven Garden 96', 'Fjell 42 A-frame cabin', 'Petite Loire 6 tiny house', 'Rooftop solar kit 4.2 kWp'];
  const conversationId = stableId('seed:conversation:demo');
  const otherConversation = stableId('seed:conversation:demo-nordlys');
  const fjell = listings.find((l) => l.title === 'Fjell 42 A-frame cabin')!;
  const messages = [
    ...demoConversation.map((m, i) => ({
      id: stableId(`seed:message:demo:${i}`), conversation_id: conversationId, sender_id: m.from === 'customer' ? customer : vendor,
      content: m.text, message_type: 'text', read_at: i < 3 ? day(300 + i, 12) : null, created_at: day(300 + i, 11),
    })),
    {
      id: stableId('seed:message:demo:quotation'), conversation_id: conversationId, sender_id: vendor, message_type: 'quotation',
      content: JSON.stringify({ type: 'quotation', title: 'Haven Garden 96 delivered to Uppsala, on screw piles', amount: 231500, currency: 'EUR' }),
      read_at: null, created_at: day(304, 11),
    },
    { id: stableId('seed:message:nordlys:0'), conversation_id: otherConversation, sender_id: customer, content: 'Does the Fjell 42 come with the wood stove installed?', message_type: 'text', read_at: day(290, 9), created_at: day(290, 8) },
    { id: stableId('seed:message:nordlys:1'), conversation_id: otherConversation, sender_id: contactOf('nordlys'), content: 'Yes, installed and certified, chimney included.', message_type: 'text', read_at: null, created_at: day(290, 10) },
  ];

  const sponsoredTitles = ['Stack 3 three-container home', 'Schwarzwald 120 prefab house', 'Skog 65 family A-frame', 'Air-to-water heat pump 6 kW', 'Alpen Team Office 60'];
  const sponsoredListings = sponsoredTitles.map((title, i) => {
    const listing = listings.find((l) => l.title === title)!;
    const key = companies.find((c) => companyId(c.key) === listing.vendor_id)!.key;
    return { id: stableId(`seed:sponsored:${title}`), user_id: contactOf(key), listing_id: listing.id, active: true, sponsored_until: SPONSORED_UNTIL, priority: 5 - i };
  });
  const adCampaigns = [
    { id: stableId('seed:campaign:haven'), user_id: vendor, company_id: companyId('haven'), listing_id: haven.id, name: 'Haven Garden spring launch', budget: 300, click_rate: 0.6, clicks: 212, spent: 127.2, active: true, starts_at: day(300), ends_at: SPONSORED_UNTIL },
    { id: stableId('seed:campaign:boxwell'), user_id: contactOf('boxwell'), company_id: companyId('boxwell'), listing_id: null, name: 'Festival season pop-ups', budget: 150, click_rate: 0.5, clicks: 300, spent: 150, active: false, starts_at: day(200), ends_at: day(260) },
    { id: stableId('seed:campaign:solvind'), user_id: contactOf('solvind'), company_id: companyId('solvind'), listing_id: null, name: 'Heat pumps before winter', budget: 500, click_rate: 0.8, clicks: 95, spent: 76, active: true, starts_at: day(300), ends_at: SPONSORED_UNTIL },
  ];

  return {
    users: people,
    companies: companyRows,
    members,
    subscriptions,
    listings,
    reviews,
    favorites: favourites.map((title, i) => ({ user_id: customer, listing_id: listings.find((l) => l.title === title)!.id, created_at: day(280 + i) })),
    conversations: [
      { id: conversationId, customer_id: customer, vendor_id: vendor, listing_id: haven.id, created_at: day(300, 10) },
      { id: otherConversation, customer_id: customer, vendor_id: contactOf('nordlys'), listing_id: fjell.id, created_at: day(290, 7) },
    ],
    messages,
    meetings: [{
      id: stableId('seed:meeting:demo'), customer_id: customer, vendor_id: vendor, listing_id: haven.id, scheduled_at: '2026-12-03T14:00:00Z',
      duration_minutes: 60, meeting_type: 'showroom', status: 'confirmed', notes: 'Showroom visit in Utrecht: see the Garden 96 module and the kitchen options.',
    }],
    adCampaigns,
    sponsoredListings,
    blogPosts: posts.map((p) => ({
      id: stableId(`seed:post:${p.slug}`), slug: p.slug, title: p.title, excerpt: p.excerpt, body: p.body, cover_image: `${p.slug}/cover.webp`,
      author_name: p.author, tags: p.tags, reading_minutes: Math.max(1, Math.round(p.body.split(/\s+/).length / 200)), language: 'en', published_at: p.publishedAt,
    })),
    images: [
      ...companies.map((c): SeedImage => ({ bucket: 'company-logos', path: `${companyId(c.key)}/logo.webp`, picture: { kind: 'logo', company: c } })),
      ...properties.images, ...ups.images, ...servs.images,
      ...posts.map((p): SeedImage => ({
        bucket: 'blog-images', path: `${p.slug}/cover.webp`,
        picture: ['solar', 'blueprint', 'excavator'].includes(p.cover)
          ? { kind: 'object', motif: p.cover as Motif, seed: p.slug }
          : { kind: 'exterior', spaceType: p.cover as SpaceType, seed: p.slug },
      })),
    ],
  };
}
