import type { NamespaceLoader } from '@modula/shared';

export const NAMESPACE = 'auth';

/** One chunk per language, downloaded only when that language is shown. */
export const loadLocale: NamespaceLoader = (language) => import(`./locales/${language}.json`);
