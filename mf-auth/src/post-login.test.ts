import { describe, expect, test } from '@jest/globals';
import { postLoginPath } from './post-login';

describe('postLoginPath', () => {
  test('vendors go to /dashboard, customers to /customer-dashboard', () => {
    expect(postLoginPath('vendor')).toBe('/dashboard');
    expect(postLoginPath('customer')).toBe('/customer-dashboard');
  });

  test('administrators land on /admin/analytics, whatever their account type', () => {
    expect(postLoginPath('customer', true)).toBe('/admin/analytics');
    expect(postLoginPath('vendor', true)).toBe('/admin/analytics');
    expect(postLoginPath('customer', false)).toBe('/customer-dashboard');
  });
});
