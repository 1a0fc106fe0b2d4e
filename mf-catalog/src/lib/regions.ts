/** Intl locale for a language code; Chinese is shown in simplified script. */
export function intlLocale(language: string): string {
  return language === 'zh' ? 'zh-CN' : language;
}

const cache = new Map<string, Intl.DisplayNames>();

/** A country's name in the reader's language ("DE" is "Allemagne" in French), from the browser's own data. */
export function countryName(code: string, language: string): string {
  let names = cache.get(language);
  if (!names) {
    names = new Intl.DisplayNames([intlLocale(language), 'en'], { type: 'region', fallback: 'code' });
    cache.set(language, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** A list joined the way the language joins lists ("A, B and C", "A、B和C"). */
export function joinList(items: string[], language: string): string {
  return new Intl.ListFormat(intlLocale(language), { style: 'long', type: 'conjunction' }).format(items);
}
