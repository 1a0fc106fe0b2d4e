import styled from 'styled-components';
import { Link } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { formatNumber } from '../../services/api';
import type { ListingStats } from '../../services/vendor';
import { vendorQueries } from '../../services/queries';
import { METRICS, analyticsView, previousTotals, totals, trend, type Totals } from '../../lib/analytics-tier';
import { NAMESPACE } from '../../i18n';
import { Muted, Panel } from '../../components/ui';

const Figures = styled.dl`
  margin: 0; display: grid; gap: 16px; grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  div { display: grid; gap: 4px; }
  dt { color: ${({ theme }) => theme.colors.muted}; font-size: 14px; }
  dd { margin: 0; font-size: 24px; font-weight: 700; font-variant-numeric: tabular-nums; }
  dd.trend { font-size: 13px; font-weight: 400; color: ${({ theme }) => theme.colors.muted}; }
`;
const Table = styled.table`
  inline-size: 100%; border-collapse: collapse;
  th, td { padding: 8px; text-align: start; border-block-end: 1px solid ${({ theme }) => theme.colors.border}; }
  .number { text-align: end; font-variant-numeric: tabular-nums; }
`;

const LABEL: Record<(typeof METRICS)[number], string> = {
  views: 'listings.column.views',
  favorites: 'listings.column.favorites',
  conversations: 'listings.column.conversations',
  meeting_requests: 'listings.column.meetings',
};

/** The dashboard's analytics of the last 30 days, as much as the plan's analytics level gives. */
export function AnalyticsPanel({ userId, plan, demo, listings }: { userId: string; plan: string; demo: boolean; listings: ListingStats[] }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const level = useQuery(vendorQueries.analyticsLevel(userId, plan));
  const view = analyticsView(level.data, demo);
  const older = useQuery({ ...vendorQueries.stats60(userId), enabled: view.trends });
  if (level.isPending && !demo) return null;
  const number = (n: number) => formatNumber(n, i18n.language);
  const current = totals(listings);
  const previous: Totals | null = view.trends && older.data ? previousTotals(totals(older.data), current) : null;
  const trendText = (metric: (typeof METRICS)[number]) => {
    if (!previous) return null;
    const change = trend(current[metric], previous[metric]);
    if (change.kind === 'up' || change.kind === 'down') {
      const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(change.ratio);
      return t(change.kind === 'up' ? 'analytics.up' : 'analytics.down', { percent, count: previous[metric], previous: number(previous[metric]) });
    }
    return t(change.kind === 'same' ? 'analytics.same' : change.kind === 'new' ? 'analytics.new' : 'analytics.none');
  };
  return (
    <Panel aria-labelledby="analytics-title">
      <h2 id="analytics-title">{t('analytics.title')}</h2>
      {!view.totals ? (
        <>
          <Muted>{t('analytics.upsell')}</Muted>
          <Link to="/pricing">{t('analytics.seePlans')}</Link>
        </>
      ) : (
        <>
          <Figures>
            {METRICS.map((metric) => (
              <div key={metric}>
                <dt>{t(LABEL[metric])}</dt>
                <dd>{number(current[metric])}</dd>
                {view.trends ? <dd className="trend">{trendText(metric)}</dd> : null}
              </div>
            ))}
          </Figures>
          {view.perListing ? (
            <Table>
              <caption style={{ textAlign: 'start', fontWeight: 600, paddingBlockEnd: 8 }}>{t('analytics.byListing')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('listings.column.title')}</th>
                  {METRICS.map((metric) => <th key={metric} scope="col" className="number">{t(LABEL[metric])}</th>)}
                </tr>
              </thead>
              <tbody>
                {listings.map((listing) => (
                  <tr key={listing.id}>
                    <th scope="row" dir="auto">{listing.title}</th>
                    {METRICS.map((metric) => <td key={metric} className="number">{number(listing[metric])}</td>)}
                  </tr>
                ))}
              </tbody>
            </Table>
          ) : (
            <Muted>{view.trends ? t('analytics.morePro') : t('analytics.moreEntrepreneur')}</Muted>
          )}
        </>
      )}
    </Panel>
  );
}
