import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { useLanguage } from '../hooks/use-language';
import { formatNumber } from '../services/api';
import { Icon } from './icons';

const Row = styled.span`
  display: inline-flex; align-items: center; gap: 6px; font-weight: 600;
  svg { color: #b7791f; }
  small { font-weight: 400; color: ${({ theme }) => theme.colors.muted}; font-size: 14px; }
`;

/** A star with the average to one decimal, and the number of reviews when known. */
export function Rating({ value, count }: { value: number; count?: number }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const shown = formatNumber(value, language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <Row>
      <Icon name="star" size={16} filled />
      <span>{t('rating.outOf', { rating: shown })}</span>
      {count !== undefined ? <small>{t('rating.reviews', { count })}</small> : null}
    </Row>
  );
}
