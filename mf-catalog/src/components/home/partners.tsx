import styled from 'styled-components';
import { Link } from '@modula/router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { SAMPLE_PARTNERS } from '../../services/api';
import { homeQueries } from '../../services/queries';
import type { Partner } from '../../services/types';
import { Rating } from '../rating';
import { Icon } from '../icons';
import { Section, SectionHead, SkeletonBlock } from '../layout';

const Grid = styled.ul`
  list-style: none; margin: 0; padding: 0; display: grid; gap: ${({ theme }) => theme.space(4)};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 230px), 1fr));
`;
const Item = styled.div`
  position: relative; display: flex; gap: 14px; align-items: center; block-size: 100%; padding: 16px;
  background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  > span { flex: none; display: grid; place-items: center; inline-size: 48px; block-size: 48px; border-radius: 12px;
    background: ${({ theme }) => theme.colors.primarySoft}; color: ${({ theme }) => theme.colors.primary}; font-weight: 800; }
  strong { display: flex; align-items: center; gap: 6px; }
  strong a { color: inherit; text-decoration: none; }
  strong a::after { content: ''; position: absolute; inset: 0; }
  small { display: block; color: ${({ theme }) => theme.colors.muted}; font-size: 13.5px; }
  svg { color: ${({ theme }) => theme.colors.primary}; }
`;
const Note = styled.p`margin: 12px 0 0; font-size: 14px; color: ${({ theme }) => theme.colors.muted};`;

function initials(name: string): string {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]?.toUpperCase()).join('');
}

function PartnerItem({ partner }: { partner: Partner }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Item>
      <span aria-hidden="true">{initials(partner.name)}</span>
      <div>
        <strong>
          {partner.sample ? partner.name : <Link to={`/vendor-profile/${partner.id}`}>{partner.name}</Link>}
          <Icon name="verified" size={16} aria-label={t('vendor.verified')} role="img" aria-hidden={undefined} />
        </strong>
        <small>
          {t(`companyTypes.${partner.company_type}`)}
          {partner.sample ? '' : ` · ${t('home.partnerListings', { count: partner.listingCount })}`}
        </small>
        <Rating value={partner.rating} />
      </div>
    </Item>
  );
}

export function Partners() {
  const { t } = useTranslation(NAMESPACE);
  const partners = useQuery(homeQueries.partners());
  // Spec section 4: on a load failure the block shows three sample companies.
  const failed = partners.isLoadingError;
  const shown = failed ? SAMPLE_PARTNERS : partners.data;
  return (
    <Section aria-labelledby="home-partners">
      <SectionHead id="home-partners" title={t('home.partnersTitle')} lead={t('home.partnersLead')} />
      {!shown ? (
        <Grid aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i}>
              <SkeletonBlock $height="84px" />
            </li>
          ))}
        </Grid>
      ) : shown.length === 0 ? (
        <p>{t('home.partnersEmpty')}</p>
      ) : (
        <Grid>
          {shown.map((partner) => (
            <li key={partner.id}>
              <PartnerItem partner={partner} />
            </li>
          ))}
        </Grid>
      )}
      {failed ? <Note>{t('home.partnersSample')}</Note> : null}
    </Section>
  );
}
