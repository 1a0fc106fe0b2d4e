import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { Link } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, visuallyHidden } from '@modula/shared';
import { formatNumber, formatPrice, toast, track } from '../../services/api';
import { deleteListing, setListingStatus, VendorError, type ListingStats } from '../../services/vendor';
import { vendorQueries } from '../../services/queries';
import { NAMESPACE } from '../../i18n';
import { Muted, Pill } from '../../components/ui';

type SortKey = 'title' | 'status' | 'views' | 'favorites_total' | 'conversations' | 'meeting_requests' | 'updated_at';

/** The sortable columns: the field, its heading's key, and whether it is a number (sorted largest first). */
const COLUMNS: { key: SortKey; label: string; numeric: boolean }[] = [
  { key: 'title', label: 'listings.column.title', numeric: false },
  { key: 'status', label: 'listings.column.status', numeric: false },
  { key: 'views', label: 'listings.column.views', numeric: true },
  { key: 'favorites_total', label: 'listings.column.favorites', numeric: true },
  { key: 'conversations', label: 'listings.column.conversations', numeric: true },
  { key: 'meeting_requests', label: 'listings.column.meetings', numeric: true },
];

const Table = styled.table`
  inline-size: 100%; border-collapse: collapse; font-size: 15px;
  th, td { padding: 10px 8px; border-block-end: 1px solid ${({ theme }) => theme.colors.border}; text-align: start; vertical-align: middle; }
  th button { all: unset; cursor: pointer; font-weight: 700; }
  th button:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; }
  td.number, th.number { text-align: end; font-variant-numeric: tabular-nums; }
  .actions { display: flex; flex-wrap: wrap; gap: 6px; }
`;
const Scroll = styled.div`overflow-x: auto;`;
const Caption = styled.caption`${visuallyHidden}`;
const Dialog = styled.div`display: grid; gap: 16px; .buttons { display: flex; gap: 8px; justify-content: flex-end; }`;

/** The dashboard's listing table: status, views, favourites, conversations and meeting requests of 30 days. */
export function ListingTable({ userId, listings }: { userId: string; listings: ListingStats[] }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const queryClient = useQueryClient();
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({ key: 'updated_at', descending: true });
  const [confirming, setConfirming] = useState<ListingStats | null>(null);

  const sorted = useMemo(() => {
    const rows = [...listings];
    rows.sort((a, b) => {
      const x = a[sort.key];
      const y = b[sort.key];
      const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), i18n.language);
      return sort.descending ? -order : order;
    });
    return rows;
  }, [listings, sort, i18n.language]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: vendorQueries.all(userId) });
  const status = useMutation({
    mutationKey: ['vendor', 'listing-status'],
    mutationFn: ({ id, to }: { id: string; to: 'draft' | 'published' }) => setListingStatus(id, to),
    onSuccess: (_data, { id, to }) => {
      if (to === 'published') track('publish_listing', { listing_id: id });
      toast({ title: t(to === 'published' ? 'listings.published' : 'listings.unpublished') });
    },
    onError: (error) =>
      toast({
        title: t(error instanceof VendorError && error.code === 'PT402' ? 'limit.title' : 'listings.actionFailed'),
        description: error instanceof VendorError && error.code === 'PT402' ? t('limit.publishBody') : undefined,
        variant: 'error',
      }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationKey: ['vendor', 'listing-delete'],
    mutationFn: (listing: ListingStats) => deleteListing(listing.id),
    onSuccess: () => toast({ title: t('listings.deleted') }),
    onError: () => toast({ title: t('listings.actionFailed'), variant: 'error' }),
    onSettled: () => {
      setConfirming(null);
      void refresh();
    },
  });

  if (listings.length === 0) return <Muted>{t('listings.empty')}</Muted>;

  const header = (key: SortKey, label: string, numeric: boolean) => (
    <th key={key} scope="col" className={numeric ? 'number' : undefined} aria-sort={sort.key === key ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
      <button type="button" onClick={() => setSort((s) => ({ key, descending: s.key === key ? !s.descending : numeric }))}>
        {label}
        {sort.key === key ? (sort.descending ? ' ↓' : ' ↑') : ''}
      </button>
    </th>
  );

  return (
    <>
      <Scroll>
        <Table>
          <Caption>{t('listings.caption')}</Caption>
          <thead>
            <tr>
              {COLUMNS.map((column) => header(column.key, t(column.label), column.numeric))}
              <th scope="col">{t('listings.column.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((listing) => (
              <tr key={listing.id}>
                <td>
                  <Link to={`/edit-listing/${listing.id}`}>{listing.title}</Link>
                  <Muted>{listing.price > 0 ? formatPrice(listing.price, i18n.language) : t('form.priceOnRequest')}</Muted>
                </td>
                <td>
                  <Pill $tone={listing.status === 'published' ? 'success' : listing.status === 'draft' ? 'accent' : 'muted'}>
                    {t(`listings.status.${listing.status}`)}
                  </Pill>
                </td>
                <td className="number">{formatNumber(listing.views, i18n.language)}</td>
                <td className="number">{formatNumber(listing.favorites_total, i18n.language)}</td>
                <td className="number">{formatNumber(listing.conversations, i18n.language)}</td>
                <td className="number">{formatNumber(listing.meeting_requests, i18n.language)}</td>
                <td>
                  <div className="actions">
                    {listing.status === 'published' ? (
                      <Button type="button" $size="sm" $variant="secondary" disabled={status.isPending}
                        aria-label={t('listings.unpublishNamed', { title: listing.title })}
                        onClick={() => status.mutate({ id: listing.id, to: 'draft' })}>
                        {t('listings.unpublish')}
                      </Button>
                    ) : (
                      <Button type="button" $size="sm" disabled={status.isPending}
                        aria-label={t('listings.publishNamed', { title: listing.title })}
                        onClick={() => status.mutate({ id: listing.id, to: 'published' })}>
                        {t('listings.publish')}
                      </Button>
                    )}
                    <Button type="button" $size="sm" $variant="danger" aria-label={t('listings.deleteNamed', { title: listing.title })}
                      onClick={() => setConfirming(listing)}>
                      {t('listings.delete')}
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Scroll>
      <Modal open={confirming !== null} title={t('listings.confirmTitle')} closeLabel={t('common.close')} onClose={() => setConfirming(null)}>
        <Dialog>
          <p>{t('listings.confirmBody', { title: confirming?.title ?? '' })}</p>
          <div className="buttons">
            <Button type="button" $variant="secondary" onClick={() => setConfirming(null)}>
              {t('common.cancel')}
            </Button>
            <Button type="button" $variant="danger" disabled={remove.isPending} onClick={() => confirming && remove.mutate(confirming)}>
              {t('listings.confirmDelete')}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </>
  );
}
