import styled from 'styled-components';
import { Link } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { ContentLayout, Sections, type ContentSection } from './content-layout';

const Actions = styled.div`
  display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(3)}; margin-block-start: ${({ theme }) => theme.space(10)};
  a { padding: 12px 20px; border-radius: ${({ theme }) => theme.radii.md}; font-weight: 600; text-decoration: none;
    border: 1px solid ${({ theme }) => theme.colors.primary}; }
  a:first-child { background: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.onPrimary}; }
`;

export function AboutPage() {
  const { t } = useTranslation('shell-pages');
  const sections = t('about.sections', { returnObjects: true }) as ContentSection[];
  return (
    <ContentLayout eyebrow={t('about.eyebrow')} title={t('about.title')} lead={t('about.lead')}>
      <Sections sections={sections} />
      <Actions>
        <Link to="/listings">{t('about.ctaBrowse')}</Link>
        <Link to="/contact">{t('about.ctaContact')}</Link>
      </Actions>
    </ContentLayout>
  );
}
