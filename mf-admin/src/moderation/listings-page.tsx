import { useState, type FormEvent } from 'react';
import { useSearchParams } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, PageContainer } from '@modula/shared';
import { NAMESPACE } from '../i18n';
import { useDocumentTitle, withSiteName } from '../hooks/use-document-title';
import { setListingPublished, toast, type AdminListing } from '../services/api';
import { moderationKeys, moderationQueries } from '../services/queries';
import { AdminNav, Badge, ListState, Pagination, ReasonDialog, Scroll, Table, Toolbar, failureKey, when } from './kit';

const STATUSES = ['', 'published', 'archived', 'draft', 'moderated', 'reported'] as const;

/** /admin/listings: every listing, searchable; unpublish or republish with a reason the vendor is emailed. */
export function ListingsPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  useDocumentTitle(withSiteName(t('listings.title')));
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const status = params.get('status') ?? '';
  const page = Number(params.get('page') ?? 0) || 0;
  const [text, setText] = useState(query);
  const [target, setTarget] = useState<AdminListing | null>(null);
  const client = useQueryClient();
  const list = useQuery(moderationQueries.listings(query, status || null, page));
  const change = useMutation({
    mutationKey: ['admin', 'listings', 'publish'],
    mutationFn: ({ listing, reason }: { listing: AdminListing; reason: string }) => setListingPublished(listing.id, listing.status !== 'published', reason),
    onSuccess: (_status, { listing }) => {
      toast({ title: t(listing.status === 'published' ? 'listings.unpublished' : 'listings.republished', { title: listing.title }), variant: 'success' });
      setTarget(null);
    },
    onSettled: () => client.invalidateQueries({ queryKey: moderationKeys.listings }),
  });

  const search = (event: FormEvent) => {
    event.preventDefault();
    setParams({ q: text.trim(), status });
  };
  const rows = list.data ?? [];
  const unpublishing = target?.status === 'published';

  return (
    <PageContainer>
      <AdminNav />
      <h1>{t('listings.title')}</h1>
      <Toolbar role="search" onSubmit={search}>
        <label>
          {t('listings.search')}
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <label>
          {t('listings.status')}
          <select value={status} onChange={(e) => setParams({ q: query, status: e.target.value })}>
            {STATUSES.map((s) => <option key={s} value={s}>{t(`statuses.${s || 'all'}`)}</option>)}
          </select>
        </label>
        <Button type="submit">{t('list.search')}</Button>
      </Toolbar>
      <ListState loading={list.isPending} failed={list.isLoadingError} empty={rows.length === 0} retry={() => void list.refetch()}>
        <Scroll>
          <Table aria-label={t('listings.title')}>
            <thead>
              <tr>
                <th scope="col">{t('columns.listing')}</th>
                <th scope="col">{t('columns.vendor')}</th>
                <th scope="col">{t('columns.kind')}</th>
                <th scope="col">{t('listings.status')}</th>
                <th scope="col">{t('listings.note')}</th>
                <th scope="col">{t('list.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((listing) => (
                <tr key={listing.id}>
                  <td>
                    {listing.status === 'published' ? <a href={`/listings/${listing.id}`}><bdi>{listing.title}</bdi></a> : <bdi>{listing.title}</bdi>}
                  </td>
                  <td><bdi>{listing.vendor_name}</bdi></td>
                  <td>{t(`kinds.${listing.listing_type}`)}</td>
                  <td>
                    <Badge $tone={listing.status === 'published' ? 'good' : listing.moderation_reason || listing.suspension_hold ? 'bad' : 'neutral'}>
                      {t(`statuses.${listing.status}`)}
                    </Badge>
                  </td>
                  <td>
                    {listing.moderation_reason ? <><bdi>{listing.moderation_reason}</bdi><small>{when(listing.moderated_at, i18n.language)}</small></> : null}
                    {listing.suspension_hold ? t('listings.suspensionHold') : null}
                  </td>
                  <td className="actions">
                    {listing.status === 'published' ? (
                      <Button type="button" $size="sm" $variant="secondary" onClick={() => { change.reset(); setTarget(listing); }} aria-label={t('listings.unpublishNamed', { title: listing.title })}>
                        {t('listings.unpublish')}
                      </Button>
                    ) : listing.moderation_reason || listing.suspension_hold ? (
                      <Button type="button" $size="sm" $variant="secondary" onClick={() => { change.reset(); setTarget(listing); }} aria-label={t('listings.republishNamed', { title: listing.title })}>
                        {t('listings.republish')}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Scroll>
        <Pagination page={page} total={Number(rows[0]?.total ?? 0)} onPage={(next) => setParams({ q: query, status, page: String(next) })} />
      </ListState>
      <ReasonDialog
        open={target !== null}
        title={target ? t(unpublishing ? 'listings.unpublishNamed' : 'listings.republishNamed', { title: target.title }) : ''}
        hint={t('listings.reasonHint')}
        label={t('dialog.reason')}
        confirm={t(unpublishing ? 'listings.unpublish' : 'listings.republish')}
        busy={change.isPending}
        error={change.isError ? t(failureKey(change.error)) : null}
        onCancel={() => setTarget(null)}
        onConfirm={(reason) => target && change.mutate({ listing: target, reason })}
      />
    </PageContainer>
  );
}
