import styled from 'styled-components';
import { Link } from '@modula/router';

/** A link that looks like the primary button (navigation, so an <a>, not a <button>). */
export const ButtonLink = styled(Link)`
  display: flex; align-items: center; justify-content: center; inline-size: 100%; min-block-size: 48px;
  padding: 14px 24px; border-radius: ${({ theme }) => theme.radii.md}; font-weight: 600; font-size: 17px;
  text-decoration: none; background: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.onPrimary};
  &:hover { background: ${({ theme }) => theme.colors.primaryHover}; }
`;
