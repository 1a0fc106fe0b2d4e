import { useTranslation } from 'react-i18next';
import { ContentLayout, Sections, type ContentSection } from './content-layout';

export function PrivacyPage() {
  const { t } = useTranslation('shell-pages');
  return (
    <ContentLayout eyebrow={t('privacy.eyebrow')} title={t('privacy.title')} lead={t('privacy.lead')} meta={t('privacy.updated')}>
      <Sections sections={t('privacy.sections', { returnObjects: true }) as ContentSection[]} />
    </ContentLayout>
  );
}
