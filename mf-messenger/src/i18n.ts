import type { NamespaceLoader } from '@modula/shared';

/** The launcher's few strings, loaded with the remote on every page. */
export const NAMESPACE = 'messenger';

/** One chunk per language, downloaded only when that language is shown. */
// Only the launcher's own files: the conversation UI's strings (locales/ui) are not part of this chunk map.
export const loadLocale: NamespaceLoader = (language) => import(/* webpackInclude: /locales[\\/][a-z]{2}\.json$/ */ `./locales/${language}.json`);

/** Everything else the messenger shows: loaded with the conversation UI, never on a first visit. */
export const UI_NAMESPACE = 'messenger-ui';

export const loadUiLocale: NamespaceLoader = (language) => import(`./locales/ui/${language}.json`);
