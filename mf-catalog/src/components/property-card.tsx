import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Link } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { useViewer } from '../hooks/use-viewer';
import { useLanguage } from '../hooks/use-language';
import { useAreaUnit } from '../hooks/use-area-unit';
import { convertArea, rowUnit } from '../lib/area';
import { formatNumber } from '../services/api';
import { listingPath, scheduleMeetingPath } from '../lib/links';
import { LISTING_IMAGES, responsiveImage } from '../lib/images';
import type { Continent, ListingSummary, ListingType, PriceUnit, ShippingType, SizeUnit } from '../services/types';
import { Price } from './price';
import { useShippingText } from './shipping-text';
import { FavoriteButton } from './favorite-button';
import { ShareButton } from './share-button';
import { Icon } from './icons';

/** The card's props, as spec section 3 names them. */
export interface CardProps {
  id: string;
  title: string;
  type: ListingType;
  price: number;
  priceUnit?: PriceUnit;
  location?: string | null;
  bedrooms?: number | null;
  bathrooms?: number | null;
  size?: number | null;
  sizeUnit?: SizeUnit | null;
  /** A path in the listing-images bucket (or an absolute URL). */
  imageUrl?: string | null;
  /** How many photos the listing has (the card shows the first), for the photo's description. */
  imageCount?: number;
  featured?: boolean;
  sponsored?: boolean;
  shippingType?: ShippingType | null;
  shippingContinents?: Continent[];
  shippingCountries?: string[];
  freeShipping?: boolean;
}

export function toCardProps(listing: ListingSummary): CardProps {
  return {
    id: listing.id,
    title: listing.title,
    type: listing.listing_type,
    price: Number(listing.price),
    priceUnit: listing.price_unit,
    location: listing.location,
    bedrooms: listing.bedrooms,
    bathrooms: listing.bathrooms,
    size: Number(listing.size),
    sizeUnit: listing.size_unit,
    imageUrl: listing.images[0] ?? null,
    imageCount: listing.images.length,
    featured: listing.featured,
    sponsored: listing.sponsored && listing.sponsored_until !== null && new Date(listing.sponsored_until) > new Date(),
    shippingType: listing.shipping_type,
    shippingContinents: listing.shipping_continents,
    shippingCountries: listing.shipping_countries,
    freeShipping: listing.free_shipping,
  };
}

/** Card image size (CSS px); the renderer is asked for exactly this, and 2x for sharp screens. */
export const CARD_IMAGE = { width: 400, height: 300, quality: 70 } as const;

const Article = styled.article`
  position: relative; display: flex; flex-direction: column; min-inline-size: 0; block-size: 100%;
  background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg}; overflow: hidden; box-shadow: ${({ theme }) => theme.shadows.card};
  transition: box-shadow 160ms ease, transform 160ms ease;
  &:hover { box-shadow: ${({ theme }) => theme.shadows.raised}; transform: translateY(-2px); }
  &:focus-within { box-shadow: ${({ theme }) => theme.shadows.raised}; }
`;
const Media = styled.div`
  position: relative; aspect-ratio: 4 / 3; background: ${({ theme }) => theme.colors.primarySoft};
  img { inline-size: 100%; block-size: 100%; object-fit: cover; }
`;
const NoImage = styled.div`
  inline-size: 100%; block-size: 100%; display: grid; place-items: center; align-content: center; gap: 6px;
  color: ${({ theme }) => theme.colors.primary}; font-size: 14px;
`;
const Badges = styled.div`
  position: absolute; inset-block-start: 12px; inset-inline-start: 12px; display: flex; gap: 6px; flex-wrap: wrap;
`;
const Badge = styled.span<{ $tone: 'featured' | 'sponsored' }>`
  padding: 3px 10px; border-radius: ${({ theme }) => theme.radii.pill}; font-size: 12px; font-weight: 700;
  letter-spacing: 0.02em; color: #fff;
  background: ${({ theme, $tone }) => ($tone === 'featured' ? theme.colors.primary : theme.colors.accent)};
`;
const Actions = styled.div`
  position: absolute; inset-block-start: 10px; inset-inline-end: 10px; display: flex; gap: 8px;
`;
const Body = styled.div`
  display: flex; flex-direction: column; gap: 8px; padding: 16px; flex: 1;
`;
const PriceLine = styled(Price)`font-size: 20px; font-weight: 800; color: ${({ theme }) => theme.colors.text};`;
const Title = styled.h3`
  margin: 0; font-size: 16px; line-height: 1.35;
  display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden;
  a { color: inherit; text-decoration: none; }
  /* The title's link covers the whole card; buttons sit above it. */
  a::after { content: ''; position: absolute; inset: 0; z-index: 1; }
  a:focus-visible { outline: none; }
  a:focus-visible::after { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: -3px; border-radius: ${({ theme }) => theme.radii.lg}; }
`;
const Meta = styled.p`
  margin: 0; display: flex; align-items: center; gap: 6px; color: ${({ theme }) => theme.colors.muted}; font-size: 14px;
  svg { flex: none; }
`;
const Specs = styled.ul`
  list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 6px 14px; font-size: 14px;
  li { display: inline-flex; align-items: center; gap: 6px; color: ${({ theme }) => theme.colors.text}; }
  svg { color: ${({ theme }) => theme.colors.muted}; }
`;
const Tags = styled.div`display: flex; flex-wrap: wrap; gap: 6px; margin-block-start: auto; padding-block-start: 4px;`;
const Tag = styled.span<{ $strong?: boolean }>`
  display: inline-flex; align-items: center; gap: 5px; padding: 3px 9px; border-radius: ${({ theme }) => theme.radii.pill};
  font-size: 12.5px; font-weight: 600;
  background: ${({ theme, $strong }) => ($strong ? theme.colors.successSoft : theme.colors.background)};
  color: ${({ theme, $strong }) => ($strong ? theme.colors.success : theme.colors.muted)};
`;
const Footer = styled.div`
  position: relative; z-index: 2; padding: 0 16px 16px;
  a { display: flex; justify-content: center; align-items: center; gap: 8px; padding: 9px 14px; border-radius: ${({ theme }) => theme.radii.md};
    border: 1px solid ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.primary}; font-weight: 600;
    text-decoration: none; font-size: 14.5px; }
  a:hover { background: ${({ theme }) => theme.colors.primarySoft}; }
`;

export interface PropertyCardProps extends CardProps {
  /** Above the fold: load the image at once and with high priority (largest contentful paint). */
  priority?: boolean;
  headingLevel?: 'h2' | 'h3';
  /** Replaces the plain title, e.g. with search matches highlighted. */
  titleContent?: ReactNode;
  /** Shown under the facts, e.g. the matching passage of a search result. */
  extra?: ReactNode;
}

/** The property card of spec section 2. */
export function PropertyCard({ priority = false, headingLevel = 'h3', titleContent, extra, ...card }: PropertyCardProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const viewer = useViewer();
  const path = listingPath(card.type, card.id);
  const shipping = useShippingText(card);
  const image = card.imageUrl ? responsiveImage(LISTING_IMAGES, card.imageUrl, CARD_IMAGE) : null;
  const [unit] = useAreaUnit();
  const bedrooms = card.bedrooms ?? 0;
  const bathrooms = card.bathrooms ?? 0;
  // One unit on the whole page: the visitor's (m² unless en-US or chosen), converted from the row's.
  const size = convertArea(card.size ?? 0, rowUnit(card.sizeUnit), unit);
  const hasSpecs = bedrooms > 0 || bathrooms > 0 || size > 0;

  return (
    <Article aria-labelledby={`card-${card.id}`} data-testid="property-card">
      <Media>
        {image ? (
          <img
            src={image.src}
            srcSet={image.srcSet}
            width={CARD_IMAGE.width}
            height={CARD_IMAGE.height}
            alt={t('detail.photo', { index: 1, total: Math.max(1, card.imageCount ?? 1), title: card.title })}
            loading={priority ? 'eager' : 'lazy'}
            decoding="async"
            {...(priority ? { fetchPriority: 'high' as const } : {})}
          />
        ) : (
          <NoImage>
            <Icon name="image" size={28} />
            <span>{t('card.noImage')}</span>
          </NoImage>
        )}
        {card.featured || card.sponsored ? (
          <Badges>
            {card.sponsored ? <Badge $tone="sponsored">{t('card.sponsored')}</Badge> : null}
            {card.featured ? <Badge $tone="featured">{t('card.featured')}</Badge> : null}
          </Badges>
        ) : null}
        {viewer.isCustomer ? (
          <Actions>
            <FavoriteButton listing={card} />
            <ShareButton listing={{ id: card.id, title: card.title, path }} />
          </Actions>
        ) : null}
      </Media>
      <Body>
        <PriceLine amount={card.price} unit={card.priceUnit} />
        <Title as={headingLevel} id={`card-${card.id}`}>
          <Link to={path}>{titleContent ?? card.title}</Link>
        </Title>
        {card.location ? (
          <Meta>
            <Icon name="pin" size={16} />
            <span>{card.location}</span>
          </Meta>
        ) : null}
        {hasSpecs ? (
          <Specs aria-label={t('card.specs')}>
            {bedrooms > 0 ? (
              <li>
                <Icon name="bed" size={17} />
                {t('card.bedrooms', { count: bedrooms })}
              </li>
            ) : null}
            {bathrooms > 0 ? (
              <li>
                <Icon name="bath" size={17} />
                {t('card.bathrooms', { count: bathrooms })}
              </li>
            ) : null}
            {size > 0 ? (
              <li>
                <Icon name="area" size={17} />
                {t('card.area', { value: formatNumber(size, language, { maximumFractionDigits: 0 }), unit: t(`units.${unit}`) })}
              </li>
            ) : null}
          </Specs>
        ) : null}
        {extra}
        {shipping || card.freeShipping ? (
          <Tags>
            {shipping ? (
              <Tag data-testid="shipping-badge">
                <Icon name="truck" size={14} />
                {shipping}
              </Tag>
            ) : null}
            {card.freeShipping ? <Tag $strong>{t('shipping.free')}</Tag> : null}
          </Tags>
        ) : null}
      </Body>
      {viewer.isCustomer ? (
        <Footer>
          <Link to={scheduleMeetingPath(card.id, viewer.loggedIn)}>
            <Icon name="calendar" size={16} />
            {t('card.scheduleMeeting')}
          </Link>
        </Footer>
      ) : null}
    </Article>
  );
}
