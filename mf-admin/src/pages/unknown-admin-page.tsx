import { Link } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@modula/shared';
import { NAMESPACE } from '../i18n';
import { useDocumentTitle, withSiteName } from '../hooks/use-document-title';

/** /admin/* is reserved for future admin pages; anything not built is reported as missing. */
export function UnknownAdminPage() {
  const { t } = useTranslation(NAMESPACE);
  useDocumentTitle(withSiteName(t('unknown.title')));
  return (
    <PageContainer>
      <h1>{t('unknown.title')}</h1>
      <p>
        <Link to="/admin/analytics">{t('unknown.link')}</Link>
      </p>
    </PageContainer>
  );
}
