import type { NamespaceLoader } from '@modula/shared';

/** Advertising's strings (issue 16): loaded with the advertising pages only. */
export const ADS_NAMESPACE = 'vendor-ads';

export const loadAdsLocale: NamespaceLoader = (language) => import(`./locales/${language}.json`);
