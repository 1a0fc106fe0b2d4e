import { describe, expect, test } from '@jest/globals';
import { fluidImage, LISTING_IMAGES, renderImageUrl, responsiveImage } from './images';

const size = { width: 880, height: 587, quality: 75 };

describe('image URLs of storage renders', () => {
  test('a render asks for exactly the size shown, cropped to fill, as WebP, with the path encoded', () => {
    const url = new URL(renderImageUrl(LISTING_IMAGES, 'company 1/photo #1.jpg', size));
    expect(url.pathname).toBe('/storage/v1/render/image/public/listing-images/company%201/photo%20%231.jpg');
    expect(Object.fromEntries(url.searchParams)).toEqual({ width: '880', height: '587', resize: 'cover', quality: '75', format: 'webp' });
  });

  test('an absolute URL is used as it is', () => {
    expect(renderImageUrl(LISTING_IMAGES, 'https://cdn.example.com/a.png', size)).toBe('https://cdn.example.com/a.png');
  });

  test('a fixed-size image comes at 1x and 2x', () => {
    const { src, srcSet } = responsiveImage(LISTING_IMAGES, 'a.jpg', { width: 400, height: 300 });
    expect(srcSet).toBe(`${src} 1x, ${src.replace('width=400&height=300', 'width=800&height=600')} 2x`);
  });

  test('a fluid image offers each width with its height in the same proportion, for sizes to choose from', () => {
    const { src, srcSet } = fluidImage(LISTING_IMAGES, 'a.jpg', size, [440, 1760]);
    expect(new URL(src).searchParams.get('width')).toBe('880');
    const candidates = srcSet.split(', ').map((candidate) => {
      const [url, descriptor] = candidate.split(' ');
      const params = new URL(url!).searchParams;
      return [params.get('width'), params.get('height'), descriptor];
    });
    expect(candidates).toEqual([
      ['440', '294', '440w'],
      ['1760', '1174', '1760w'],
    ]);
  });
});
