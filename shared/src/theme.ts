import { createGlobalStyle } from 'styled-components';

/** The one theme every parcel applies. Colours meet WCAG 2.2 AA against the surfaces they sit on. */
export const theme = {
  colors: {
    primary: '#1d6b4a',
    primaryHover: '#155538',
    primarySoft: '#e6f2ec',
    onPrimary: '#ffffff',
    accent: '#9a5410',
    accentSoft: '#fbf0e3',
    text: '#1c2430',
    muted: '#556070',
    border: '#d9dee4',
    surface: '#ffffff',
    background: '#f6f7f4',
    danger: '#b3261e',
    dangerSoft: '#fdecea',
    success: '#1e7d45',
    successSoft: '#e7f5ec',
    focus: '#1a56db',
    overlay: 'rgba(15, 23, 42, 0.55)',
  },
  radii: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  shadows: {
    card: '0 1px 2px rgba(16, 24, 40, 0.06), 0 1px 3px rgba(16, 24, 40, 0.10)',
    raised: '0 12px 32px rgba(16, 24, 40, 0.18)',
  },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif",
    heading: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif",
  },
  breakpoints: { sm: '480px', md: '768px', lg: '1024px', xl: '1280px' },
  layout: { maxWidth: '1200px', headerHeight: '64px' },
  space: (n: number): string => `${n * 4}px`,
} as const;

export type Theme = typeof theme;

export const media = {
  sm: `@media (min-width: ${theme.breakpoints.sm})`,
  md: `@media (min-width: ${theme.breakpoints.md})`,
  lg: `@media (min-width: ${theme.breakpoints.lg})`,
  xl: `@media (min-width: ${theme.breakpoints.xl})`,
} as const;

/** Visually hidden but read by screen readers. */
export const visuallyHidden = `
  position: absolute !important; inline-size: 1px; block-size: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
`;

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0; font-family: ${theme.fonts.body}; color: ${theme.colors.text};
    background: ${theme.colors.background}; line-height: 1.5; font-size: 16px;
  }
  img { max-inline-size: 100%; display: block; }
  a { color: ${theme.colors.primary}; }
  :focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 2px; }
  h1, h2, h3 { font-family: ${theme.fonts.heading}; line-height: 1.2; }
  @media (prefers-reduced-motion: reduce) { * { animation: none !important; transition: none !important; scroll-behavior: auto !important; } }
`;
