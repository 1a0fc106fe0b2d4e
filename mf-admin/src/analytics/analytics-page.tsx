import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { useSearchParams } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, PageContainer, formatDate, formatNumber, formatPrice, visuallyHidden } from '@modula/shared';
import { NAMESPACE } from '../i18n';
import { useDocumentTitle, withSiteName } from '../hooks/use-document-title';
import { analyticsQueries } from '../services/queries';
import type { Analytics, Figures } from '../services/types';
import { change, choiceFromParams, paramsOf, periodOf, PRESETS, rangeProblem, type PeriodChoice, type RangeProblem } from './period';
import { LineChart, type ChartSeries } from './line-chart';
import { DataTable, type Column } from './data-table';
import { AdminNav } from '../moderation/kit';

const Header = styled.header`
  display: flex; flex-wrap: wrap; align-items: end; justify-content: space-between; gap: ${({ theme }) => theme.space(4)};
  margin-block: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(6)};
  h1 { margin: 0; font-size: clamp(26px, 4vw, 34px); }
  p { margin: ${({ theme }) => theme.space(1)} 0 0; color: ${({ theme }) => theme.colors.muted}; }
`;
const PeriodBar = styled.form`
  display: flex; flex-wrap: wrap; align-items: end; gap: ${({ theme }) => theme.space(2)};
  fieldset { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(1)}; border: 0; margin: 0; padding: 0; }
  legend { font-weight: 600; font-size: 14px; margin-block-end: ${({ theme }) => theme.space(1)}; }
  label.choice { position: relative; }
  label.choice input { position: absolute; opacity: 0; inset: 0; margin: 0; cursor: pointer; }
  label.choice span { display: inline-block; padding: 6px 14px; border-radius: ${({ theme }) => theme.radii.pill};
    border: 1px solid ${({ theme }) => theme.colors.border}; background: ${({ theme }) => theme.colors.surface}; font-size: 14px; }
  label.choice input:checked + span { background: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.onPrimary}; border-color: ${({ theme }) => theme.colors.primary}; }
  label.choice input:focus-visible + span { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
  .dates { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(2)}; align-items: end; }
  .dates label { display: grid; gap: 2px; font-size: 13px; font-weight: 600; }
  .dates input { font: inherit; padding: 6px 8px; border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.sm}; }
  [role='alert'] { flex-basis: 100%; color: ${({ theme }) => theme.colors.danger}; margin: 0; }
`;
const HiddenHeading = styled.h2`${visuallyHidden}`;
const Compared = styled.p`color: ${({ theme }) => theme.colors.muted}; margin: 0 0 ${({ theme }) => theme.space(4)};`;
const Grid = styled.ul`
  list-style: none; margin: 0 0 ${({ theme }) => theme.space(8)}; padding: 0; display: grid; gap: ${({ theme }) => theme.space(3)};
  grid-template-columns: repeat(auto-fill, minmax(190px, 1fr));
`;
const Stat = styled.li`
  background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md}; padding: ${({ theme }) => theme.space(4)};
  h3 { margin: 0; font-size: 14px; font-weight: 600; color: ${({ theme }) => theme.colors.muted}; }
  .value { display: block; font-size: 26px; font-weight: 700; margin-block: ${({ theme }) => theme.space(1)}; }
  .change { font-size: 13px; color: ${({ theme }) => theme.colors.muted}; }
  .change.up { color: ${({ theme }) => theme.colors.success}; }
  .change.down { color: ${({ theme }) => theme.colors.danger}; }
`;
const Section = styled.section`
  background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg}; padding: ${({ theme }) => theme.space(5)}; margin-block-end: ${({ theme }) => theme.space(6)};
  h2 { margin: 0 0 ${({ theme }) => theme.space(3)}; font-size: 20px; }
`;
const Two = styled.div`
  display: grid; gap: ${({ theme }) => theme.space(6)}; grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
  > section { margin: 0; }
  margin-block-end: ${({ theme }) => theme.space(6)};
`;
const Legend = styled.ul`
  display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(4)}; list-style: none; padding: 0; margin: ${({ theme }) => theme.space(2)} 0 0;
  li { display: inline-flex; align-items: center; gap: 6px; font-size: 14px; }
  i { inline-size: 14px; block-size: 4px; border-radius: 2px; display: inline-block; }
`;
const Funnel = styled.ol`
  list-style: none; margin: 0; padding: 0; display: grid; gap: ${({ theme }) => theme.space(3)};
  .row { display: flex; justify-content: space-between; gap: ${({ theme }) => theme.space(2)}; font-size: 14px; }
  .track { block-size: 14px; background: ${({ theme }) => theme.colors.primarySoft}; border-radius: ${({ theme }) => theme.radii.pill}; overflow: hidden; }
  .bar { block-size: 100%; background: ${({ theme }) => theme.colors.primary}; }
  small { color: ${({ theme }) => theme.colors.muted}; }
`;
const Status = styled.div`
  padding: ${({ theme }) => theme.space(6)}; text-align: center; color: ${({ theme }) => theme.colors.muted};
`;

/** The period buttons: the presets, then a custom range. */
const CHOICES = [...PRESETS, 'custom'] as const;
const COLORS = { visitors: '#1d6b4a', signups: '#9a5410', contacts: '#1a56db' };
const TIER_COLORS = ['#1d6b4a', '#9a5410', '#1a56db', '#7a2e8e'];

type FigureKey = keyof Figures;
const HEADLINES: { key: FigureKey; money?: boolean }[] = [
  { key: 'visitors' }, { key: 'sessions' }, { key: 'signups_customer' }, { key: 'signups_vendor' },
  { key: 'customers_total' }, { key: 'vendors_total' }, { key: 'searches' }, { key: 'listing_views' },
  { key: 'contacts' }, { key: 'meetings_requested' }, { key: 'meetings_confirmed' }, { key: 'orders' },
  { key: 'order_value', money: true }, { key: 'ad_spend', money: true },
];

function useDisplayNames(language: string, type: 'language' | 'region') {
  return useMemo(() => {
    try {
      return new Intl.DisplayNames([language === 'zh' ? 'zh-CN' : language], { type });
    } catch {
      return null;
    }
  }, [language, type]);
}

/** /admin/analytics: the marketplace's figures for a period, compared with the period before. */
export function AnalyticsPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  useDocumentTitle(withSiteName(t('analytics.title')));
  const language = i18n.language;
  const [params, setParams] = useSearchParams();
  const choice = choiceFromParams(params);
  const period = periodOf(choice);
  const query = useQuery(analyticsQueries.period(period, true));

  const choose = (next: PeriodChoice) => setParams(paramsOf(next), { replace: false });
  const range = (start: string, end: string) =>
    t('period.range', { start: formatDate(`${start}T00:00:00Z`, language, { dateStyle: 'medium', timeZone: 'UTC' }), end: formatDate(`${end}T00:00:00Z`, language, { dateStyle: 'medium', timeZone: 'UTC' }) });

  return (
    <PageContainer>
      <AdminNav />
      <Header>
        <div>
          <h1>{t('analytics.title')}</h1>
          <p>{range(period.start, period.end)}</p>
        </div>
        <PeriodSelector choice={choice} onChoose={choose} />
      </Header>
      {query.data ? (
        <Compared>{t('period.compared', { range: range(query.data.previous_period.start, query.data.previous_period.end) })}</Compared>
      ) : null}
      {query.isLoadingError ? (
        <Status role="alert">
          <p>{t('analytics.error')}</p>
          <Button onClick={() => void query.refetch()}>{t('analytics.retry')}</Button>
        </Status>
      ) : !query.data ? (
        <Status role="status">{t('analytics.loading')}</Status>
      ) : (
        <div aria-busy={query.isPlaceholderData} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          <Report data={query.data} language={language} />
        </div>
      )}
    </PageContainer>
  );
}

function PeriodSelector({ choice, onChoose }: { choice: PeriodChoice; onChoose: (choice: PeriodChoice) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const current = periodOf(choice);
  const [custom, setCustom] = useState(choice.kind === 'custom');
  const [start, setStart] = useState(current.start);
  const [end, setEnd] = useState(current.end);
  const [problem, setProblem] = useState<RangeProblem | null>(null);
  const selected = custom ? 'custom' : choice.kind === 'preset' ? choice.preset : 'custom';

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeProblem(start, end);
    setProblem(found);
    if (!found) onChoose({ kind: 'custom', start, end });
  };

  return (
    <PeriodBar onSubmit={apply} noValidate>
      <fieldset>
        <legend>{t('period.label')}</legend>
        {CHOICES.map((id) => (
          <label className="choice" key={id}>
            <input
              type="radio"
              name="period"
              value={id}
              checked={selected === id}
              onChange={() => {
                setProblem(null);
                if (id === 'custom') {
                  setCustom(true);
                  return;
                }
                setCustom(false);
                onChoose({ kind: 'preset', preset: id });
              }}
            />
            <span>{t(`period.${id}`)}</span>
          </label>
        ))}
      </fieldset>
      {custom ? (
        <div className="dates">
          <label>
            {t('period.from')}
            <input type="date" value={start} onChange={(e) => setStart(e.target.value)} aria-invalid={problem ? true : undefined} />
          </label>
          <label>
            {t('period.to')}
            <input type="date" value={end} onChange={(e) => setEnd(e.target.value)} aria-invalid={problem ? true : undefined} />
          </label>
          <Button type="submit" $size="sm">{t('period.apply')}</Button>
        </div>
      ) : null}
      {problem ? <p role="alert">{t(`period.problems.${problem}`)}</p> : null}
    </PeriodBar>
  );
}

function ChangeNote({ current, previous }: { current: number; previous: number }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const value = change(current, previous);
  if (value === null) return <span className="change">{t('change.new')}</span>;
  const text = formatNumber(value, i18n.language, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  return <span className={`change ${value > 0 ? 'up' : value < 0 ? 'down' : ''}`}>{t('change.vsPrevious', { change: text })}</span>;
}

function Report({ data, language }: { data: Analytics; language: string }) {
  const { t } = useTranslation(NAMESPACE);
  const languageNames = useDisplayNames(language, 'language');
  const regionNames = useDisplayNames(language, 'region');
  const number = (n: number) => formatNumber(n, language);
  const money = (n: number) => formatPrice(Number(n), language);
  const day = (d: string) => formatDate(`${d}T00:00:00Z`, language, { dateStyle: 'medium', timeZone: 'UTC' });
  const mrr = data.subscriptions.reduce((sum, s) => sum + Number(s.mrr), 0);

  const days = useMemo(() => data.daily.map((d) => d.day), [data]);
  const dailySeries = useMemo<ChartSeries[]>(() => [
    { label: t('series.visitors'), color: COLORS.visitors, values: data.daily.map((d) => d.visitors) },
    { label: t('series.signups'), color: COLORS.signups, values: data.daily.map((d) => d.signups) },
    { label: t('series.contacts'), color: COLORS.contacts, values: data.daily.map((d) => d.contacts) },
  ], [data, t]);
  const tierDays = useMemo(() => data.subscriptions_series.map((p) => p.day), [data]);
  const tierSeries = useMemo<ChartSeries[]>(() => data.subscriptions.map((plan, i) => ({
    label: plan.name,
    color: TIER_COLORS[i % TIER_COLORS.length]!,
    values: data.subscriptions_series.map((p) => p.plans[plan.plan] ?? 0),
  })), [data]);

  const keyName = (names: Intl.DisplayNames | null, key: string) => {
    if (key === 'unknown') return t('audience.unknown');
    try {
      return names?.of(key) ?? key;
    } catch {
      return key;
    }
  };

  const funnelStages = [
    { key: 'view_item', value: data.funnel.view_item },
    { key: 'contact_vendor', value: data.funnel.contact_vendor },
    { key: 'meeting', value: data.funnel.meeting },
    { key: 'order', value: data.funnel.order },
  ] as const;
  const funnelTop = Math.max(1, funnelStages[0].value);
  const fileStem = `modula-${data.period.start}-${data.period.end}`;

  const dailyColumns: Column<Analytics['daily'][number]>[] = [
    { header: t('columns.day'), render: (r) => day(r.day), csv: (r) => r.day },
    { header: t('columns.visitors'), render: (r) => number(r.visitors), csv: (r) => r.visitors, numeric: true },
    { header: t('columns.sessions'), render: (r) => number(r.sessions), csv: (r) => r.sessions, numeric: true },
    { header: t('columns.signups'), render: (r) => number(r.signups), csv: (r) => r.signups, numeric: true },
    { header: t('columns.contacts'), render: (r) => number(r.contacts), csv: (r) => r.contacts, numeric: true },
  ];

  return (
    <>
      <HiddenHeading id="headlines-title">{t('sections.headlines')}</HiddenHeading>
      <Grid aria-labelledby="headlines-title">
        {HEADLINES.map(({ key, money: isMoney }) => (
          <Stat key={key} data-figure={key}>
            <h3>{t(`figures.${key}`)}</h3>
            <span className="value">{isMoney ? money(data.current[key]) : number(data.current[key])}</span>
            <ChangeNote current={Number(data.current[key])} previous={Number(data.previous[key])} />
          </Stat>
        ))}
        <Stat data-figure="mrr">
          <h3>{t('figures.mrr')}</h3>
          <span className="value">{money(mrr)}</span>
          <span className="change">{t('figures.mrrNote')}</span>
        </Stat>
      </Grid>

      <Section aria-labelledby="daily-title">
        <h2 id="daily-title">{t('sections.daily')}</h2>
        <LineChart label={t('charts.daily')} days={days} series={dailySeries} language={language} />
        <ChartLegend series={dailySeries} />
        <DataTable caption={t('sections.daily')} fileName={`${fileStem}-daily.csv`} columns={dailyColumns} rows={data.daily} collapsed />
      </Section>

      <Two>
        <Section aria-labelledby="funnel-title">
          <h2 id="funnel-title">{t('sections.funnel')}</h2>
          <Funnel>
            {funnelStages.map((stage, i) => {
              const before = i > 0 ? funnelStages[i - 1]!.value : null;
              return (
                <li key={stage.key}>
                  <div className="row">
                    <span>{t(`funnel.${stage.key}`)}</span>
                    <strong>{number(stage.value)}</strong>
                  </div>
                  <div className="track" aria-hidden="true"><div className="bar" style={{ inlineSize: `${Math.min(100, (stage.value / funnelTop) * 100)}%` }} /></div>
                  {before !== null ? (
                    <small>{t('funnel.rate', { rate: before > 0 ? formatNumber(stage.value / before, language, { style: 'percent', maximumFractionDigits: 1 }) : '–' })}</small>
                  ) : null}
                </li>
              );
            })}
          </Funnel>
          <DataTable
            caption={t('sections.funnel')}
            fileName={`${fileStem}-funnel.csv`}
            columns={[
              { header: t('columns.stage'), render: (r) => t(`funnel.${r.key}`), csv: (r) => r.key },
              { header: t('columns.count'), render: (r) => number(r.value), csv: (r) => r.value, numeric: true },
            ]}
            rows={[...funnelStages]}
            collapsed
          />
        </Section>
        <Section aria-labelledby="subscriptions-title">
          <h2 id="subscriptions-title">{t('sections.subscriptions')}</h2>
          <DataTable
            caption={t('sections.subscriptions')}
            fileName={`${fileStem}-subscriptions.csv`}
            columns={[
              { header: t('columns.plan'), render: (r) => r.name, csv: (r) => r.plan },
              { header: t('columns.active'), render: (r) => number(r.count), csv: (r) => r.count, numeric: true },
              { header: t('columns.mrr'), render: (r) => money(r.mrr), csv: (r) => Number(r.mrr), numeric: true },
            ]}
            rows={data.subscriptions}
          />
          <h3>{t('sections.listings')}</h3>
          <DataTable
            caption={t('sections.listings')}
            fileName={`${fileStem}-listings.csv`}
            columns={[
              { header: t('columns.kind'), render: (r) => t(`kinds.${r[0]}`, { defaultValue: r[0] }), csv: (r) => r[0] },
              { header: t('columns.listings'), render: (r) => number(r[1]), csv: (r) => r[1], numeric: true },
            ]}
            rows={Object.entries(data.published_listings)}
          />
        </Section>
      </Two>

      <Section aria-labelledby="tiers-title">
        <h2 id="tiers-title">{t('sections.subscriptionsOverTime')}</h2>
        <LineChart label={t('charts.tiers')} days={tierDays} series={tierSeries} language={language} />
        <ChartLegend series={tierSeries} />
      </Section>

      <Two>
        <Section aria-labelledby="searches-title">
          <h2 id="searches-title">{t('sections.topSearches')}</h2>
          <DataTable
            caption={t('sections.topSearches')}
            fileName={`${fileStem}-searches.csv`}
            columns={[
              { header: t('columns.term'), render: (r) => <bdi>{r.term}</bdi>, csv: (r) => r.term },
              { header: t('columns.searches'), render: (r) => number(r.searches), csv: (r) => r.searches, numeric: true },
              { header: t('columns.zeroResults'), render: (r) => number(r.zero_results), csv: (r) => r.zero_results, numeric: true },
            ]}
            rows={data.top_searches}
          />
        </Section>
        <Section aria-labelledby="audience-title">
          <h2 id="audience-title">{t('sections.audience')}</h2>
          <DataTable
            caption={t('sections.languages')}
            fileName={`${fileStem}-languages.csv`}
            columns={[
              { header: t('columns.language'), render: (r) => keyName(languageNames, r.key), csv: (r) => r.key },
              { header: t('columns.visitors'), render: (r) => number(r.visitors), csv: (r) => r.visitors, numeric: true },
            ]}
            rows={data.languages}
          />
          <DataTable
            caption={t('sections.countries')}
            fileName={`${fileStem}-countries.csv`}
            columns={[
              { header: t('columns.country'), render: (r) => keyName(regionNames, r.key), csv: (r) => r.key },
              { header: t('columns.visitors'), render: (r) => number(r.visitors), csv: (r) => r.visitors, numeric: true },
            ]}
            rows={data.countries}
          />
        </Section>
      </Two>

      <Two>
        <Section aria-labelledby="listings-title">
          <h2 id="listings-title">{t('sections.topListings')}</h2>
          <DataTable
            caption={t('sections.topListings')}
            fileName={`${fileStem}-top-listings.csv`}
            columns={[
              { header: t('columns.listing'), render: (r) => <a href={`/listings/${r.id}`}><bdi>{r.title}</bdi></a>, csv: (r) => r.title },
              { header: t('columns.vendor'), render: (r) => <bdi>{r.vendor}</bdi>, csv: (r) => r.vendor },
              { header: t('columns.views'), render: (r) => number(r.views), csv: (r) => r.views, numeric: true },
              { header: t('columns.contacts'), render: (r) => number(r.contacts), csv: (r) => r.contacts, numeric: true },
            ]}
            rows={data.top_listings}
          />
        </Section>
        <Section aria-labelledby="vendors-title">
          <h2 id="vendors-title">{t('sections.topVendors')}</h2>
          <DataTable
            caption={t('sections.topVendors')}
            fileName={`${fileStem}-top-vendors.csv`}
            columns={[
              { header: t('columns.vendor'), render: (r) => <a href={`/vendor-profile/${r.id}`}><bdi>{r.name}</bdi></a>, csv: (r) => r.name },
              { header: t('columns.views'), render: (r) => number(r.views), csv: (r) => r.views, numeric: true },
              { header: t('columns.contacts'), render: (r) => number(r.contacts), csv: (r) => r.contacts, numeric: true },
            ]}
            rows={data.top_vendors}
          />
        </Section>
      </Two>
      <Compared>{t('analytics.freshness')}</Compared>
    </>
  );
}

function ChartLegend({ series }: { series: ChartSeries[] }): ReactNode {
  return (
    <Legend>
      {series.map((s) => (
        <li key={s.label}><i style={{ background: s.color }} aria-hidden="true" />{s.label}</li>
      ))}
    </Legend>
  );
}
