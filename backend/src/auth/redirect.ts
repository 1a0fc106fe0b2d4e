import type { Config } from '../config.ts';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** A URI_ALLOW_LIST glob as a regular expression: `*` stays within a host label or path segment, `**` crosses them. */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        source += '.*';
        i++;
      } else {
        source += '[^./]*';
      }
    } else if (c === '?') {
      source += '[^./]';
    } else {
      source += c.replace(/[\\^$.|+()[\]{}]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`);
}

/**
 * Where an email link or sign-in may send the browser: SITE_URL's origin (any port when both are
 * loopback, as GoTrue allows) or a URI_ALLOW_LIST glob. Anything else falls back to SITE_URL, so
 * the server can never be used as an open redirect.
 */
export function safeRedirect(requested: unknown, config: Pick<Config, 'siteUrl' | 'uriAllowList'>): string {
  const fallback = config.siteUrl;
  if (typeof requested !== 'string' || requested.trim() === '') return fallback;
  let target: URL;
  try {
    target = new URL(requested.trim());
  } catch {
    return fallback;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return fallback;
  if (target.username || target.password) return fallback;
  const site = new URL(config.siteUrl);
  if (target.origin === site.origin) return target.toString();
  if (LOOPBACK.has(site.hostname) && LOOPBACK.has(target.hostname) && target.protocol === site.protocol) return target.toString();
  const href = target.toString();
  for (const pattern of config.uriAllowList) {
    if (globToRegExp(pattern).test(href) || globToRegExp(pattern).test(requested.trim())) return href;
  }
  return fallback;
}
