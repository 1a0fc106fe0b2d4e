import { useState, type FormEvent } from 'react';
import { useSearchParams } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, PageContainer } from '@modula/shared';
import { NAMESPACE } from '../i18n';
import { useDocumentTitle, withSiteName } from '../hooks/use-document-title';
import { moderationQueries } from '../services/queries';
import { AdminNav, ListState, Pagination, Scroll, Table, Toolbar, when } from './kit';

/** /admin/security: the log of log_security_event, filtered by type, user and period. */
export function SecurityPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  useDocumentTitle(withSiteName(t('security.title')));
  const [params, setParams] = useSearchParams();
  const filters = { type: params.get('type') ?? '', user: params.get('user') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const page = Number(params.get('page') ?? 0) || 0;
  const [draft, setDraft] = useState(filters);
  const types = useQuery(moderationQueries.securityTypes());
  const list = useQuery(moderationQueries.security(filters, page));
  const rows = list.data ?? [];
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setParams(Object.fromEntries(Object.entries({ ...draft, user: draft.user.trim() }).filter(([, v]) => v)));
  };

  return (
    <PageContainer>
      <AdminNav />
      <h1>{t('security.title')}</h1>
      <Toolbar role="search" onSubmit={apply}>
        <label>
          {t('security.type')}
          <select value={draft.type} onChange={(e) => setDraft({ ...draft, type: e.target.value })}>
            <option value="">{t('security.allTypes')}</option>
            {(types.data ?? []).map((type) => <option key={type.event_type} value={type.event_type}>{type.event_type}</option>)}
          </select>
        </label>
        <label>
          {t('security.user')}
          <input type="search" value={draft.user} onChange={(e) => setDraft({ ...draft, user: e.target.value })} />
        </label>
        <label>
          {t('period.from')}
          <input type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </label>
        <label>
          {t('period.to')}
          <input type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </label>
        <Button type="submit">{t('list.filter')}</Button>
      </Toolbar>
      <ListState loading={list.isPending} failed={list.isLoadingError} empty={rows.length === 0} retry={() => void list.refetch()}>
        <Scroll>
          <Table aria-label={t('security.title')}>
            <thead>
              <tr>
                <th scope="col">{t('security.time')}</th>
                <th scope="col">{t('security.type')}</th>
                <th scope="col">{t('security.user')}</th>
                <th scope="col">{t('security.source')}</th>
                <th scope="col">{t('security.details')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((event) => (
                <tr key={event.id}>
                  <td>{when(event.created_at, i18n.language)}</td>
                  <td><code>{event.event_type}</code></td>
                  <td>{event.email ? <bdi>{event.email}</bdi> : '–'}</td>
                  <td>{t(`security.sources.${event.source}`)}</td>
                  <td><code dir="ltr">{JSON.stringify(event.details)}</code></td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Scroll>
        <Pagination page={page} total={Number(rows[0]?.total ?? 0)} onPage={(next) => setParams({ ...Object.fromEntries(params), page: String(next) })} />
      </ListState>
    </PageContainer>
  );
}
