import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@modula/shared';
import { NAMESPACE } from '../i18n';

const Panel = styled.section`
  max-inline-size: 640px; margin: ${({ theme }) => theme.space(10)} auto; padding: ${({ theme }) => theme.space(8)};
  text-align: center; background: ${({ theme }) => theme.colors.surface};
  border: 1px dashed ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.lg};
  h1 { margin: ${({ theme }) => theme.space(3)} 0; font-size: clamp(24px, 4vw, 32px); }
  p { margin: 0 0 ${({ theme }) => theme.space(5)}; color: ${({ theme }) => theme.colors.muted}; }
`;
const Badge = styled.span`
  display: inline-block; padding: 4px 12px; border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.accentSoft}; color: ${({ theme }) => theme.colors.accent};
  font-size: 13px; font-weight: 700; letter-spacing: 0.02em;
`;

/** An honest placeholder for a page this remote does not provide yet. */
export function NotBuiltYet({ page }: { page: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <PageContainer>
      <Panel aria-labelledby="not-built-title">
        <Badge>{t('notice.badge')}</Badge>
        <h1 id="not-built-title">{t(`pages.${page}`)}</h1>
        <p>{t('notice.body')}</p>
        <Link to="/">{t('notice.home')}</Link>
      </Panel>
    </PageContainer>
  );
}
