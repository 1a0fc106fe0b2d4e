import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;
const Wrap = styled.div`
  min-block-size: 40vh; display: grid; place-items: center; gap: 12px; color: ${({ theme }) => theme.colors.muted};
  span[aria-hidden] {
    inline-size: 28px; block-size: 28px; border-radius: 50%;
    border: 3px solid ${({ theme }) => theme.colors.primarySoft}; border-block-start-color: ${({ theme }) => theme.colors.primary};
    animation: ${spin} 800ms linear infinite;
  }
`;

/** A quiet, announced waiting state for a page whose content is not known yet. */
export function PageStatus({ label }: { label: string }) {
  return (
    <Wrap role="status">
      <span aria-hidden="true" />
      <span>{label}</span>
    </Wrap>
  );
}
