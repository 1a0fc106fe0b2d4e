import styled from 'styled-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { formatNumber, DEFAULT_AVERAGE_RATING } from '../../services/api';
import { homeQueries } from '../../services/queries';
import { useLanguage } from '../../hooks/use-language';

const Band = styled.section`
  margin-block: ${({ theme }) => theme.space(12)}; padding: clamp(24px, 4vw, 40px); border-radius: ${({ theme }) => theme.radii.lg};
  background: linear-gradient(135deg, #123f2d, #1d6b4a); color: #fff;
  h2 { margin: 0 0 20px; font-size: clamp(20px, 2.6vw, 26px); }
  dl { margin: 0; display: grid; gap: 20px; grid-template-columns: repeat(auto-fit, minmax(min(100%, 180px), 1fr)); }
  div { display: flex; flex-direction: column-reverse; gap: 4px; }
  dt { color: rgba(255, 255, 255, 0.85); font-size: 15px; }
  dd { margin: 0; font-size: clamp(28px, 4vw, 38px); font-weight: 800; letter-spacing: -0.02em; min-block-size: 1.2em; }
`;

export function StatsBand() {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const stats = useQuery(homeQueries.stats());
  const number = (value: number | undefined) => (value === undefined ? '–' : formatNumber(value, language));
  // Without stats (still loading, or failed) the rating shows the spec's default.
  const rating = stats.data?.averageRating ?? DEFAULT_AVERAGE_RATING;
  return (
    <Band aria-labelledby="home-stats">
      <h2 id="home-stats">{t('home.statsTitle')}</h2>
      <dl aria-busy={stats.isFetching}>
        <div>
          <dt>{t('home.stats.customers')}</dt>
          <dd>{number(stats.data?.customers)}</dd>
        </div>
        <div>
          <dt>{t('home.stats.rating')}</dt>
          <dd>{t('home.stats.ratingValue', { rating: formatNumber(rating, language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}</dd>
        </div>
        <div>
          <dt>{t('home.stats.secure')}</dt>
          <dd>{formatNumber(1, language, { style: 'percent' })}</dd>
        </div>
        <div>
          <dt>{t('home.stats.vendors')}</dt>
          <dd>{number(stats.data?.verifiedCompanies)}</dd>
        </div>
      </dl>
    </Band>
  );
}
