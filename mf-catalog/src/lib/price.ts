import { formatPrice } from '@modula/shared';
import type { PriceUnit } from '../services/types';

/** The euro amount in the reader's language ("€ 125.000" in German, "125 000 €" in French). */
export function priceText(amount: number, language: string): string {
  return formatPrice(Number(amount), language);
}

/** Translation key for a price with a unit, or null when the amount stands alone. */
export function priceUnitKey(unit: PriceUnit | null | undefined): string | null {
  return unit && unit !== 'total' ? `price.${unit}` : null;
}
