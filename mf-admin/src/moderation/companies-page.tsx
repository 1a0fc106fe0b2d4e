import { useState, type FormEvent } from 'react';
import { useSearchParams } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, PageContainer, formatNumber } from '@modula/shared';
import { NAMESPACE } from '../i18n';
import { useDocumentTitle, withSiteName } from '../hooks/use-document-title';
import { setCompanyVerified, toast, type AdminCompany } from '../services/api';
import { moderationKeys, moderationQueries } from '../services/queries';
import { AdminNav, Badge, ListState, Pagination, ReasonDialog, Scroll, Table, Toolbar, failureKey } from './kit';

/** /admin/companies: the catalogue's verified badge, given or removed with a note. */
export function CompaniesPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  useDocumentTitle(withSiteName(t('companies.title')));
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const page = Number(params.get('page') ?? 0) || 0;
  const [text, setText] = useState(query);
  const [target, setTarget] = useState<AdminCompany | null>(null);
  const client = useQueryClient();
  const list = useQuery(moderationQueries.companies(query, page));
  const change = useMutation({
    mutationKey: ['admin', 'companies', 'verify'],
    mutationFn: ({ company, note }: { company: AdminCompany; note: string }) => setCompanyVerified(company.id, !company.verified, note),
    onSuccess: (_result, { company }) => {
      toast({ title: t(company.verified ? 'companies.unverified' : 'companies.verifiedDone', { name: company.name }), variant: 'success' });
      setTarget(null);
    },
    onSettled: () => client.invalidateQueries({ queryKey: moderationKeys.companies }),
  });
  const rows = list.data ?? [];

  return (
    <PageContainer>
      <AdminNav />
      <h1>{t('companies.title')}</h1>
      <Toolbar role="search" onSubmit={(event: FormEvent) => { event.preventDefault(); setParams({ q: text.trim() }); }}>
        <label>
          {t('companies.search')}
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <Button type="submit">{t('list.search')}</Button>
      </Toolbar>
      <ListState loading={list.isPending} failed={list.isLoadingError} empty={rows.length === 0} retry={() => void list.refetch()}>
        <Scroll>
          <Table aria-label={t('companies.title')}>
            <thead>
              <tr>
                <th scope="col">{t('companies.name')}</th>
                <th scope="col">{t('columns.kind')}</th>
                <th scope="col">{t('columns.listings')}</th>
                <th scope="col">{t('companies.badge')}</th>
                <th scope="col">{t('list.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((company) => (
                <tr key={company.id}>
                  <td><a href={`/vendor-profile/${company.id}`} dir="auto">{company.name}</a></td>
                  <td>{t(`companies.types.${company.company_type}`)}</td>
                  <td>{formatNumber(Number(company.listings), i18n.language)}</td>
                  <td>{company.verified ? <Badge $tone="good">{t('companies.verified')}</Badge> : <Badge>{t('companies.notVerified')}</Badge>}</td>
                  <td className="actions">
                    <Button type="button" $size="sm" $variant="secondary" onClick={() => { change.reset(); setTarget(company); }}>
                      {t(company.verified ? 'companies.unverify' : 'companies.verify')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Scroll>
        <Pagination page={page} total={Number(rows[0]?.total ?? 0)} onPage={(next) => setParams({ q: query, page: String(next) })} />
      </ListState>
      <ReasonDialog
        open={target !== null}
        title={target ? t(target.verified ? 'companies.unverifyNamed' : 'companies.verifyNamed', { name: target.name }) : ''}
        label={t('dialog.note')}
        confirm={target ? t(target.verified ? 'companies.unverify' : 'companies.verify') : ''}
        busy={change.isPending}
        error={change.isError ? t(failureKey(change.error)) : null}
        onCancel={() => setTarget(null)}
        onConfirm={(note) => target && change.mutate({ company: target, note })}
      />
    </PageContainer>
  );
}
