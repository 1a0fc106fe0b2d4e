import { describe, expect, test } from '@jest/globals';
import { priceText } from './price';

// Intl output uses narrow and regular no-break spaces; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('prices in euros per language (architecture section 6)', () => {
  test.each([
    ['en', '€125,000'],
    ['de', '125.000 €'],
    ['fr', '125 000 €'],
    ['es', '125.000 €'],
    ['nl', '€ 125.000'],
    ['it', '125.000 €'],
    ['ja', '€125,000'],
    ['hi', '€1,25,000'],
    ['tr', '€125.000'],
  ])('%s: %s', (language, expected) => {
    expect(plain(priceText(125000, language))).toBe(expected);
  });

  test('Arabic puts the euro sign after the amount, in a right-to-left run', () => {
    expect(plain(priceText(125000, 'ar'))).toMatch(/^\u200f?[0-9٠-٩][0-9٠-٩,٬.]+ €$/);
  });

  test('cents only when there are cents', () => {
    expect(plain(priceText(99.5, 'de'))).toBe('99,50 €');
  });
});
