import { describe, expect, test } from '@jest/globals';
import { signupRedirect, svgDataUrl } from './api';

describe('svgDataUrl', () => {
  test('percent-encodes the raw SVG supabase-js prefixes, so "#" colours do not cut the image', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><path fill="#000" d="M0 0h1v1H0z"/></svg>';
    const url = svgDataUrl(`data:image/svg+xml;utf-8,${svg}`);
    expect(url.startsWith('data:image/svg+xml;charset=utf-8,%3Csvg')).toBe(true);
    expect(url).not.toContain('#');
    expect(decodeURIComponent(url.split(',')[1]!)).toBe(svg);
  });

  test('leaves anything else alone', () => {
    expect(svgDataUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
  });
});

test('the sign-up link returns to /verify with what the page needs to resend', () => {
  expect(signupRedirect({ email: 'a+b@example.com', name: 'Ada L', userType: 'vendor' })).toBe(
    'http://localhost/verify?email=a%2Bb%40example.com&name=Ada+L&userType=vendor',
  );
});
