import { describe, expect, test } from '@jest/globals';
import { postLoginPath, safeNextPath } from './post-login';

describe('postLoginPath', () => {
  test('vendors go to /dashboard, customers to /customer-dashboard', () => {
    expect(postLoginPath('vendor')).toBe('/dashboard');
    expect(postLoginPath('customer')).toBe('/customer-dashboard');
  });

  test('administrators land on /admin/analytics, whatever their account type', () => {
    expect(postLoginPath('customer', null, true)).toBe('/admin/analytics');
    expect(postLoginPath('vendor', null, true)).toBe('/admin/analytics');
    expect(postLoginPath('customer', null, false)).toBe('/customer-dashboard');
  });
});

describe('safeNextPath: only paths on this site', () => {
  test.each([
    ['/customer-dashboard/favorites', '/customer-dashboard/favorites'],
    ['/listings?type=property#top', '/listings?type=property#top'],
    ['/a/../profile', '/profile'],
  ])('%s is kept as %s', (value, expected) => {
    expect(safeNextPath(value)).toBe(expected);
  });

  test.each(['//evil.com', '///evil.com', '/\\evil.com', '/\tevil', 'https://evil.com/x', 'evil.com', 'javascript:alert(1)', '', '/login', '/signup?x=1', '/reset-password'])(
    '%j is refused',
    (value) => {
      expect(safeNextPath(value)).toBeNull();
    },
  );

  test('postLoginPath falls back to the dashboard', () => {
    expect(postLoginPath('vendor', '//evil.com')).toBe('/dashboard');
    expect(postLoginPath('customer', '/customer-dashboard/favorites')).toBe('/customer-dashboard/favorites');
  });
});

