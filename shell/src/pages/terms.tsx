import { useTranslation } from 'react-i18next';
import { ContentLayout, Sections, type ContentSection } from './content-layout';

export function TermsPage() {
  const { t } = useTranslation('shell-pages');
  return (
    <ContentLayout eyebrow={t('terms.eyebrow')} title={t('terms.title')} lead={t('terms.lead')} meta={t('terms.updated')}>
      <Sections sections={t('terms.sections', { returnObjects: true }) as ContentSection[]} />
    </ContentLayout>
  );
}
