import { Link } from '@modula/router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { FEATURED_COUNT, homeQueries } from '../../services/queries';
import type { ListingType } from '../../services/types';
import { PropertyCard, toCardProps } from '../property-card';
import { CardGrid, LoadError, Section, SectionHead, SkeletonCard, SkeletonGrid } from '../layout';
import { CarouselTrack, useCarousel } from './carousel';

export function FeaturedSection() {
  const { t } = useTranslation(NAMESPACE);
  const { track, controls } = useCarousel();
  const featured = useQuery(homeQueries.featured());
  return (
    <Section aria-labelledby="home-featured">
      <SectionHead id="home-featured" title={t('home.featuredTitle')} lead={t('home.featuredLead')} action={controls} />
      {featured.isLoadingError ? (
        <LoadError onRetry={() => void featured.refetch()} />
      ) : (
        <CarouselTrack trackRef={track} label={t('home.featuredTitle')}>
          {featured.data
            ? featured.data.map((listing, index) => (
                <li key={listing.id}>
                  <PropertyCard {...toCardProps(listing)} priority={index < 2} />
                </li>
              ))
            : Array.from({ length: FEATURED_COUNT }, (_, i) => (
                <li key={i}>
                  <SkeletonCard />
                </li>
              ))}
        </CarouselTrack>
      )}
    </Section>
  );
}

/** A home-page row of four listings of one kind, with a link to browse them all. */
export function ListingRow({ id, types, title, lead, to }: { id: string; types: ListingType[]; title: string; lead: string; to: string }) {
  const { t } = useTranslation(NAMESPACE);
  const rows = useQuery(homeQueries.row(types));
  return (
    <Section aria-labelledby={id}>
      <SectionHead id={id} title={title} lead={lead} action={<Link to={to}>{t('home.viewAll')}</Link>} />
      {rows.isLoadingError ? (
        <LoadError onRetry={() => void rows.refetch()} />
      ) : !rows.data ? (
        <SkeletonGrid count={4} label={t('states.loading')} />
      ) : rows.data.length === 0 ? (
        <p>{t('home.emptyRow')}</p>
      ) : (
        <CardGrid>
          {rows.data.map((listing) => (
            <li key={listing.id}>
              <PropertyCard {...toCardProps(listing)} />
            </li>
          ))}
        </CardGrid>
      )}
    </Section>
  );
}
