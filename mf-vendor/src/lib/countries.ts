/** A country's name in the reader's language (Intl.DisplayNames), else the stored English name. */
export function countryName(code: string, fallback: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? fallback;
  } catch {
    return fallback;
  }
}
