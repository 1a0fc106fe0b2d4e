import { useState } from 'react';
import styled from 'styled-components';
import { useSearchParams } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, PageContainer } from '@modula/shared';
import { NAMESPACE } from '../i18n';
import { useDocumentTitle, withSiteName } from '../hooks/use-document-title';
import { resolveReport, setListingPublished, toast, type AdminReport, type ReportStatus } from '../services/api';
import { moderationKeys, moderationQueries } from '../services/queries';
import { AdminNav, Badge, ListState, Pagination, ReasonDialog, Scroll, Table, Toolbar, failureKey, when } from './kit';

const FILTERS = ['open', 'resolved', 'dismissed', 'all'] as const;
type Filter = (typeof FILTERS)[number];

/** What the admin is about to do to a report: close it either way, or unpublish the reported listing. */
export type ReportDecision = { kind: 'resolved' | 'dismissed'; report: AdminReport } | { kind: 'unpublish'; report: AdminReport };

/** The decisions an administrator may take on a report, in the order its buttons are shown. */
export function reportDecisions(report: AdminReport): ReportDecision['kind'][] {
  if (report.status !== 'open') return [];
  const unpublish = report.listing_id && report.listing_status === 'published' ? (['unpublish'] as const) : [];
  return [...unpublish, 'resolved', 'dismissed'];
}

export function parseFilter(value: string | null): Filter {
  return FILTERS.includes(value as Filter) ? (value as Filter) : 'open';
}

const Evidence = styled.details`
  margin-block-start: ${({ theme }) => theme.space(2)};
  ol { margin: ${({ theme }) => theme.space(2)} 0 0; padding-inline-start: ${({ theme }) => theme.space(5)}; }
  li { margin-block-end: ${({ theme }) => theme.space(1)}; }
  li.reported { font-weight: 600; }
`;

function Target({ report }: { report: AdminReport }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  if (report.listing_id) {
    return (
      <>
        {report.listing_status === 'published' ? <a href={`/listings/${report.listing_id}`}><bdi>{report.listing_title}</bdi></a> : <bdi>{report.listing_title}</bdi>}
        <small>{t('reports.listingBy', { vendor: report.vendor_name ?? '–' })} · {t(`statuses.${report.listing_status ?? 'archived'}`)}</small>
      </>
    );
  }
  return (
    <>
      <span>{t(report.message_id ? 'reports.message' : 'reports.conversation')}</span>
      <small>
        {t('reports.between', { customer: report.customer_name ?? '–', vendor: report.conversation_vendor_name ?? '–' })}
        {report.conversation_listing_title ? <> · <bdi>{report.conversation_listing_title}</bdi></> : null}
      </small>
      {report.evidence.length > 0 ? (
        <Evidence>
          <summary>{t('reports.evidence', { count: report.evidence.length })}</summary>
          <ol>
            {report.evidence.map((m, index) => (
              <li key={`${m.at}-${index}`} className={m.reported ? 'reported' : undefined}>
                <bdi>{m.sender ?? t(`reports.roles.${m.senderRole}`)}</bdi> ({t(`reports.roles.${m.senderRole}`)}, {when(m.at, i18n.language)}):{' '}
                <bdi>{m.type === 'text' ? m.content : t('reports.nonText')}</bdi>
                {m.reported ? <> — {t('reports.reportedMessage')}</> : null}
              </li>
            ))}
          </ol>
        </Evidence>
      ) : null}
    </>
  );
}

/** /admin/reports: what users reported, oldest open first; resolve or dismiss with a note, or unpublish the listing. */
export function ReportsPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  useDocumentTitle(withSiteName(t('reports.title')));
  const [params, setParams] = useSearchParams();
  const filter = parseFilter(params.get('status'));
  const page = Number(params.get('page') ?? 0) || 0;
  const [decision, setDecision] = useState<ReportDecision | null>(null);
  const client = useQueryClient();
  const list = useQuery(moderationQueries.reports(filter === 'all' ? null : (filter as ReportStatus), page));
  const act = useMutation({
    mutationKey: ['admin', 'reports', 'decide'],
    mutationFn: async ({ decision: d, note }: { decision: ReportDecision; note: string }) => {
      if (d.kind === 'unpublish') await setListingPublished(d.report.listing_id!, false, note);
      else await resolveReport(d.report.id, d.kind, note);
    },
    onSuccess: (_result, { decision: d }) => {
      const title = d.report.listing_title ?? '';
      toast({ title: t(`reports.done.${d.kind}`, { title }), variant: 'success' });
      setDecision(null);
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: moderationKeys.reports }), client.invalidateQueries({ queryKey: moderationKeys.listings })]),
  });
  const rows = list.data ?? [];
  const open = (kind: ReportDecision['kind'], report: AdminReport) => {
    act.reset();
    setDecision({ kind, report });
  };

  return (
    <PageContainer>
      <AdminNav />
      <h1>{t('reports.title')}</h1>
      <p>{t('reports.lead')}</p>
      <Toolbar onSubmit={(event) => event.preventDefault()}>
        <label>
          {t('reports.show')}
          <select value={filter} onChange={(e) => setParams({ status: e.target.value })}>
            {FILTERS.map((f) => <option key={f} value={f}>{t(`reports.statuses.${f}`)}</option>)}
          </select>
        </label>
      </Toolbar>
      <ListState loading={list.isPending} failed={list.isLoadingError} empty={rows.length === 0} retry={() => void list.refetch()}>
        <Scroll>
          <Table aria-label={t('reports.title')}>
            <thead>
              <tr>
                <th scope="col">{t('reports.target')}</th>
                <th scope="col">{t('reports.reason')}</th>
                <th scope="col">{t('reports.reporter')}</th>
                <th scope="col">{t('reports.state')}</th>
                <th scope="col">{t('list.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((report) => (
                <tr key={report.id}>
                  <td><Target report={report} /></td>
                  <td>
                    {t(`reports.reasons.${report.reason}`)}
                    {report.details ? <small><bdi>{report.details}</bdi></small> : null}
                  </td>
                  <td>
                    <bdi>{report.reporter_email ?? '–'}</bdi>
                    <small>{when(report.created_at, i18n.language)}</small>
                  </td>
                  <td>
                    <Badge $tone={report.status === 'open' ? 'bad' : report.status === 'resolved' ? 'good' : 'neutral'}>{t(`reports.statuses.${report.status}`)}</Badge>
                    {report.resolution_note ? (
                      <small>
                        <bdi>{report.resolution_note}</bdi> — <bdi>{report.resolved_by_email ?? ''}</bdi>, {when(report.resolved_at, i18n.language)}
                      </small>
                    ) : null}
                  </td>
                  <td className="actions">
                    {reportDecisions(report).map((kind) => (
                      <Button key={kind} type="button" $size="sm" $variant={kind === 'dismissed' ? 'secondary' : 'primary'} onClick={() => open(kind, report)}
                        aria-label={t(`reports.actions.${kind}Named`, { title: report.listing_title ?? report.conversation_listing_title ?? '' })}>
                        {t(`reports.actions.${kind}`)}
                      </Button>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Scroll>
        <Pagination page={page} total={Number(rows[0]?.total ?? 0)} onPage={(next) => setParams({ status: filter, page: String(next) })} />
      </ListState>
      <ReasonDialog
        open={decision !== null}
        title={decision ? t(`reports.actions.${decision.kind}Named`, { title: decision.report.listing_title ?? decision.report.conversation_listing_title ?? '' }) : ''}
        hint={decision?.kind === 'unpublish' ? t('listings.reasonHint') : t('reports.noteHint')}
        label={decision?.kind === 'unpublish' ? t('dialog.reason') : t('reports.note')}
        confirm={decision ? t(`reports.actions.${decision.kind}`) : ''}
        busy={act.isPending}
        error={act.isError ? t(failureKey(act.error)) : null}
        onCancel={() => setDecision(null)}
        onConfirm={(note) => decision && act.mutate({ decision, note })}
      />
    </PageContainer>
  );
}
