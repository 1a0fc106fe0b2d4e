import styled from 'styled-components';
import { Link } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@modula/shared';

const Panel = styled.section`
  max-inline-size: 560px; margin: ${({ theme }) => theme.space(12)} auto; padding: ${({ theme }) => theme.space(8)};
  text-align: center; background: ${({ theme }) => theme.colors.surface}; border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border}; box-shadow: ${({ theme }) => theme.shadows.card};
  h1 { margin: ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(2)}; font-size: 28px; }
  p { margin: 0 0 ${({ theme }) => theme.space(3)}; color: ${({ theme }) => theme.colors.muted}; }
`;
const Icon = styled.div`
  margin-inline: auto; inline-size: 64px; block-size: 64px; border-radius: 50%; display: grid; place-items: center;
  background: ${({ theme }) => theme.colors.dangerSoft}; color: ${({ theme }) => theme.colors.danger};
  svg { inline-size: 30px; block-size: 30px; }
`;
const Badge = styled.p`
  display: inline-block; padding: 4px 12px; border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.dangerSoft}; color: ${({ theme }) => theme.colors.danger} !important;
  font-weight: 700; font-size: 14px;
`;

/** Shown on admin routes to a signed-in user without the admin role (spec: "Access Denied"). */
export function AccessDenied({ email }: { email: string }) {
  const { t } = useTranslation('shell');
  return (
    <PageContainer>
      <Panel aria-labelledby="access-denied-title">
        <Icon>
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <rect x="5" y="11" width="14" height="10" rx="2" />
            <path d="M8 11V7a4 4 0 0 1 8 0v4" />
          </svg>
        </Icon>
        <h1 id="access-denied-title">{t('denied.title')}</h1>
        <p>{t('denied.body')}</p>
        <Badge>{t('denied.permissions')}</Badge>
        <p>{t('denied.signedInAs', { email })}</p>
        <Link to="/">{t('common.home')}</Link>
      </Panel>
    </PageContainer>
  );
}
