import type { BillingInterval, PlanRow } from './types.ts';

/** Yearly billing costs ten months (two months free). */
export const MONTHS_PER_YEARLY_PAYMENT = 10;

/** VAT added to the plan prices, in percent (VAT_RATE, default 21). */
export function vatRate(env: Readonly<Record<string, string | undefined>>): number {
  const value = Number(env.VAT_RATE ?? '21');
  return Number.isFinite(value) && value >= 0 && value < 100 ? value : 21;
}

/** What one payment of a plan costs, in cents: the plan prices are before VAT. */
export function planAmount(plan: PlanRow, interval: BillingInterval, rate: number): { net: number; vat: number; total: number } {
  const monthly = Math.round(Number(plan.price_eur ?? 0) * 100);
  const net = interval === 'year' ? monthly * MONTHS_PER_YEARLY_PAYMENT : monthly;
  const vat = Math.round((net * rate) / 100);
  return { net, vat, total: net + vat };
}

/** The VAT contained in a total that includes it (what a provider reports it charged). */
export function vatOfTotal(total: number, rate: number): number {
  return total - Math.round(total / (1 + rate / 100));
}
