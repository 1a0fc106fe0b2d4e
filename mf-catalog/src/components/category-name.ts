import type { TFunction } from 'i18next';

/** Categories come from the database in English; their translations are keyed by slug. */
export function categoryLabel(t: TFunction, slug: string, fallback: string): string {
  return t(`categories.${slug}`, { defaultValue: fallback });
}

export function subcategoryLabel(t: TFunction, slug: string, fallback: string): string {
  return t(`subcategories.${slug}`, { defaultValue: fallback });
}
