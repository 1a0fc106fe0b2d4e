import { currentLanguage } from './instance';

/** Intl locale for a language code; Chinese is shown in simplified script. */
function localeOf(language: string): string {
  return language === 'zh' ? 'zh-CN' : language;
}

/** Prices are in euros; whole amounts are shown without cents. */
export function formatPrice(amount: number, language: string = currentLanguage()): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(localeOf(language), {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
}

export function formatNumber(value: number, language: string = currentLanguage(), options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(localeOf(language), options).format(value);
}

export function formatDate(value: string | Date, language: string = currentLanguage(), options?: Intl.DateTimeFormatOptions): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat(localeOf(language), options ?? { dateStyle: 'medium' }).format(date);
}
