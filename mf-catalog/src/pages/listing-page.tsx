import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Link, useLocation, useParams } from '@modula/router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { dispatch, track } from '../services/api';
import { listingQueries } from '../services/queries';
import { useViewer } from '../hooks/use-viewer';
import { useAppNavigate } from '../hooks/use-app-navigate';
import { useAuth } from '../services/api';
import { browsePath, listingPath } from '../lib/links';
import { splitEcoTerms } from '../lib/filters';
import type { ListingDetail } from '../services/types';
import { Gallery } from '../components/gallery';
import { Price } from '../components/price';
import { VendorCard } from '../components/vendor-card';
import { Reviews } from '../components/reviews';
import { FeatureList, KeyFacts, ShippingFacts, SustainabilityFacts } from '../components/listing-facts';
import { PropertyCard, toCardProps } from '../components/property-card';
import { useIsFavorite, useToggleFavorite } from '../hooks/use-favorites';
import { useShare } from '../components/share-button';
import { ReportListing } from '../report/report-listing';
import { categoryLabel } from '../components/category-name';
import { Icon } from '../components/icons';
import { ButtonLink, CardGrid, LoadError, Page, SkeletonBlock, StatePanel } from '../components/layout';
import { useDocumentTitle, withSiteName } from '../hooks/use-document-title';

const Crumbs = styled.nav`
  font-size: 14px; margin-block-end: 14px; color: ${({ theme }) => theme.colors.muted};
  ol { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 6px; }
  li + li::before { content: '/'; margin-inline-end: 6px; }
`;
const Head = styled.header`
  margin-block-end: 18px;
  h1 { margin: 0; font-size: clamp(26px, 4vw, 38px); letter-spacing: -0.02em; }
  p { margin: 8px 0 0; display: flex; gap: 6px; align-items: center; color: ${({ theme }) => theme.colors.muted}; }
`;
const Columns = styled.div`
  display: grid; gap: ${({ theme }) => theme.space(8)}; align-items: start;
  @media (min-width: 1000px) { grid-template-columns: minmax(0, 1fr) 340px; }
  h2 { font-size: 21px; margin: 0 0 12px; }
  section + section { margin-block-start: ${({ theme }) => theme.space(8)}; }
  .description { white-space: pre-line; line-height: 1.65; margin: 0; }
`;
const Aside = styled.aside`
  display: grid; gap: 16px;
  @media (min-width: 1000px) { position: sticky; inset-block-start: 16px; }
`;
const PriceBox = styled.div`
  padding: 20px; border-radius: ${({ theme }) => theme.radii.lg}; background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border}; box-shadow: ${({ theme }) => theme.shadows.card}; display: grid; gap: 12px;
  .price { font-size: 30px; font-weight: 800; letter-spacing: -0.02em; }
  small { color: ${({ theme }) => theme.colors.muted}; }
`;
const ActionButton = styled.button<{ $variant?: 'primary' | 'secondary' }>`
  display: inline-flex; align-items: center; justify-content: center; gap: 8px; min-block-size: 46px; padding: 0 16px;
  font: inherit; font-weight: 600; cursor: pointer; border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme, $variant }) => ($variant === 'secondary' ? theme.colors.surface : theme.colors.primary)};
  color: ${({ theme, $variant }) => ($variant === 'secondary' ? theme.colors.primary : theme.colors.onPrimary)};
  &[aria-pressed='true'] svg { color: ${({ theme }) => theme.colors.danger}; }
  &:disabled { opacity: 0.6; cursor: progress; }
`;
const Row = styled.div`display: grid; grid-template-columns: 1fr 1fr; gap: 8px;`;
const StickyBar = styled.div`
  position: fixed; inset-inline: 0; inset-block-end: 0; z-index: 800; display: flex; flex-wrap: wrap; align-items: center;
  justify-content: space-between; gap: 8px 12px; padding: 10px 16px calc(10px + env(safe-area-inset-bottom));
  background: ${({ theme }) => theme.colors.surface}; border-block-start: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: 0 -4px 16px rgba(15, 23, 42, 0.08);
  .price { font-size: 19px; font-weight: 800; }
  > div { display: flex; gap: 8px; flex: 1 1 auto; justify-content: flex-end; }
  > div > * { min-block-size: 44px; padding: 0 12px; font-size: 14.5px; }
`;

function ListingSkeleton() {
  return (
    <Page aria-busy="true">
      <SkeletonBlock $height="40px" style={{ inlineSize: '60%', marginBlockEnd: 24 }} />
      <Columns>
        <SkeletonBlock $height="auto" style={{ aspectRatio: '3 / 2' }} />
        <SkeletonBlock $height="260px" />
      </Columns>
    </Page>
  );
}

/** Contact vendor and Schedule Meeting: who sees them and what they do (the messenger's events). */
function useListingActions(listing: ListingDetail) {
  const viewer = useViewer();
  const ownCompany = useAuth((s) => s.user?.companyId ?? null) === listing.vendor_id;
  // The messenger opens the conversation (and records contact_vendor when one starts).
  const contact = () => dispatch('modula:open-messenger', { vendorId: listing.vendor_id, listingId: listing.id });
  const scheduleMeeting = () => {
    dispatch('modula:open-messenger', { vendorId: listing.vendor_id, listingId: listing.id, compose: 'meeting' });
    track('schedule_meeting', { listing_id: listing.id });
  };
  return { viewer, canContact: !ownCompany, canSchedule: !viewer.isVendor, contact, scheduleMeeting };
}

function Actions({ listing }: { listing: ListingDetail }) {
  const { t } = useTranslation(NAMESPACE);
  const { viewer, canContact, canSchedule, contact, scheduleMeeting } = useListingActions(listing);
  const { favorite, busy } = useIsFavorite(listing.id);
  const toggle = useToggleFavorite();
  const share = useShare();
  const path = listingPath(listing.listing_type, listing.id);

  return (
    <>
      {canContact ? (
        <ActionButton type="button" onClick={contact}>
          <Icon name="chat" size={18} />
          {t('detail.contact')}
        </ActionButton>
      ) : null}
      {canSchedule ? (
        viewer.loggedIn ? (
          <ActionButton type="button" $variant="secondary" onClick={scheduleMeeting}>
            <Icon name="calendar" size={18} />
            {t('card.scheduleMeeting')}
          </ActionButton>
        ) : (
          <ButtonLink $variant="secondary" to="/login">
            <Icon name="calendar" size={18} />
            {t('card.scheduleMeeting')}
          </ButtonLink>
        )
      ) : null}
      <Row>
        {!viewer.isVendor ? (
          <ActionButton type="button" $variant="secondary" aria-pressed={favorite} disabled={busy} onClick={() => void toggle(listing)}>
            <Icon name="heart" size={18} filled={favorite} />
            {favorite ? t('detail.saved') : t('detail.save')}
          </ActionButton>
        ) : null}
        <ActionButton type="button" $variant="secondary" onClick={() => void share({ id: listing.id, title: listing.title, path })}>
          <Icon name="share" size={18} />
          {t('detail.share')}
        </ActionButton>
      </Row>
      {canContact ? <ReportListing listing={listing} path={path} /> : null}
    </>
  );
}

/** Phones: the theme's md breakpoint (768 px) and below. */
export const PHONE_QUERY = '(max-width: 767.98px)';

function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const media = window.matchMedia(query);
    const onChange = () => setMatches(media.matches);
    onChange();
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}

/**
 * On a phone the price and the contact buttons sit far down the page; this bar keeps them at the bottom
 * of the screen. Its height goes into --modula-bottom-bar, so the messenger's launcher sits above it,
 * and into the page's bottom padding, so the end of the page can still be read.
 */
function StickyActions({ listing }: { listing: ListingDetail }) {
  const { t } = useTranslation(NAMESPACE);
  const phone = useMediaQuery(PHONE_QUERY);
  const bar = useRef<HTMLDivElement>(null);
  const { viewer, canContact, canSchedule, contact, scheduleMeeting } = useListingActions(listing);

  useLayoutEffect(() => {
    const element = bar.current;
    if (!phone || !element) return undefined;
    const root = document.documentElement;
    const apply = () => {
      root.style.setProperty('--modula-bottom-bar', `${element.offsetHeight}px`);
      document.body.style.paddingBlockEnd = `${element.offsetHeight}px`;
    };
    apply();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(apply);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--modula-bottom-bar');
      document.body.style.paddingBlockEnd = '';
    };
  }, [phone]);

  if (!phone) return null;
  return (
    <StickyBar ref={bar} role="region" aria-label={t('detail.quickActions')} data-testid="sticky-actions">
      <Price className="price" amount={Number(listing.price)} unit={listing.price_unit} />
      <div>
        {canContact ? (
          <ActionButton type="button" onClick={contact}>
            {t('detail.contact')}
          </ActionButton>
        ) : null}
        {canSchedule ? (
          viewer.loggedIn ? (
            <ActionButton type="button" $variant="secondary" onClick={scheduleMeeting}>
              {t('card.scheduleMeeting')}
            </ActionButton>
          ) : (
            <ButtonLink $variant="secondary" to="/login">
              {t('card.scheduleMeeting')}
            </ButtonLink>
          )
        ) : null}
      </div>
    </StickyBar>
  );
}

function Related({ listing }: { listing: ListingDetail }) {
  const { t } = useTranslation(NAMESPACE);
  const related = useQuery(listingQueries.related(listing));
  if (!related.data || related.data.length === 0) return null;
  return (
    <section aria-labelledby="related-title" style={{ marginBlockStart: 56 }}>
      <h2 id="related-title">{t('detail.related')}</h2>
      <CardGrid>
        {related.data.map((item) => (
          <li key={item.id}>
            <PropertyCard {...toCardProps(item)} />
          </li>
        ))}
      </CardGrid>
    </section>
  );
}

function ListingReviews({ listingId }: { listingId: string }) {
  const reviews = useQuery(listingQueries.reviews(listingId));
  if (!reviews.data) return null;
  return <Reviews id="reviews-title" reviews={reviews.data.reviews} summary={reviews.data.summary} />;
}

export default function ListingPage() {
  const { t } = useTranslation(NAMESPACE);
  const { id } = useParams();
  const location = useLocation();
  const navigate = useAppNavigate();
  const listing = useQuery(listingQueries.detail(id));
  const data = listing.data;
  useDocumentTitle(data ? withSiteName(data.title) : data === null ? withSiteName(t('detail.notFoundTitle')) : null);
  // /upgrade/<id of a service>: the address of the item's own kind (keeping the query and the hash); the
  // generic /listings/:id and /listing-details/:id stay as they are.
  const kind = location.pathname.split('/')[1];
  const ownPath = data ? listingPath(data.listing_type, data.id) : null;
  const redirect = ownPath && (kind === 'property' || kind === 'upgrade' || kind === 'service') && location.pathname !== ownPath ? ownPath : null;

  useEffect(() => {
    if (redirect) navigate(`${redirect}${location.search}${location.hash}`, { replace: true });
  }, [redirect, navigate, location.search, location.hash]);

  useEffect(() => {
    if (data && !redirect) track('view_item', { listing_id: data.id, listing_type: data.listing_type, price: Number(data.price), currency: 'EUR' });
  }, [data, redirect]);

  if (listing.isLoadingError) {
    return (
      <Page>
        <LoadError onRetry={() => void listing.refetch()} />
      </Page>
    );
  }
  if (listing.data === undefined) return <ListingSkeleton />;
  if (data === null || data === undefined) {
    return (
      <Page>
        <StatePanel level={1} title={t('detail.notFoundTitle')} body={t('detail.notFoundBody')}>
          <ButtonLink to="/listings">{t('detail.browse')}</ButtonLink>
          <ButtonLink $variant="secondary" to="/">
            {t('states.home')}
          </ButtonLink>
        </StatePanel>
      </Page>
    );
  }

  if (redirect) return <ListingSkeleton />;
  // "Heat pump" is a sustainability fact, listed there and not among the features as well.
  const features = splitEcoTerms(data.features).features;
  return (
    <Page>
      <Crumbs aria-label={t('detail.breadcrumbs')}>
        <ol>
          <li>
            <Link to="/">{t('states.homeShort')}</Link>
          </li>
          <li>
            <Link to={browsePath(data.listing_type)}>{t(`typesPlural.${data.listing_type}`)}</Link>
          </li>
          {data.category && categoryLabel(t, data.category.slug, data.category.name) !== t(`typesPlural.${data.listing_type}`) ? (
            <li>
              <Link to={`${browsePath(data.listing_type).split('?')[0]}?category=${data.category.slug}`}>{categoryLabel(t, data.category.slug, data.category.name)}</Link>
            </li>
          ) : null}
        </ol>
      </Crumbs>
      <Head>
        <h1>{data.title}</h1>
        {data.location ? (
          <p>
            <Icon name="pin" size={17} />
            {data.location}
          </p>
        ) : null}
      </Head>
      <Columns>
        <div>
          <Gallery images={data.images} title={data.title} />
          <KeyFacts listing={data} />
          <section aria-labelledby="about-title" style={{ marginBlockStart: 28 }}>
            <h2 id="about-title">{t('detail.about')}</h2>
            <p className="description">{data.description || t('detail.noDescription')}</p>
          </section>
          {features.length > 0 ? (
            <section aria-labelledby="features-title">
              <h2 id="features-title">{t('detail.features')}</h2>
              <FeatureList features={features} />
            </section>
          ) : null}
          <section aria-labelledby="eco-title">
            <h2 id="eco-title">{t('detail.sustainability')}</h2>
            <SustainabilityFacts listing={data} />
          </section>
          <section aria-labelledby="shipping-title">
            <h2 id="shipping-title">{t('detail.shipping')}</h2>
            <ShippingFacts listing={data} />
          </section>
          <section>
            <ListingReviews listingId={data.id} />
          </section>
        </div>
        <Aside>
          <PriceBox>
            <Price className="price" amount={Number(data.price)} unit={data.price_unit} />
            <small>{t('detail.priceNote')}</small>
            <Actions listing={data} />
          </PriceBox>
          {data.vendor ? <VendorCard vendor={data.vendor} /> : null}
        </Aside>
      </Columns>
      <Related listing={data} />
      <StickyActions listing={data} />
    </Page>
  );
}
