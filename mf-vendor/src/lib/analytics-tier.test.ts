import { describe, expect, test } from '@jest/globals';
import { analyticsView, isAnalyticsLevel, previousTotals, totals, trend } from './analytics-tier';

describe('analytics by tier', () => {
  test('each plan level shows what spec section 6 gives it', () => {
    expect(analyticsView('none')).toEqual({ totals: false, trends: false, perListing: false });
    expect(analyticsView('basic')).toEqual({ totals: true, trends: false, perListing: false });
    expect(analyticsView('advanced')).toEqual({ totals: true, trends: true, perListing: false });
    expect(analyticsView('comprehensive')).toEqual({ totals: true, trends: true, perListing: true });
    expect(analyticsView(null)).toEqual({ totals: false, trends: false, perListing: false });
  });

  test('a demo account sees everything, whatever its plan', () => {
    expect(analyticsView('none', true)).toEqual({ totals: true, trends: true, perListing: true });
  });

  test('only the known levels are accepted', () => {
    expect(isAnalyticsLevel('advanced')).toBe(true);
    expect(isAnalyticsLevel('premium')).toBe(false);
    expect(isAnalyticsLevel(undefined)).toBe(false);
  });

  test('totals add up the listings, and the previous period is 60 days less 30', () => {
    const last30 = totals([
      { views: 10, favorites: 1, conversations: 2, meeting_requests: 0 },
      { views: 5, favorites: 0, conversations: 1, meeting_requests: 1 },
    ]);
    expect(last30).toEqual({ views: 15, favorites: 1, conversations: 3, meeting_requests: 1 });
    const last60 = totals([{ views: 27, favorites: 1, conversations: 3, meeting_requests: 4 }]);
    expect(previousTotals(last60, last30)).toEqual({ views: 12, favorites: 0, conversations: 0, meeting_requests: 3 });
  });

  test('trends compare with the previous 30 days', () => {
    expect(trend(15, 12)).toEqual({ kind: 'up', ratio: 0.25 });
    expect(trend(6, 12)).toEqual({ kind: 'down', ratio: 0.5 });
    expect(trend(4, 4)).toEqual({ kind: 'same' });
    expect(trend(3, 0)).toEqual({ kind: 'new' });
    expect(trend(0, 0)).toEqual({ kind: 'none' });
  });
});
