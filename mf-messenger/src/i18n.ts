import type { NamespaceLoader } from '@modula/shared';

/** The launcher's few strings, loaded with the remote on every page. */
export const NAMESPACE = 'messenger';

/** One chunk per language, downloaded only when that language is shown. */
export const loadLocale: NamespaceLoader = (language) => import(`./locales/${language}.json`);

/** Everything else the messenger shows: loaded with the conversation UI, never on a first visit. */
export const UI_NAMESPACE = 'messenger-ui';

export const loadUiLocale: NamespaceLoader = (language) => import(`./ui-locales/${language}.json`);
