import { getRuntimeConfig, hasRuntimeConfig } from '@modula/shared';

export const LISTING_IMAGES = 'listing-images';
export const COMPANY_LOGOS = 'company-logos';
export const BLOG_IMAGES = 'blog-images';

export interface RenderSize {
  width: number;
  height: number;
  quality?: number;
}

function apiBase(): string {
  const configured = hasRuntimeConfig() ? getRuntimeConfig().supabaseUrl : '';
  return (configured || window.location.origin).replace(/\/+$/, '');
}

function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/**
 * A public image at exactly the size it is shown, cropped to fill, as WebP: storage's image renderer
 * (contracts). Absolute URLs (e.g. an avatar from an identity provider) are used as they are.
 */
export function renderImageUrl(bucket: string, path: string, size: RenderSize): string {
  if (/^https?:\/\//i.test(path)) return path;
  const query = new URLSearchParams({
    width: String(Math.round(size.width)),
    height: String(Math.round(size.height)),
    resize: 'cover',
    quality: String(size.quality ?? 70),
    format: 'webp',
  });
  return `${apiBase()}/storage/v1/render/image/public/${bucket}/${encodePath(path)}?${query.toString()}`;
}

/** The same image at 1x and 2x for sharp screens, with the 1x URL as src. */
export function responsiveImage(bucket: string, path: string, size: RenderSize): { src: string; srcSet: string } {
  const src = renderImageUrl(bucket, path, size);
  const double = renderImageUrl(bucket, path, { ...size, width: size.width * 2, height: size.height * 2 });
  return { src, srcSet: `${src} 1x, ${double} 2x` };
}

/**
 * The image at several widths (same crop) for an <img sizes="...">: the browser takes the smallest that
 * covers the width it shows the image at times the screen's density, so a phone does not download the
 * desktop's double-density file. `src` is the image at `size` for browsers without srcset.
 */
export function fluidImage(bucket: string, path: string, size: RenderSize, widths: readonly number[]): { src: string; srcSet: string } {
  const src = renderImageUrl(bucket, path, size);
  const srcSet = widths
    .map((width) => `${renderImageUrl(bucket, path, { ...size, width, height: Math.round((size.height * width) / size.width) })} ${width}w`)
    .join(', ');
  return { src, srcSet };
}
