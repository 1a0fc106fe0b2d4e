import { describe, expect, test } from '@jest/globals';
import { postLoginPath, returnPathFrom } from './post-login';

describe('postLoginPath', () => {
  test('vendors go to /dashboard, customers to /customer-dashboard', () => {
    expect(postLoginPath('vendor')).toBe('/dashboard');
    expect(postLoginPath('customer')).toBe('/customer-dashboard');
  });

  test('the page the guard came from wins', () => {
    expect(postLoginPath('vendor', { from: '/create-listing' })).toBe('/create-listing');
    expect(postLoginPath('customer', { from: '/customer-dashboard/messages?c=1' })).toBe('/customer-dashboard/messages?c=1');
  });

  test('no open redirects and no loops back into the auth pages', () => {
    for (const from of ['https://evil.example', '//evil.example', '/\\evil.example', '/login', '/signup?x=1', '/reset-password#a', 42, null]) {
      expect(returnPathFrom({ from })).toBeNull();
    }
    expect(returnPathFrom(null)).toBeNull();
    expect(postLoginPath('vendor', { from: '//evil.example' })).toBe('/dashboard');
  });
});
