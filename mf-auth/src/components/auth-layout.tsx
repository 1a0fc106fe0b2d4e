import { useEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { useDocumentTitle, withSiteName } from '../hooks/use-document-title';

const Page = styled.div`
  display: grid; justify-items: center; padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(4)};
  @media (max-width: 480px) { padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(3)}; }
`;

const Panel = styled.section<{ $wide?: boolean }>`
  inline-size: 100%; max-inline-size: ${({ $wide }) => ($wide ? '560px' : '460px')};
  background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg}; box-shadow: ${({ theme }) => theme.shadows.card};
  padding: ${({ theme }) => theme.space(8)};
  @media (max-width: 480px) { padding: ${({ theme }) => theme.space(5)}; }
  h1 { margin: 0 0 ${({ theme }) => theme.space(2)}; font-size: clamp(24px, 5vw, 30px); }
  h1:focus { outline: none; }
  > p.lead { margin: 0 0 ${({ theme }) => theme.space(6)}; color: ${({ theme }) => theme.colors.muted}; }
`;

export const Footer = styled.p`
  margin: ${({ theme }) => theme.space(6)} 0 0; text-align: center; color: ${({ theme }) => theme.colors.muted};
  a { font-weight: 600; }
`;

/**
 * The frame of every auth page. The heading takes focus when the page appears, so a screen reader
 * announces where the user landed after a navigation (the parcel swaps content without a page load).
 * The heading is also the page's document.title.
 */
export function AuthLayout({ title, lead, wide, children }: { title: string; lead?: ReactNode; wide?: boolean; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(withSiteName(title));
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Page>
      <Panel $wide={wide} aria-labelledby="auth-page-title">
        <h1 id="auth-page-title" ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {lead ? <p className="lead">{lead}</p> : null}
        {children}
      </Panel>
    </Page>
  );
}
