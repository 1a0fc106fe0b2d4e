/** The languages every email template exists in (the product's 14). */
export const MAIL_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'ja', 'zh', 'ko', 'ru', 'ar', 'hi', 'tr'] as const;

export type Language = (typeof MAIL_LANGUAGES)[number];

/** Languages written right to left: their emails carry dir="rtl". */
const RTL = new Set<Language>(['ar']);

export function isRtl(language: Language): boolean {
  return RTL.has(language);
}

/**
 * The template language for a requested one: accepts tags such as "pt-BR" or "zh_CN" by their
 * primary subtag and falls back to English for anything unknown.
 */
export function pickLanguage(requested: unknown): Language {
  if (typeof requested !== 'string') return 'en';
  const primary = requested.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (MAIL_LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : 'en';
}

/** A translation table that must name every language, so a missing one fails the type check. */
export type Translations<T> = Record<Language, T>;
