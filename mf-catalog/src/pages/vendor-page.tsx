import styled from 'styled-components';
import { useParams } from '@modula/router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { formatNumber } from '../services/api';
import { companyQueries } from '../services/queries';
import { useLanguage } from '../hooks/use-language';
import { COMPANY_LOGOS, renderImageUrl } from '../lib/images';
import { countryName } from '../lib/regions';
import type { Company } from '../services/types';
import { PropertyCard, toCardProps } from '../components/property-card';
import { Reviews } from '../components/reviews';
import { Rating } from '../components/rating';
import { VerifiedBadge } from '../components/vendor-card';
import { Icon } from '../components/icons';
import { ButtonLink, CardGrid, LoadError, Page, Section, SectionHead, SkeletonBlock, SkeletonGrid, StatePanel } from '../components/layout';
import { useDocumentTitle, withSiteName } from '../hooks/use-document-title';

const Header = styled.header`
  display: flex; gap: 20px; align-items: center; flex-wrap: wrap; padding: 24px; border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border};
  img, > span { flex: none; inline-size: 88px; block-size: 88px; border-radius: 18px; object-fit: cover; }
  > span { display: grid; place-items: center; font-size: 36px; font-weight: 800; background: ${({ theme }) => theme.colors.primarySoft}; color: ${({ theme }) => theme.colors.primary}; }
  h1 { margin: 0 0 6px; font-size: clamp(26px, 4vw, 36px); }
  ul { list-style: none; margin: 8px 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: 8px 18px; color: ${({ theme }) => theme.colors.muted}; font-size: 15px; }
  li { display: inline-flex; gap: 6px; align-items: center; }
`;
const About = styled.p`white-space: pre-line; line-height: 1.65; max-inline-size: 72ch; margin: 0;`;

function VendorHeader({ company }: { company: Company }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const rating = useQuery(companyQueries.rating(company.id));
  const place = [company.city, company.country ? countryName(company.country, language) : null].filter(Boolean).join(', ');
  return (
    <Header>
      {company.logo ? <img src={renderImageUrl(COMPANY_LOGOS, company.logo, { width: 176, height: 176 })} width={88} height={88} alt="" /> : <span aria-hidden="true">{company.name.slice(0, 1).toUpperCase()}</span>}
      <div>
        <h1>{company.name}</h1>
        {company.verified ? (
          <VerifiedBadge>
            <Icon name="verified" size={15} />
            {t('vendor.verified')}
          </VerifiedBadge>
        ) : null}
        <ul>
          <li>{t(`companyTypes.${company.company_type}`)}</li>
          {place ? (
            <li>
              <Icon name="pin" size={15} />
              {place}
            </li>
          ) : null}
          {company.year_founded ? <li>{t('vendor.founded', { year: formatNumber(company.year_founded, language, { useGrouping: false }) })}</li> : null}
          {rating.data?.average != null ? (
            <li>
              <Rating value={rating.data.average} count={rating.data.count} />
            </li>
          ) : null}
          {company.website ? (
            <li>
              <a href={company.website} target="_blank" rel="noopener noreferrer nofollow">
                {t('vendor.website')}
              </a>
            </li>
          ) : null}
        </ul>
      </div>
    </Header>
  );
}

function VendorListings({ company }: { company: Company }) {
  const { t } = useTranslation(NAMESPACE);
  const listings = useQuery(companyQueries.listings(company.id));
  return (
    <Section aria-labelledby="vendor-listings">
      <SectionHead id="vendor-listings" title={t('vendor.listings', { name: company.name })} />
      {listings.isLoadingError ? (
        <LoadError onRetry={() => void listings.refetch()} />
      ) : !listings.data ? (
        <SkeletonGrid count={3} label={t('states.loading')} />
      ) : listings.data.length === 0 ? (
        <p>{t('vendor.noListings')}</p>
      ) : (
        <CardGrid>
          {listings.data.map((listing) => (
            <li key={listing.id}>
              <PropertyCard {...toCardProps(listing)} />
            </li>
          ))}
        </CardGrid>
      )}
    </Section>
  );
}

function VendorReviews({ company }: { company: Company }) {
  const reviews = useQuery(companyQueries.reviews(company.id));
  const rating = useQuery(companyQueries.rating(company.id));
  if (!reviews.data || !rating.data) return null;
  return (
    <Section>
      <Reviews id="vendor-reviews" reviews={reviews.data} summary={rating.data} />
    </Section>
  );
}

export default function VendorPage() {
  const { t } = useTranslation(NAMESPACE);
  const { id } = useParams();
  const company = useQuery(companyQueries.detail(id));
  useDocumentTitle(company.data ? withSiteName(company.data.name) : company.data === null ? withSiteName(t('vendor.notFoundTitle')) : null);
  if (company.isLoadingError) {
    return (
      <Page>
        <LoadError onRetry={() => void company.refetch()} />
      </Page>
    );
  }
  if (company.data === undefined) {
    return (
      <Page aria-busy="true">
        <SkeletonBlock $height="136px" />
      </Page>
    );
  }
  if (company.data === null) {
    return (
      <Page>
        <StatePanel level={1} title={t('vendor.notFoundTitle')} body={t('vendor.notFoundBody')}>
          <ButtonLink to="/listings">{t('detail.browse')}</ButtonLink>
        </StatePanel>
      </Page>
    );
  }
  return (
    <Page>
      <VendorHeader company={company.data} />
      {company.data.description ? (
        <Section aria-labelledby="vendor-about">
          <SectionHead id="vendor-about" title={t('vendor.about')} />
          <About>{company.data.description}</About>
        </Section>
      ) : null}
      <VendorListings company={company.data} />
      <VendorReviews company={company.data} />
    </Page>
  );
}
