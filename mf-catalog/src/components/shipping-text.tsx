import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { useLanguage } from '../hooks/use-language';
import { countryName, joinList } from '../lib/regions';
import { shippingBadge, type ShippingInput } from '../lib/shipping';

/** The shipping rule in words, or null when the listing states none. */
export function useShippingText(input: ShippingInput): string | null {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const badge = shippingBadge(input);
  if (!badge) return null;
  switch (badge.kind) {
    case 'worldwide':
      return t('shipping.worldwide');
    case 'continents':
      return t('shipping.to', { list: joinList(badge.continents.map((c) => t(`continents.${c}`)), language) });
    case 'countries':
      return t('shipping.to', { list: joinList(badge.countries.map((c) => countryName(c, language)), language) });
    case 'country-count':
      return t('shipping.countries', { count: badge.count });
  }
}
