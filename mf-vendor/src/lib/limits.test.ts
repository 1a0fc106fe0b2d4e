import { describe, expect, test } from '@jest/globals';
import { listingLimit, usageText, type ListingQuota } from './limits';

const quota = (plan: string, maxListings: number, published: number, demo = false): ListingQuota =>
  ({ plan, planName: plan[0]!.toUpperCase() + plan.slice(1), maxListings, published, drafts: 0, demo });

describe('the listing limit', () => {
  test('free: a subscription is needed, whatever is published', () => {
    expect(listingLimit(quota('free', 0, 0))).toEqual({ allowed: false, reason: 'subscription' });
  });

  test('starter: one published listing', () => {
    expect(listingLimit(quota('starter', 1, 0))).toEqual({ allowed: true });
    expect(listingLimit(quota('starter', 1, 1))).toEqual({ allowed: false, reason: 'limit', max: 1, planName: 'Starter' });
  });

  test('entrepreneur: five published listings', () => {
    expect(listingLimit(quota('entrepreneur', 5, 4))).toEqual({ allowed: true });
    expect(listingLimit(quota('entrepreneur', 5, 5))).toEqual({ allowed: false, reason: 'limit', max: 5, planName: 'Entrepreneur' });
  });

  test('pro: unlimited', () => {
    expect(listingLimit(quota('pro', -1, 250))).toEqual({ allowed: true });
  });

  test('demo accounts may always create (spec section 5), even on the free tier or at a limit', () => {
    expect(listingLimit(quota('free', 0, 0, true))).toEqual({ allowed: true });
    expect(listingLimit(quota('starter', 1, 3, true))).toEqual({ allowed: true });
  });

  test('usage reads "3 / 5" or uses the word for unlimited', () => {
    expect(usageText(quota('entrepreneur', 5, 3), 'unlimited')).toBe('3 / 5');
    expect(usageText(quota('pro', -1, 12), 'unbegrenzt')).toBe('12 / unbegrenzt');
  });
});
