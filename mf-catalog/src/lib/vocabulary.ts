import type { TFunction } from 'i18next';

/**
 * Words vendors type into a listing (features, materials, certifications) and blog tags are stored as
 * English text, not codes. The values the catalogue knows have translations keyed by a stable slug of
 * that text; anything else a vendor wrote is shown as written.
 */
export type VocabularyGroup = 'features' | 'materials' | 'certifications' | 'blogTags';

/** The translation key of a stored value: "Triple glazing" is "triple-glazing", "A+++ rated" is "a-plus-plus-plus-rated". */
export function vocabularyKey(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\+/g, ' plus ')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** A stored value in the reader's language, or as stored when the catalogue has no translation for it. */
export function vocabularyLabel(t: TFunction, group: VocabularyGroup, value: string): string {
  const key = vocabularyKey(value);
  return key === '' ? value : t(`${group}.${key}`, { defaultValue: value });
}
