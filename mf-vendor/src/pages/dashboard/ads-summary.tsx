import styled from 'styled-components';
import { Link } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { formatNumber } from '../../services/api';
import { NAMESPACE } from '../../i18n';
import { LoadFailed, Loading, Muted, Panel } from '../../components/ui';
import { adQueries } from '../../ads/queries';
import { adSummary, monthStart } from '../../ads/figures';
import { money } from '../../ads/format';

const Figures = styled.dl`
  display: grid; grid-template-columns: repeat(auto-fit, minmax(130px, 1fr)); gap: 12px; margin: 12px 0;
  div { display: grid; gap: 2px; }
  dt { color: ${({ theme }) => theme.colors.muted}; font-size: 13px; }
  dd { margin: 0; font-size: 22px; font-weight: 700; font-variant-numeric: tabular-nums; }
`;

/** The dashboard's short advertising summary (issue 16): active campaigns and this month's spend, clicks and leads. */
export function AdsSummary({ companyId }: { companyId: string }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const campaigns = useQuery(adQueries.campaigns(companyId));
  const report = useQuery(adQueries.report(companyId, monthStart()));
  const body = (() => {
    if (campaigns.isLoadingError || report.isLoadingError) {
      return <LoadFailed message={t('dashboard.ads.failed')} onRetry={() => { void campaigns.refetch(); void report.refetch(); }} />;
    }
    if (campaigns.isPending || report.isPending) return <Loading />;
    if (campaigns.data.length === 0) return <Muted>{t('dashboard.ads.none')}</Muted>;
    const summary = adSummary(campaigns.data, report.data);
    return (
      <Figures>
        <div><dt>{t('dashboard.ads.active')}</dt><dd>{formatNumber(summary.activeCampaigns, i18n.language)}</dd></div>
        <div><dt>{t('dashboard.ads.spent')}</dt><dd>{money(summary.spent, i18n.language)}</dd></div>
        <div><dt>{t('dashboard.ads.clicks')}</dt><dd>{formatNumber(summary.clicks, i18n.language)}</dd></div>
        <div><dt>{t('dashboard.ads.leads')}</dt><dd>{formatNumber(summary.leads, i18n.language)}</dd></div>
      </Figures>
    );
  })();
  return (
    <Panel aria-labelledby="ads-summary-title">
      <h2 id="ads-summary-title">{t('dashboard.ads.title')}</h2>
      <Muted>{t('dashboard.ads.period')}</Muted>
      {body}
      <Link to="/advertising-dashboard">{t('dashboard.ads.open')}</Link>
    </Panel>
  );
}
