import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const variants = {
  primary: css`
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    border-color: ${({ theme }) => theme.colors.primary};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.primaryHover}; }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.primarySoft}; }
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    border-color: transparent;
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.primarySoft}; }
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.danger};
    color: #fff;
    border-color: ${({ theme }) => theme.colors.danger};
  `,
};

const sizes = {
  sm: css`padding: 6px 12px; font-size: 14px; min-block-size: 32px;`,
  md: css`padding: 10px 18px; font-size: 15px; min-block-size: 40px;`,
  lg: css`padding: 14px 24px; font-size: 17px; min-block-size: 48px;`,
};

export const Button = styled.button.attrs<{ $variant?: ButtonVariant; $size?: ButtonSize; $block?: boolean }>(
  ({ type }) => ({ type: type ?? 'button' }),
)`
  display: inline-flex; align-items: center; justify-content: center; gap: 8px;
  border: 1px solid transparent; border-radius: ${({ theme }) => theme.radii.md};
  font: inherit; font-weight: 600; line-height: 1.2; cursor: pointer; text-decoration: none;
  transition: background 120ms ease, color 120ms ease;
  inline-size: ${({ $block }) => ($block ? '100%' : 'auto')};
  ${({ $variant = 'primary' }) => variants[$variant]}
  ${({ $size = 'md' }) => sizes[$size]}
  &:disabled { opacity: 0.6; cursor: not-allowed; }
`;
