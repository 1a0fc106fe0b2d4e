import { useSearchParams } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, PageContainer } from '@modula/shared';
import { NAMESPACE } from '../i18n';
import { useDocumentTitle, withSiteName } from '../hooks/use-document-title';
import { PAGE_SIZE } from '../services/api';
import { moderationQueries } from '../services/queries';
import { AdminNav, ListState, Scroll, Table, when } from './kit';

/** /admin/audit: every administrator action, newest first (read only: nobody can change it). */
export function AuditPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  useDocumentTitle(withSiteName(t('audit.title')));
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? 0) || 0;
  const list = useQuery(moderationQueries.audit(page));
  const rows = list.data ?? [];
  return (
    <PageContainer>
      <AdminNav />
      <h1>{t('audit.title')}</h1>
      <p>{t('audit.lead')}</p>
      <ListState loading={list.isPending} failed={list.isLoadingError} empty={rows.length === 0 && page === 0} retry={() => void list.refetch()}>
        <Scroll>
          <Table aria-label={t('audit.title')}>
            <thead>
              <tr>
                <th scope="col">{t('security.time')}</th>
                <th scope="col">{t('audit.admin')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.target')}</th>
                <th scope="col">{t('dialog.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((entry) => {
                const label = typeof entry.details.title === 'string' ? entry.details.title : typeof entry.details.name === 'string' ? entry.details.name : entry.target_id;
                return (
                  <tr key={entry.id}>
                    <td>{when(entry.created_at, i18n.language)}</td>
                    <td>{entry.actor_email ? <bdi>{entry.actor_email}</bdi> : '–'}</td>
                    <td>{t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}</td>
                    <td>{t(`audit.targets.${entry.target_type}`, { defaultValue: entry.target_type })}<small><bdi>{label}</bdi></small></td>
                    <td>{entry.reason ? <bdi>{entry.reason}</bdi> : '–'}</td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </Scroll>
        <p>
          <Button type="button" $variant="secondary" $size="sm" disabled={page === 0} onClick={() => setParams({ page: String(page - 1) })}>{t('list.previous')}</Button>{' '}
          <Button type="button" $variant="secondary" $size="sm" disabled={rows.length < PAGE_SIZE} onClick={() => setParams({ page: String(page + 1) })}>{t('list.next')}</Button>
        </p>
      </ListState>
    </PageContainer>
  );
}
