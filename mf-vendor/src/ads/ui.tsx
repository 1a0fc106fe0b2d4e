import styled from 'styled-components';

export const Head = styled.header`
  margin-block-end: ${({ theme }) => theme.space(6)};
  h1 { margin: 0 0 ${({ theme }) => theme.space(2)}; font-size: clamp(24px, 4vw, 32px); }
  p { margin: 0; color: ${({ theme }) => theme.colors.muted}; max-inline-size: 70ch; }
`;
export const Toolbar = styled.div`
  display: flex; flex-wrap: wrap; gap: 12px; align-items: center; justify-content: space-between; margin-block-end: ${({ theme }) => theme.space(4)};
`;
export const Alert = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)}; padding: 12px 16px; border-radius: ${({ theme }) => theme.radii.md};
  background: #fdecec; color: #8a1c1c; border: 1px solid #f3c2c2;
`;
export const Notice = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)}; padding: 12px 16px; border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primarySoft}; border: 1px solid ${({ theme }) => theme.colors.border};
`;
export const Grid = styled.div`
  display: grid; gap: ${({ theme }) => theme.space(4)};
  @media (min-width: 720px) { grid-template-columns: 1fr 1fr; }
`;
export const Panel = styled.section`
  padding: ${({ theme }) => theme.space(6)}; background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.lg};
  margin-block-end: ${({ theme }) => theme.space(6)};
  h2 { margin: 0 0 ${({ theme }) => theme.space(3)}; font-size: 18px; }
`;
export const Actions = styled.div`
  display: flex; flex-wrap: wrap; gap: 8px; align-items: center;
`;
