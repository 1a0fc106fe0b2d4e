import { useState } from 'react';
import styled from 'styled-components';
import { Link, useNavigate, useSearchParams } from '@modula/router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Field, Modal, PageContainer, formatDate, formatNumber } from '@modula/shared';
import { toast, useAuth } from '../services/api';
import { ADS_NAMESPACE } from './i18n';
import { useDocumentTitle, withSiteName } from '../hooks/use-document-title';
import { raiseBudget, setCampaignState, startTopupCheckout } from './api';
import { openCheckout } from '../services/checkout';
import { adQueries, REPORT_DAYS, sinceDate } from './queries';
import { CSV_COLUMNS, campaignFigures, campaignStatus, campaignsCsv, dailySeries, type CampaignRow, type CampaignStatus } from './figures';
import { ClicksSpendChart } from './chart';
import { money, percent } from './format';
import { serverMessage } from './create-ad-page';
import { Actions, Alert, Head, Notice, Panel, Toolbar } from './ui';

const TableWrap = styled.div`
  overflow-x: auto;
  table { inline-size: 100%; border-collapse: collapse; font-size: 14px; }
  th, td { padding: 10px 8px; text-align: start; border-block-end: 1px solid ${({ theme }) => theme.colors.border}; vertical-align: top; }
  td.num, th.num { text-align: end; font-variant-numeric: tabular-nums; white-space: nowrap; }
  small { color: ${({ theme }) => theme.colors.muted}; }
`;
const Status = styled.span<{ $status: CampaignStatus }>`
  display: inline-block; padding: 2px 10px; border-radius: ${({ theme }) => theme.radii.pill}; font-size: 12px; font-weight: 700; white-space: nowrap;
  background: ${({ $status }) => ($status === 'active' ? '#e3f4ea' : $status === 'budget_reached' || $status === 'ended' ? '#eceff1' : '#fff4e0')};
  color: ${({ $status }) => ($status === 'active' ? '#1f6b45' : $status === 'budget_reached' || $status === 'ended' ? '#44525a' : '#8a5a00')};
`;

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export default function AdvertisingDashboardPage() {
  const { t, i18n } = useTranslation(ADS_NAMESPACE);
  useDocumentTitle(withSiteName(t('dashboard.title')));
  const language = i18n.language;
  const user = useAuth((s) => s.user);
  const queryClient = useQueryClient();
  const context = useQuery(adQueries.context(user?.id ?? null));
  const companyId = context.data?.companyId ?? null;
  // The moment the page opened: statuses and the chart's days are computed against it.
  const [now] = useState(() => new Date());
  const since = sinceDate(REPORT_DAYS, now);
  const campaigns = useQuery(adQueries.campaigns(companyId));
  const report = useQuery(adQueries.report(companyId, since));
  const topups = useQuery(adQueries.topups(companyId));
  const [raising, setRaising] = useState<CampaignRow | null>(null);
  const [ending, setEnding] = useState<CampaignRow | null>(null);
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const navigate = useNavigate();
  const [search] = useSearchParams();
  const payment = search.get('payment');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adQueries.all() });
  const pay = useMutation({
    mutationKey: ['vendor-ads', 'pay'],
    mutationFn: (topupId: string) => startTopupCheckout(topupId),
    onSuccess: (url) => openCheckout(url, navigate),
    onError: (error) => setProblem(serverMessage(error, t)),
  });
  const change = useMutation({
    mutationKey: ['vendor-ads', 'state'],
    mutationFn: ({ id, action }: { id: string; action: 'pause' | 'resume' | 'end' }) => setCampaignState(id, action),
    onSuccess: (_r, { action }) => {
      toast({ title: t(action === 'pause' ? 'actions.paused' : action === 'resume' ? 'actions.resumed' : 'actions.ended'), variant: 'success' });
      setEnding(null);
    },
    onError: (error) => setProblem(serverMessage(error, t)),
    onSettled: refresh,
  });
  const raise = useMutation({
    mutationKey: ['vendor-ads', 'raise'],
    mutationFn: ({ id, value }: { id: string; value: number }) => raiseBudget(id, value),
    onSuccess: (topupId, { value }) => {
      toast({ title: t('actions.raised', { amount: money(value, language) }), variant: 'success' });
      setRaising(null);
      setAmount('');
      pay.mutate(topupId);
    },
    onError: (error) => setProblem(serverMessage(error, t)),
    onSettled: refresh,
  });

  if (!user) return null;
  const failed = context.isLoadingError || campaigns.isLoadingError || report.isLoadingError;
  if (failed) {
    return (
      <PageContainer>
        <Alert role="alert">{t('states.error')}</Alert>
        <Button type="button" onClick={refresh}>{t('states.retry')}</Button>
      </PageContainer>
    );
  }
  if (context.data && !companyId) {
    return (
      <PageContainer>
        <Head><h1>{t('dashboard.title')}</h1></Head>
        <Notice>{t('states.noCompany')}</Notice>
      </PageContainer>
    );
  }
  if (!campaigns.data || !report.data) return <PageContainer aria-busy="true">{t('states.loading')}</PageContainer>;

  const rows = campaigns.data;
  const reportRows = report.data;
  // The oldest pending top-up of each campaign is the one its Pay button pays.
  const pending = new Map<string, { id: string; amount: number }>();
  for (const topup of [...(topups.data ?? [])].reverse()) {
    if (topup.status === 'pending' && !pending.has(topup.campaign_id)) pending.set(topup.campaign_id, { id: topup.id, amount: Number(topup.amount) });
  }
  const statusLabel = (status: CampaignStatus) => t(`status.${status}`);
  const exportCsv = () =>
    download(`modula-advertising-${since}.csv`, campaignsCsv(rows, reportRows, CSV_COLUMNS.map((c) => t(`columns.${c}`)), statusLabel, now));
  const raiseValue = Number(amount.replace(',', '.'));
  const raiseValid = /^\d{1,6}([.,]\d{1,2})?$/.test(amount.trim()) && raiseValue >= 1 && raiseValue <= 100_000;

  return (
    <PageContainer>
      <Head>
        <h1>{t('dashboard.title')}</h1>
        <p>{t('dashboard.lead')}</p>
      </Head>
      <Toolbar>
        <Actions>
          <Link to="/create-ad">{t('nav.create')}</Link>
          <Link to="/dashboard">{t('nav.back')}</Link>
        </Actions>
        {rows.length > 0 ? (
          <Button type="button" $variant="secondary" onClick={exportCsv}>
            {t('dashboard.export')}
          </Button>
        ) : null}
      </Toolbar>
      {problem ? <Alert role="alert">{problem}</Alert> : null}
      {payment === 'success' ? <Notice role="status">{t('dashboard.paymentReturned')}</Notice> : null}
      {payment === 'unavailable' ? <Alert role="alert">{t('server.payment')}</Alert> : null}
      {rows.length === 0 ? (
        <Panel>
          <p>{t('dashboard.empty')}</p>
          <Link to="/create-ad">{t('dashboard.createFirst')}</Link>
        </Panel>
      ) : (
        <>
          <Panel aria-labelledby="ads-chart-title">
            <h2 id="ads-chart-title">
              {t('dashboard.chartTitle')} <small>({t('dashboard.period', { days: REPORT_DAYS })})</small>
            </h2>
            <ClicksSpendChart points={dailySeries(reportRows, REPORT_DAYS, now.toISOString().slice(0, 10))} />
          </Panel>
          <TableWrap>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('columns.name')}</th>
                  <th scope="col">{t('columns.status')}</th>
                  <th scope="col" className="num">{t('columns.impressions')}</th>
                  <th scope="col" className="num">{t('columns.clicks')}</th>
                  <th scope="col" className="num">{t('columns.ctr')}</th>
                  <th scope="col" className="num">{t('columns.spent')}</th>
                  <th scope="col" className="num">{t('columns.remaining')}</th>
                  <th scope="col" className="num">{t('columns.leads')}</th>
                  <th scope="col" className="num">{t('columns.costPerLead')}</th>
                  <th scope="col">{t('columns.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => {
                  const status = campaignStatus(c, now);
                  const f = campaignFigures(c, reportRows);
                  const waiting = pending.get(c.id);
                  const open = status !== 'ended';
                  return (
                    <tr key={c.id} data-campaign={c.id}>
                      <th scope="row">
                        {c.name}
                        <br />
                        <small>
                          {t(`create.kinds.${c.kind}`)} · {c.listing?.title ?? ''} · {formatDate(c.starts_at, language)} – {formatDate(c.ends_at, language)} · {money(Number(c.click_rate), language)}
                        </small>
                      </th>
                      <td>
                        <Status $status={status}>{statusLabel(status)}</Status>
                        {waiting ? (
                          <>
                            <br />
                            <small>{t('dashboard.awaitingPayment', { amount: money(waiting.amount, language) })}</small>
                            <br />
                            <Button type="button" $size="sm" disabled={pay.isPending} onClick={() => { setProblem(null); pay.mutate(waiting.id); }} aria-label={`${t('actions.pay', { amount: money(waiting.amount, language) })}: ${c.name}`}>
                              {t('actions.pay', { amount: money(waiting.amount, language) })}
                            </Button>
                          </>
                        ) : null}
                      </td>
                      <td className="num">{formatNumber(f.impressions, language)}</td>
                      <td className="num">{formatNumber(c.clicks, language)}</td>
                      <td className="num">{f.ctr === null ? '–' : percent(f.ctr, language)}</td>
                      <td className="num">{money(f.spent, language)}</td>
                      <td className="num">{money(f.remaining, language)}</td>
                      <td className="num">{formatNumber(f.leads, language)}</td>
                      <td className="num">{f.costPerLead === null ? '–' : money(f.costPerLead, language)}</td>
                      <td>
                        {open ? (
                          <Actions>
                            {c.paused ? (
                              <Button type="button" $size="sm" $variant="secondary" disabled={change.isPending} onClick={() => change.mutate({ id: c.id, action: 'resume' })} aria-label={`${t('actions.resume')}: ${c.name}`}>
                                {t('actions.resume')}
                              </Button>
                            ) : (
                              <Button type="button" $size="sm" $variant="secondary" disabled={change.isPending} onClick={() => change.mutate({ id: c.id, action: 'pause' })} aria-label={`${t('actions.pause')}: ${c.name}`}>
                                {t('actions.pause')}
                              </Button>
                            )}
                            <Button type="button" $size="sm" $variant="secondary" onClick={() => { setProblem(null); setRaising(c); }} aria-label={`${t('actions.raise')}: ${c.name}`}>
                              {t('actions.raise')}
                            </Button>
                            <Button type="button" $size="sm" $variant="danger" onClick={() => { setProblem(null); setEnding(c); }} aria-label={`${t('actions.end')}: ${c.name}`}>
                              {t('actions.end')}
                            </Button>
                          </Actions>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableWrap>
        </>
      )}
      {raising ? (
        <Modal open closeLabel={t('actions.cancel')} onClose={() => setRaising(null)} title={`${t('actions.raise')}: ${raising.name}`}>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (raiseValid && !raise.isPending) raise.mutate({ id: raising.id, value: raiseValue });
            }}
          >
            <Field
              label={t('actions.raiseLabel')}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={amount !== '' && !raiseValid ? t('server.budget') : undefined}
            />
            <Actions>
              <Button type="submit" disabled={!raiseValid || raise.isPending}>{t('actions.raiseSubmit')}</Button>
              <Button type="button" $variant="ghost" onClick={() => setRaising(null)}>{t('actions.cancel')}</Button>
            </Actions>
          </form>
        </Modal>
      ) : null}
      {ending ? (
        <Modal open closeLabel={t('actions.cancel')} onClose={() => setEnding(null)} title={`${t('actions.end')}: ${ending.name}`}>
          <p>{t('actions.confirmEnd', { name: ending.name })}</p>
          <Actions>
            <Button type="button" $variant="danger" disabled={change.isPending} onClick={() => change.mutate({ id: ending.id, action: 'end' })}>{t('actions.end')}</Button>
            <Button type="button" $variant="ghost" onClick={() => setEnding(null)}>{t('actions.cancel')}</Button>
          </Actions>
        </Modal>
      ) : null}
    </PageContainer>
  );
}
