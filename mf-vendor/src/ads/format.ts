import { formatNumber } from '@modula/shared';

/** Money with cents, in the reader's language (spent and budgets are exact amounts). */
export function money(value: number, language: string): string {
  return formatNumber(value, language, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

export function percent(value: number, language: string): string {
  return formatNumber(value, language, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 2 });
}
