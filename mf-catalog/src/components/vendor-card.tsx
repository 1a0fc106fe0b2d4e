import styled from 'styled-components';
import { Link } from '@modula/router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { companyQueries } from '../services/queries';
import { useLanguage } from '../hooks/use-language';
import { COMPANY_LOGOS, renderImageUrl } from '../lib/images';
import { countryName } from '../lib/regions';
import type { CompanySummary } from '../services/types';
import { Rating } from './rating';
import { Icon } from './icons';

const Box = styled.section`
  padding: 18px; border-radius: ${({ theme }) => theme.radii.lg}; background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  h2 { margin: 0 0 12px; font-size: 14px; text-transform: uppercase; letter-spacing: 0.06em; color: ${({ theme }) => theme.colors.muted}; }
  header { display: flex; gap: 12px; align-items: center; }
  header img, header > span { flex: none; inline-size: 52px; block-size: 52px; border-radius: 12px; object-fit: cover; }
  header > span { display: grid; place-items: center; background: ${({ theme }) => theme.colors.primarySoft}; color: ${({ theme }) => theme.colors.primary}; font-weight: 800; }
  strong { display: block; font-size: 17px; }
  small { color: ${({ theme }) => theme.colors.muted}; }
  > div { margin-block: 12px; display: grid; gap: 6px; }
  a.profile { font-weight: 600; }
`;
// The rating's row is there before the rating has loaded, so the place below it never moves (CLS 0).
const RatingSlot = styled.div`min-block-size: 24px; display: flex; align-items: center;`;
export const VerifiedBadge = styled.span`
  display: inline-flex; align-items: center; gap: 4px; padding: 2px 8px; border-radius: 999px; font-size: 12.5px; font-weight: 700;
  background: ${({ theme }) => theme.colors.successSoft}; color: ${({ theme }) => theme.colors.success};
`;

export function VendorCard({ vendor }: { vendor: CompanySummary }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const rating = useQuery(companyQueries.rating(vendor.id));
  const place = [vendor.city, vendor.country ? countryName(vendor.country, language) : null].filter(Boolean).join(', ');
  return (
    <Box aria-labelledby="vendor-card-title">
      <h2 id="vendor-card-title">{t('detail.vendor')}</h2>
      <header>
        {vendor.logo ? (
          <img src={renderImageUrl(COMPANY_LOGOS, vendor.logo, { width: 104, height: 104 })} width={52} height={52} alt="" loading="lazy" />
        ) : (
          <span aria-hidden="true">{vendor.name.slice(0, 1).toUpperCase()}</span>
        )}
        <div>
          <strong>{vendor.name}</strong>
          <small>{t(`companyTypes.${vendor.company_type}`)}</small>
        </div>
      </header>
      <div>
        {vendor.verified ? (
          <VerifiedBadge>
            <Icon name="verified" size={15} />
            {t('vendor.verified')}
          </VerifiedBadge>
        ) : null}
        <RatingSlot>
          {rating.data && rating.data.average !== null ? <Rating value={rating.data.average} count={rating.data.count} /> : rating.data ? <small>{t('rating.none')}</small> : null}
        </RatingSlot>
        {place ? <small>{place}</small> : null}
      </div>
      <Link className="profile" to={`/vendor-profile/${vendor.id}`}>
        {t('detail.viewProfile')}
      </Link>
    </Box>
  );
}
