import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildCatalogue } from '../../../supabase/seed/catalogue.ts';

// Issue 19: the seeded content must not contradict itself. These checks run over the rows the seed
// writes (buildCatalogue is pure), so any content change is checked too.

const catalogue = buildCatalogue();
const WORDS: Record<string, number> = { no: 0, a: 1, one: 1, single: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };

describe('seeded listings say what their fields say', () => {
  it('"Skog 65" is 65 m² with two bedrooms, as its title and text say', () => {
    const skog = catalogue.listings.find((l) => l.title === 'Skog 65 family A-frame')!;
    const sqm = skog.size_unit === 'sqm' ? Number(skog.size) : Number(skog.size) / 10.7639;
    assert.equal(Math.round(sqm), 65);
    assert.equal(skog.bedrooms, 2);
    assert.match(String(skog.description), /Two bedrooms/);
  });

  it('every bedroom and bathroom count in a description is the listing\'s own', () => {
    for (const listing of catalogue.listings) {
      const text = String(listing.description);
      for (const [field, noun] of [['bedrooms', 'bedroom'], ['bathrooms', 'bathroom']] as const) {
        for (const match of text.matchAll(new RegExp(`\\b(no|one|two|three|four|five|six|\\d+)[ -]${noun}s?\\b`, 'gi'))) {
          const word = match[1]!.toLowerCase();
          assert.equal(WORDS[word] ?? Number(word), listing[field], `${String(listing.title)}: "${match[0]}" but ${field} = ${String(listing[field])}`);
        }
      }
      if ((/\bstudio\b/i.test(String(listing.title)) || /\b(open-plan studio|single open room)\b/i.test(text)) && listing.listing_type === 'property') {
        assert.equal(listing.bedrooms, 0, `${String(listing.title)} is a studio`);
      }
      if (/\b(a|one) (separate |ground-floor )?bedroom\b/i.test(text)) assert.ok(Number(listing.bedrooms) >= 1, String(listing.title));
    }
  });

  it('every area in a home\'s or commercial unit\'s description is its size in its unit', () => {
    // (An upgrade's text may name the homes it suits: "for homes up to 140 m²".)
    for (const listing of catalogue.listings.filter((l) => l.listing_type === 'property' || l.listing_type === 'commercial')) {
      const text = String(listing.description);
      for (const match of text.matchAll(/\b([\d,]+) (m²|sq ft)/g)) {
        assert.equal(match[2] === 'm²' ? 'sqm' : 'sqft', listing.size_unit, `${String(listing.title)}: "${match[0]}"`);
        assert.equal(Number(match[1]!.replace(/,/g, '')), Number(listing.size), `${String(listing.title)}: "${match[0]}"`);
      }
    }
  });
});

describe('seeded reviews', () => {
  it('no review text repeats on a listing or a vendor page (the vendor page lists its own and its listings\' reviews)', () => {
    const vendorOf = new Map(catalogue.listings.map((l) => [String(l.id), String(l.vendor_id)]));
    const pages = new Map<string, string[]>();
    for (const review of catalogue.reviews) {
      const keys = review.listing_id ? [`listing:${String(review.listing_id)}`, `vendor:${vendorOf.get(String(review.listing_id))}`] : [`vendor:${String(review.company_id)}`];
      for (const key of keys) pages.set(key, [...(pages.get(key) ?? []), String(review.body)]);
    }
    assert.ok(pages.size > 10);
    for (const [page, bodies] of pages) assert.equal(new Set(bodies).size, bodies.length, `${page} repeats a review text`);
  });

  it('each review is one author\'s, once per listing or company, with a rating from 1 to 5', () => {
    const seen = new Set<string>();
    for (const review of catalogue.reviews) {
      const key = `${String(review.author_id)}:${String(review.listing_id ?? review.company_id)}`;
      assert.ok(!seen.has(key), key);
      seen.add(key);
      assert.ok(Number(review.rating) >= 1 && Number(review.rating) <= 5);
    }
  });
});
