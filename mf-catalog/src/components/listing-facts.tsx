import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { formatNumber } from '../services/api';
import { useLanguage } from '../hooks/use-language';
import { useAreaUnit } from '../hooks/use-area-unit';
import { convertArea, rowUnit } from '../lib/area';
import type { ListingDetail } from '../services/types';
import { joinList } from '../lib/regions';
import { vocabularyLabel } from '../lib/vocabulary';
import { ECO_FLAGS, splitEcoTerms } from '../lib/filters';
import { useShippingText } from './shipping-text';
import { Icon } from './icons';

export const Facts = styled.dl`
  margin: 0; display: grid; gap: 12px; grid-template-columns: repeat(auto-fill, minmax(min(100%, 150px), 1fr));
  div { padding: 14px; border-radius: ${({ theme }) => theme.radii.md}; background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border}; }
  dt { font-size: 13px; color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 4px 0 0; font-weight: 700; font-size: 17px; }
`;
const Chips = styled.ul`
  list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 8px;
  li { display: inline-flex; align-items: center; gap: 6px; padding: 6px 12px; border-radius: 999px; font-size: 14px;
    background: ${({ theme }) => theme.colors.primarySoft}; color: ${({ theme }) => theme.colors.primary}; font-weight: 600; }
`;

/** Bedrooms, bathrooms and area only when above 0 (spec section 2), plus what else the vendor stated. */
export function KeyFacts({ listing }: { listing: ListingDetail }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const [unit] = useAreaUnit();
  const size = convertArea(Number(listing.size), rowUnit(listing.size_unit), unit);
  const facts: [string, string][] = [];
  if (listing.bedrooms > 0) facts.push([t('detail.bedrooms'), formatNumber(listing.bedrooms, language)]);
  if (listing.bathrooms > 0) facts.push([t('detail.bathrooms'), formatNumber(listing.bathrooms, language)]);
  if (size > 0) facts.push([t('detail.area'), `${formatNumber(size, language, { maximumFractionDigits: 0 })} ${t(`units.${unit}`)}`]);
  if (listing.space_type) facts.push([t('detail.spaceType'), t(`spaceTypes.${listing.space_type}`)]);
  if (listing.lead_time_weeks !== null && listing.lead_time_weeks > 0) facts.push([t('detail.leadTime'), t('detail.weeks', { count: listing.lead_time_weeks })]);
  if (facts.length === 0) return null;
  return (
    <section aria-labelledby="facts-title" style={{ marginBlockStart: 28 }}>
      <h2 id="facts-title">{t('detail.facts')}</h2>
      <Facts data-testid="key-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </Facts>
    </section>
  );
}

/** The features the vendor lists, translated where the catalogue knows them. */
export function FeatureList({ features }: { features: string[] }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Chips>
      {features.map((f) => (
        <li key={f}>
          <Icon name="check" size={14} />
          {vocabularyLabel(t, 'features', f)}
        </li>
      ))}
    </Chips>
  );
}

/** The sustainability facts the listing states; null when it states none. */
export function SustainabilityFacts({ listing }: { listing: ListingDetail }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  // A flag the vendor wrote as a feature ("Heat pump") is shown here, and not among the features.
  const named = splitEcoTerms(listing.features).eco;
  const flags = ECO_FLAGS.filter((flag) => listing[flag] || named.includes(flag));
  const facts: [string, string][] = [];
  if (listing.energy_class) facts.push([t('detail.energyClass'), listing.energy_class]);
  if (listing.recycled_materials_pct !== null && listing.recycled_materials_pct > 0) facts.push([t('detail.recycled'), `${listing.recycled_materials_pct}%`]);
  const list = (group: 'certifications' | 'materials') => joinList(listing[group].map((value) => vocabularyLabel(t, group, value)), language);
  if (listing.certifications.length > 0) facts.push([t('detail.certifications'), list('certifications')]);
  if (listing.materials.length > 0) facts.push([t('detail.materials'), list('materials')]);
  if (flags.length === 0 && facts.length === 0) return <p>{t('detail.noSustainability')}</p>;
  return (
    <>
      {flags.length > 0 ? (
        <Chips style={{ marginBlockEnd: 12 }}>
          {flags.map((flag) => (
            <li key={flag}>
              <Icon name="leaf" size={14} />
              {t(`eco.${flag}`)}
            </li>
          ))}
        </Chips>
      ) : null}
      {facts.length > 0 ? (
        <Facts>
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </Facts>
      ) : null}
    </>
  );
}

export function ShippingFacts({ listing }: { listing: ListingDetail }) {
  const { t } = useTranslation(NAMESPACE);
  const text = useShippingText({ shippingType: listing.shipping_type, shippingContinents: listing.shipping_continents, shippingCountries: listing.shipping_countries });
  return (
    <Chips>
      <li>
        <Icon name="truck" size={15} />
        {text ?? t('shipping.unknown')}
      </li>
      {listing.free_shipping ? <li>{t('shipping.free')}</li> : null}
    </Chips>
  );
}
