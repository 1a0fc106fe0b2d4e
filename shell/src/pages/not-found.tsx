import styled from 'styled-components';
import { Link } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@modula/shared';
import { usePageTitle } from '../routing/page-title';

const Panel = styled.section`
  text-align: center; padding-block: ${({ theme }) => theme.space(16)};
  .code { font-size: clamp(64px, 14vw, 120px); font-weight: 800; line-height: 1; margin: 0 auto; letter-spacing: -0.04em;
    color: ${({ theme }) => theme.colors.primary}; }
  h1 { margin: ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(2)}; font-size: clamp(26px, 4vw, 34px); }
  p { color: ${({ theme }) => theme.colors.muted}; margin: 0 auto ${({ theme }) => theme.space(6)}; max-inline-size: 480px; }
  nav { display: flex; gap: ${({ theme }) => theme.space(3)}; justify-content: center; flex-wrap: wrap; }
`;
const Action = styled(Link)<{ $primary?: boolean }>`
  padding: 12px 20px; border-radius: ${({ theme }) => theme.radii.md}; font-weight: 600; text-decoration: none;
  border: 1px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme, $primary }) => ($primary ? theme.colors.primary : theme.colors.surface)};
  color: ${({ theme, $primary }) => ($primary ? theme.colors.onPrimary : theme.colors.primary)};
`;

/** Any path that neither the shell nor a remote in the registry owns. */
export function NotFound() {
  const { t } = useTranslation('shell');
  usePageTitle(t('notFound.title'));
  return (
    <PageContainer>
      <Panel aria-labelledby="not-found-title">
        <p className="code" aria-hidden="true">404</p>
        <h1 id="not-found-title">{t('notFound.title')}</h1>
        <p>{t('notFound.body')}</p>
        <nav aria-label={t('notFound.title')}>
          <Action to="/" $primary>
            {t('common.home')}
          </Action>
          <Action to="/listings">{t('notFound.browse')}</Action>
        </nav>
      </Panel>
    </PageContainer>
  );
}
