import { useEffect } from 'react';
import styled from 'styled-components';
import { Link } from '@modula/router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { formatDate, toast } from '../services/api';
import { favoriteQueries } from '../services/queries';
import { useViewer } from '../hooks/use-viewer';
import { useLanguage } from '../hooks/use-language';
import { useIsFavorite, useToggleFavorite } from '../hooks/use-favorites';
import { LISTING_IMAGES, responsiveImage } from '../lib/images';
import { listingPath } from '../lib/links';
import { categoryLabel } from '../components/category-name';
import type { FavoriteEntry } from '../services/types';
import { Price } from '../components/price';
import { Icon } from '../components/icons';
import { ButtonLink, RetryButton, SkeletonBlock, StatePanel } from '../components/layout';
import { useDocumentTitle, withSiteName } from '../hooks/use-document-title';

const THUMB = { width: 160, height: 120, quality: 65 } as const;

const List = styled.ul`
  list-style: none; margin: 0; padding: 0; display: grid; gap: 14px;
  > li { display: grid; grid-template-columns: 120px minmax(0, 1fr); gap: 16px; align-items: center; padding: 14px;
    background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.lg}; }
  @media (min-width: 720px) { > li { grid-template-columns: 160px minmax(0, 1fr) auto; } }
  figure { margin: 0; aspect-ratio: 4 / 3; border-radius: ${({ theme }) => theme.radii.md}; overflow: hidden; background: ${({ theme }) => theme.colors.primarySoft};
    display: grid; place-items: center; color: ${({ theme }) => theme.colors.primary}; }
  figure img { inline-size: 100%; block-size: 100%; object-fit: cover; }
  h3 { margin: 0 0 4px; font-size: 17px; }
  h3 a { color: inherit; }
  p { margin: 2px 0; color: ${({ theme }) => theme.colors.muted}; font-size: 14px; display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
  .price { font-weight: 800; color: ${({ theme }) => theme.colors.text}; font-size: 16px; }
`;
const Remove = styled.button`
  grid-column: 1 / -1; justify-self: start; display: inline-flex; gap: 6px; align-items: center; min-block-size: 40px; padding: 0 14px;
  font: inherit; font-weight: 600; cursor: pointer; border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border}; background: #fff; color: ${({ theme }) => theme.colors.danger};
  @media (min-width: 720px) { grid-column: auto; }
`;
const Head = styled.div`
  display: flex; justify-content: space-between; align-items: baseline; gap: 12px; flex-wrap: wrap; margin-block-end: 16px;
  h2 { margin: 0; font-size: 22px; }
  p { margin: 0; color: ${({ theme }) => theme.colors.muted}; }
`;

function FavoriteItem({ entry }: { entry: FavoriteEntry }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const toggle = useToggleFavorite();
  const { busy } = useIsFavorite(entry.listingId);
  const image = entry.imageUrl ? responsiveImage(LISTING_IMAGES, entry.imageUrl, THUMB) : null;
  const path = listingPath(entry.listingType ?? 'property', entry.listingId);
  // Spec section 3's fallbacks for what a listing leaves empty, in the reader's language.
  const title = entry.title ?? t('favorites.fallbackTitle');
  const category = entry.categorySlug ? categoryLabel(t, entry.categorySlug, entry.categoryName ?? entry.categorySlug) : t('favorites.fallbackCategory');
  return (
    <li data-testid="favorite-item">
      <figure>{image ? <img src={image.src} srcSet={image.srcSet} width={THUMB.width} height={THUMB.height} alt={t('detail.photo', { index: 1, total: Math.max(1, entry.images.length), title })} loading="lazy" /> : <Icon name="image" size={28} />}</figure>
      <div>
        <h3>
          <Link to={path}>{title}</Link>
        </h3>
        {entry.price !== null ? <Price className="price" amount={Number(entry.price)} /> : null}
        <p>
          <span>{category}</span>·
          <Icon name="pin" size={14} />
          <span>{entry.location ?? t('favorites.fallbackLocation')}</span>
        </p>
        <p>{t('favorites.added', { date: formatDate(entry.dateAdded, language) })}</p>
      </div>
      <Remove type="button" disabled={busy} onClick={() => void toggle({ id: entry.listingId, title })} aria-label={t('card.unsave', { title })}>
        <Icon name="heart" size={16} filled />
        {t('favorites.remove')}
      </Remove>
    </li>
  );
}

/** /customer-dashboard/favorites: the customer's saved listings, live across tabs. */
export default function FavoritesPage() {
  const { t } = useTranslation(NAMESPACE);
  const viewer = useViewer();
  const userId = viewer.isCustomer ? viewer.userId : null;
  // Any change of the favourites (this page, another tab, another remote) invalidates both queries
  // (useFollowFavorites, useToggleFavorite), so the list refetches on its own.
  const client = useQueryClient();
  const favorites = useQuery(favoriteQueries.list(userId));
  const ids = useQuery(favoriteQueries.ids(userId)).data;
  useDocumentTitle(withSiteName(t('favorites.title')));

  useEffect(() => {
    if (favorites.error) toast({ title: t('favorites.loadErrorTitle'), description: t('favorites.loadErrorBody'), variant: 'error' });
  }, [favorites.error, t]);

  if (viewer.isVendor) return <StatePanel title={t('favorites.customersOnly')} />;
  if (favorites.isLoadingError) {
    return (
      <StatePanel title={t('favorites.loadErrorTitle')} body={t('favorites.loadErrorBody')} role="alert">
        <RetryButton type="button" onClick={() => userId && void client.invalidateQueries({ queryKey: favoriteQueries.user(userId) })}>
          {t('states.retry')}
        </RetryButton>
      </StatePanel>
    );
  }
  if (!favorites.data) return <SkeletonBlock $height="150px" aria-label={t('states.loading')} role="status" />;
  // Removals show at once (the ids change optimistically); the refetch that follows brings additions.
  const shown = ids ? favorites.data.filter((entry) => ids.includes(entry.listingId)) : favorites.data;
  return (
    <section aria-labelledby="favorites-title">
      <Head>
        <h2 id="favorites-title">{t('favorites.title')}</h2>
        <p>{t('favorites.count', { count: shown.length })}</p>
      </Head>
      {shown.length === 0 ? (
        <StatePanel title={t('favorites.emptyTitle')} body={t('favorites.emptyBody')}>
          <ButtonLink to="/listings">{t('favorites.browse')}</ButtonLink>
        </StatePanel>
      ) : (
        <List>
          {shown.map((entry) => (
            <FavoriteItem key={entry.listingId} entry={entry} />
          ))}
        </List>
      )}
    </section>
  );
}
