import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { Link } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

export const Page = styled.div`
  max-inline-size: ${({ theme }) => theme.layout.maxWidth}; margin-inline: auto;
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(12)};
  /* Room for the messenger launcher at laptop widths (the shell sets the variable; ARCHITECTURE.md). */
  padding-inline-end: calc(${({ theme }) => theme.space(4)} + var(--modula-launcher-gutter, 0px));
`;

export const Section = styled.section`
  margin-block: ${({ theme }) => theme.space(12)};
`;

const Head = styled.div`
  display: flex; align-items: end; justify-content: space-between; gap: 12px 24px; flex-wrap: wrap;
  margin-block-end: ${({ theme }) => theme.space(5)};
  h2 { margin: 0; font-size: clamp(22px, 3vw, 30px); letter-spacing: -0.01em; }
  p { margin: 6px 0 0; color: ${({ theme }) => theme.colors.muted}; }
  a { font-weight: 600; text-decoration: none; white-space: nowrap; }
  a:hover { text-decoration: underline; }
`;

export function SectionHead({ id, title, lead, action }: { id: string; title: ReactNode; lead?: ReactNode; action?: ReactNode }) {
  return (
    <Head>
      <div>
        <h2 id={id}>{title}</h2>
        {lead ? <p>{lead}</p> : null}
      </div>
      {action}
    </Head>
  );
}

export const CardGrid = styled.ul`
  list-style: none; margin: 0; padding: 0; display: grid; gap: ${({ theme }) => theme.space(5)};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 264px), 1fr));
  > li { min-inline-size: 0; }
`;

const shimmer = keyframes`from { background-position: 100% 0; } to { background-position: -100% 0; }`;

export const SkeletonBlock = styled.div<{ $height?: string }>`
  block-size: ${({ $height }) => $height ?? '16px'}; border-radius: ${({ theme }) => theme.radii.sm};
  background: linear-gradient(90deg, #eceee9 25%, #f6f7f4 50%, #eceee9 75%); background-size: 200% 100%;
  animation: ${shimmer} 1.4s linear infinite;
`;

const SkeletonCardBox = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface}; overflow: hidden;
  > div:first-child { aspect-ratio: 4 / 3; border-radius: 0; block-size: auto; }
  > div + div { margin: 14px 16px; }
`;

/** Same outer size as a card, so results replace it without moving the page. */
export function SkeletonCard() {
  return (
    <SkeletonCardBox aria-hidden="true">
      <SkeletonBlock />
      <SkeletonBlock $height="22px" style={{ inlineSize: '45%' }} />
      <SkeletonBlock $height="18px" />
      <SkeletonBlock $height="14px" style={{ inlineSize: '60%' }} />
      <SkeletonBlock $height="14px" style={{ inlineSize: '70%', marginBlockEnd: 24 }} />
    </SkeletonCardBox>
  );
}

export function SkeletonGrid({ count, label }: { count: number; label: string }) {
  return (
    <CardGrid role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <SkeletonCard />
        </li>
      ))}
    </CardGrid>
  );
}

const Panel = styled.div`
  text-align: center; padding: ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(5)};
  background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  h1, h2 { margin: 0 0 8px; font-size: clamp(20px, 3vw, 26px); }
  p { margin: 0 auto 18px; max-inline-size: 52ch; color: ${({ theme }) => theme.colors.muted}; }
  > div { display: flex; gap: 12px; justify-content: center; flex-wrap: wrap; }
`;

/** Empty, error and not-found states: a heading, a sentence and what to do next. */
export function StatePanel({ title, body, children, level = 2, role }: { title: string; body?: string; children?: ReactNode; level?: 1 | 2; role?: 'alert' }) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <Panel role={role}>
      <Heading>{title}</Heading>
      {body ? <p>{body}</p> : null}
      {children ? <div>{children}</div> : null}
    </Panel>
  );
}

export const ButtonLink = styled(Link)<{ $variant?: 'primary' | 'secondary' }>`
  display: inline-flex; align-items: center; justify-content: center; gap: 8px; padding: 10px 18px;
  border-radius: ${({ theme }) => theme.radii.md}; font-weight: 600; text-decoration: none; min-block-size: 44px;
  border: 1px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme, $variant }) => ($variant === 'secondary' ? theme.colors.surface : theme.colors.primary)};
  color: ${({ theme, $variant }) => ($variant === 'secondary' ? theme.colors.primary : theme.colors.onPrimary)};
  &:hover { background: ${({ theme, $variant }) => ($variant === 'secondary' ? theme.colors.primarySoft : theme.colors.primaryHover)}; }
`;

/** A failed load: the spec's "try again" pattern with a retry button. */
export function LoadError({ onRetry, title, body }: { onRetry: () => void; title?: string; body?: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <StatePanel title={title ?? t('states.errorTitle')} body={body ?? t('states.errorBody')} role="alert">
      <RetryButton type="button" onClick={onRetry}>
        {t('states.retry')}
      </RetryButton>
    </StatePanel>
  );
}

export const RetryButton = styled.button`
  display: inline-flex; align-items: center; padding: 10px 18px; min-block-size: 44px; border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.primary}; background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary}; font: inherit; font-weight: 600; cursor: pointer;
`;

/** The page heading block of browse pages. */
export const PageHead = styled.header`
  margin-block-end: ${({ theme }) => theme.space(6)};
  h1 { margin: 0; font-size: clamp(28px, 4vw, 40px); letter-spacing: -0.02em; }
  p { margin: 8px 0 0; color: ${({ theme }) => theme.colors.muted}; font-size: 17px; max-inline-size: 64ch; }
`;
