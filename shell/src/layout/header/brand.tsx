import styled from 'styled-components';
import { Link } from '@modula/router';

const Home = styled(Link)`
  display: inline-flex; align-items: center; gap: 10px; text-decoration: none; color: ${({ theme }) => theme.colors.text};
  font-weight: 800; font-size: 21px; letter-spacing: -0.02em; flex-shrink: 0;
  svg { inline-size: 34px; block-size: 34px; }
`;

/** The Modula mark: a pitched roof over a module, in the theme's forest green and warm accent. */
export function Brand({ label }: { label: string }) {
  return (
    <Home to="/" aria-label={label}>
      <svg viewBox="0 0 40 40" aria-hidden="true">
        <rect width="40" height="40" rx="10" fill="#1d6b4a" />
        <path d="M9 19.5 20 10l11 9.5" fill="none" stroke="#f3c58f" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
        <rect x="13" y="20" width="14" height="10" rx="1.5" fill="#fff" />
        <path d="M20 20v10" stroke="#1d6b4a" strokeWidth="2" />
      </svg>
      <span aria-hidden="true">Modula</span>
    </Home>
  );
}
