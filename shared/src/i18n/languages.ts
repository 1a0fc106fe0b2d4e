export type Region = 'Europe' | 'Asia' | 'Other';

export interface LanguageOption {
  code: LanguageCode;
  /** The language's own name for itself, as shown in the selector. */
  name: string;
  region: Region;
  dir: 'ltr' | 'rtl';
}

export const LANGUAGE_CODES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'ja', 'zh', 'ko', 'ru', 'ar', 'hi', 'tr'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export const LANGUAGES: readonly LanguageOption[] = [
  { code: 'en', name: 'English', region: 'Europe', dir: 'ltr' },
  { code: 'es', name: 'Español', region: 'Europe', dir: 'ltr' },
  { code: 'fr', name: 'Français', region: 'Europe', dir: 'ltr' },
  { code: 'de', name: 'Deutsch', region: 'Europe', dir: 'ltr' },
  { code: 'it', name: 'Italiano', region: 'Europe', dir: 'ltr' },
  { code: 'pt', name: 'Português', region: 'Europe', dir: 'ltr' },
  { code: 'nl', name: 'Nederlands', region: 'Europe', dir: 'ltr' },
  { code: 'ru', name: 'Русский', region: 'Europe', dir: 'ltr' },
  { code: 'tr', name: 'Türkçe', region: 'Europe', dir: 'ltr' },
  { code: 'ja', name: '日本語', region: 'Asia', dir: 'ltr' },
  { code: 'zh', name: '中文', region: 'Asia', dir: 'ltr' },
  { code: 'ko', name: '한국어', region: 'Asia', dir: 'ltr' },
  { code: 'hi', name: 'हिन्दी', region: 'Asia', dir: 'ltr' },
  { code: 'ar', name: 'العربية', region: 'Other', dir: 'rtl' },
];

export const REGIONS: readonly Region[] = ['Europe', 'Asia', 'Other'];

export function isSupportedLanguage(code: unknown): code is LanguageCode {
  return typeof code === 'string' && (LANGUAGE_CODES as readonly string[]).includes(code);
}

/** Missing or unsupported codes fall back to English. */
export function resolveLanguage(code: unknown): LanguageCode {
  return isSupportedLanguage(code) ? code : DEFAULT_LANGUAGE;
}

export function directionOf(code: LanguageCode): 'ltr' | 'rtl' {
  return LANGUAGES.find((l) => l.code === code)?.dir ?? 'ltr';
}
