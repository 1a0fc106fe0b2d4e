import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { useLanguage } from '../hooks/use-language';
import { priceText, priceUnitKey } from '../lib/price';
import type { PriceUnit } from '../services/types';

export function Price({ amount, unit, className }: { amount: number; unit?: PriceUnit | null; className?: string }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  // A price of 0 is "on request" (it sorts after the priced listings, see services/listings.ts).
  if (Number(amount) === 0) return <span className={className}>{t('price.onRequest')}</span>;
  const price = priceText(amount, language);
  const key = priceUnitKey(unit);
  return <span className={className}>{key ? t(key, { price }) : price}</span>;
}
