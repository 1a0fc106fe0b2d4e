import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { Page } from '../components/layout';
import { Hero } from '../components/home/hero';
import { CategoryTiles } from '../components/home/category-tiles';
import { FeaturedSection, ListingRow } from '../components/home/listing-sections';
import { HowItWorks } from '../components/home/how-it-works';
import { StatsBand } from '../components/home/stats';
import { Newsletter } from '../components/home/newsletter';
import { LatestNews } from '../components/home/latest-news';
import { Partners } from '../components/home/partners';
import { useDocumentTitle } from '../hooks/use-document-title';

// The tiles overlap the hero's lower edge.
const Tiles = styled.div`margin-block-start: -40px; position: relative;`;

/** The home page of spec section 2, its sections in the spec's order. */
export default function HomePage() {
  const { t } = useTranslation(NAMESPACE);
  useDocumentTitle(`Modula · ${t('home.heroTitle')}`);
  return (
    <>
      <Hero />
      <Page style={{ paddingBlockStart: 0 }}>
        <Tiles>
          <CategoryTiles />
        </Tiles>
        <FeaturedSection />
        <ListingRow id="home-commercial" types={['commercial']} title={t('home.commercialTitle')} lead={t('home.commercialLead')} to="/commercial-units" />
        <ListingRow id="home-upgrades" types={['upgrade']} title={t('home.upgradesTitle')} lead={t('home.upgradesLead')} to="/upgrades" />
        <ListingRow id="home-services" types={['service']} title={t('home.servicesTitle')} lead={t('home.servicesLead')} to="/services" />
        <HowItWorks />
        <StatsBand />
        <Newsletter />
        <LatestNews />
        <Partners />
      </Page>
    </>
  );
}
