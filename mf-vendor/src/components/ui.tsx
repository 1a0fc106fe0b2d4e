import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Button } from '@modula/shared';
import { NAMESPACE } from '../i18n';

export const PageHeading = styled.h1`margin: 0 0 8px; font-size: clamp(24px, 4vw, 32px);`;

export const Panel = styled.section`
  background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg}; padding: ${({ theme }) => theme.space(5)}; display: grid; gap: ${({ theme }) => theme.space(3)};
  h2 { margin: 0; font-size: 19px; }
  p { margin: 0; }
`;

export const Muted = styled.p`margin: 0; color: ${({ theme }) => theme.colors.muted}; font-size: 14px;`;

export const Pill = styled.span<{ $tone?: 'success' | 'accent' | 'muted' | 'danger' }>`
  display: inline-block; padding: 2px 10px; border-radius: ${({ theme }) => theme.radii.pill}; font-size: 13px; font-weight: 700;
  background: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.successSoft : $tone === 'accent' ? theme.colors.accentSoft : $tone === 'danger' ? theme.colors.dangerSoft : theme.colors.background)};
  color: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.success : $tone === 'accent' ? theme.colors.accent : $tone === 'danger' ? theme.colors.danger : theme.colors.muted)};
`;

const Box = styled.div`
  padding: ${({ theme }) => theme.space(5)}; border-radius: ${({ theme }) => theme.radii.md}; background: ${({ theme }) => theme.colors.dangerSoft};
  display: grid; gap: ${({ theme }) => theme.space(3)}; justify-items: start;
  p { margin: 0; font-weight: 600; }
`;

/** A first load that failed: the message and Try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Box role="alert">
      <p>{message}</p>
      <Button type="button" $variant="secondary" onClick={onRetry}>
        {t('common.tryAgain')}
      </Button>
    </Box>
  );
}

export function Loading() {
  const { t } = useTranslation(NAMESPACE);
  return <Muted aria-busy="true">{t('common.loading')}</Muted>;
}
