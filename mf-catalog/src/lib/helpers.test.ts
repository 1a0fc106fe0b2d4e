import { describe, expect, test } from '@jest/globals';
import { parseHighlight } from './highlight';
import { rotateSponsored } from './sponsored';
import { shippingBadge } from './shipping';
import { renderImageUrl } from './images';
import { listingPath, scheduleMeetingPath } from './links';

describe('search highlights', () => {
  test('marks become segments; escaped text is decoded, never parsed', () => {
    expect(parseHighlight('A <mark>modular</mark> home &lt;script&gt; &amp; more')).toEqual([
      { text: 'A ', marked: false },
      { text: 'modular', marked: true },
      { text: ' home <script> & more', marked: false },
    ]);
  });
});

describe('sponsored rotation', () => {
  const items = [
    { id: 'a', sponsor_priority: 10 },
    { id: 'b', sponsor_priority: 1 },
    { id: 'c', sponsor_priority: 1 },
    { id: 'd', sponsor_priority: 5 },
  ];

  test('picks at most three, each once', () => {
    const picked = rotateSponsored(items, 42);
    expect(picked).toHaveLength(3);
    expect(new Set(picked.map((i) => i.id)).size).toBe(3);
  });

  test('the same seed gives the same order', () => {
    expect(rotateSponsored(items, 7)).toEqual(rotateSponsored(items, 7));
  });

  test('higher priority leads more often, but everyone gets turns', () => {
    const leads = new Map<string, number>();
    for (let seed = 1; seed <= 2000; seed += 1) {
      const first = rotateSponsored(items, seed * 7919)[0]!.id;
      leads.set(first, (leads.get(first) ?? 0) + 1);
    }
    expect(leads.get('a')!).toBeGreaterThan(leads.get('d')!);
    expect(leads.get('d')!).toBeGreaterThan(leads.get('b')!);
    expect(leads.get('b')!).toBeGreaterThan(0);
  });
});

describe('shipping rule', () => {
  test('exactly three countries are named, four are counted', () => {
    expect(shippingBadge({ shippingType: 'specific', shippingCountries: ['A', 'B', 'C'] })).toEqual({ kind: 'countries', countries: ['A', 'B', 'C'] });
    expect(shippingBadge({ shippingType: 'specific', shippingCountries: ['A', 'B', 'C', 'D'] })).toEqual({ kind: 'country-count', count: 4 });
  });
  test('no type, no badge', () => {
    expect(shippingBadge({})).toBeNull();
  });
});

describe('links and images', () => {
  test('Schedule Meeting sends guests to /login', () => {
    expect(scheduleMeetingPath('x', false)).toBe('/login');
    expect(scheduleMeetingPath('x', true)).toBe('/property/x');
  });
  test('listing paths by type', () => {
    expect(listingPath('commercial', 'x')).toBe('/property/x');
  });
  test('image paths are encoded segment by segment', () => {
    expect(renderImageUrl('listing-images', 'a b/c#d.webp', { width: 10, height: 10 })).toContain('/listing-images/a%20b/c%23d.webp?');
  });
});
