import { createContext, useContext, type ReactNode } from 'react';
import styled from 'styled-components';

const Box = styled.section`
  background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg}; box-shadow: ${({ theme }) => theme.shadows.card};
  padding: ${({ theme }) => theme.space(6)};
  @media (max-width: 480px) { padding: ${({ theme }) => theme.space(4)}; }
  > h2, > h3 { margin: 0 0 ${({ theme }) => theme.space(1)}; font-size: 20px; }
  > p.intro { margin: 0 0 ${({ theme }) => theme.space(5)}; color: ${({ theme }) => theme.colors.muted}; }
`;

/** h2 under the page's own h1 (/profile), h3 inside the customer dashboard's frame (its h1, our h2). */
export const SectionLevel = createContext<2 | 3>(2);

/** One card of the settings page, labelled by its heading. */
export function Section({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  const Heading = useContext(SectionLevel) === 3 ? 'h3' : 'h2';
  return (
    <Box aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>{title}</Heading>
      {intro ? <p className="intro">{intro}</p> : null}
      {children}
    </Box>
  );
}

export const Actions = styled.div`
  display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(3)}; align-items: center;
`;
