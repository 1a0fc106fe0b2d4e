// The 14 languages of the interface (shared/src/i18n/languages.ts; a test keeps the two equal) and how a
// request picks one: ?lang=xx, else the deployment's default.
export const LANGUAGE_CODES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'ja', 'zh', 'ko', 'ru', 'ar', 'hi', 'tr'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** Open Graph locales (language_TERRITORY). */
const OG_LOCALES: Record<LanguageCode, string> = {
  en: 'en_GB', es: 'es_ES', fr: 'fr_FR', de: 'de_DE', it: 'it_IT', pt: 'pt_PT', nl: 'nl_NL',
  ja: 'ja_JP', zh: 'zh_CN', ko: 'ko_KR', ru: 'ru_RU', ar: 'ar_AR', hi: 'hi_IN', tr: 'tr_TR',
};

export function isLanguage(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

export function directionOf(language: LanguageCode): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

export function ogLocale(language: LanguageCode): string {
  return OG_LOCALES[language];
}

/** The page's URL in a language: its path and query with lang=xx (none for the default language's x-default). */
export function withLanguage(canonical: string, language: LanguageCode | null): string {
  const [pathPart, queryPart = ''] = canonical.split('?');
  const query = new URLSearchParams(queryPart);
  query.delete('lang');
  if (language) query.set('lang', language);
  const text = query.toString();
  return text ? `${pathPart}?${text}` : (pathPart ?? '/');
}
