import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Button } from '@modula/shared';
import { avatarUrl } from '../services/api';
import { UI_NAMESPACE } from '../i18n';

export const IconButton = styled.button`
  display: inline-grid; place-items: center; inline-size: 36px; block-size: 36px; flex: none;
  border: none; border-radius: ${({ theme }) => theme.radii.sm}; background: transparent; cursor: pointer;
  color: ${({ theme }) => theme.colors.text};
  &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.primarySoft}; }
  &:disabled { opacity: 0.5; cursor: not-allowed; }
  svg { inline-size: 20px; block-size: 20px; }
  /* Arrows point the way the page reads. */
  [dir='rtl'] &.flip svg { transform: scaleX(-1); }
`;

export const Notice = styled.div`
  padding: 24px 16px; text-align: center; color: ${({ theme }) => theme.colors.muted};
  p { margin: 0 0 12px; }
`;

/** A list that could not be loaded: says so, with a retry (spec section 8 wording where it has one). */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => unknown }) {
  const { t } = useTranslation(UI_NAMESPACE);
  return (
    <Notice role="alert">
      <p>{message}</p>
      <Button $size="sm" $variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Notice>
  );
}

export const ErrorText = styled.p`
  margin: 4px 0 0; font-size: 13px; color: ${({ theme }) => theme.colors.danger};
`;

const Circle = styled.span<{ $size: number }>`
  display: inline-grid; place-items: center; flex: none; overflow: hidden;
  inline-size: ${({ $size }) => $size}px; block-size: ${({ $size }) => $size}px; border-radius: 50%;
  background: ${({ theme }) => theme.colors.primarySoft}; color: ${({ theme }) => theme.colors.primary};
  font-weight: 700; font-size: ${({ $size }) => Math.round($size * 0.42)}px;
  img { inline-size: 100%; block-size: 100%; object-fit: cover; }
`;

/** The other side's picture, or their initial. */
export function Avatar({ name, image, size = 40 }: { name: string; image: string | null; size?: number }) {
  const url = avatarUrl(image);
  return (
    <Circle $size={size} aria-hidden="true">
      {url ? <img src={url} alt="" loading="lazy" /> : (name.trim()[0] ?? '?').toLocaleUpperCase()}
    </Circle>
  );
}

/** Where a listing lives (spec section 2). */
export function listingPath(type: string | null, id: string): string {
  if (type === 'upgrade') return `/upgrade/${id}`;
  if (type === 'service') return `/service/${id}`;
  return `/property/${id}`;
}

/** A small public rendering of a listing photo (storage path in listing-images). */
export function listingThumb(path: string | null, base: string): string | null {
  if (!path) return null;
  if (/^https?:/i.test(path)) return path;
  return `${base}/storage/v1/render/image/public/listing-images/${path.split('/').map(encodeURIComponent).join('/')}?width=96&height=96&resize=cover`;
}

export const Icon = {
  back: <path d="M15 18l-6-6 6-6" strokeLinecap="round" strokeLinejoin="round" />,
  close: <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />,
  expand: <path d="M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7" strokeLinecap="round" strokeLinejoin="round" />,
  collapse: <path d="M4 14h6v6M20 10h-6V4M14 10l7-7M3 21l7-7" strokeLinecap="round" strokeLinejoin="round" />,
  send: <path d="M22 2L11 13M22 2l-7 20-4-9-9-4 20-7z" strokeLinecap="round" strokeLinejoin="round" />,
  attach: <path d="M21.4 11.1l-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5" strokeLinecap="round" strokeLinejoin="round" />,
  quote: <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6M9 13h6M9 17h6" strokeLinecap="round" strokeLinejoin="round" />,
  calendar: <path d="M8 2v4M16 2v4M3 10h18M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" strokeLinecap="round" strokeLinejoin="round" />,
  flag: <path d="M5 22V4M5 4h12l-2.5 4.5L17 13H5" strokeLinecap="round" strokeLinejoin="round" />,
  file: <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6" strokeLinecap="round" strokeLinejoin="round" />,
};

export function Svg({ children }: { children: React.ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      {children}
    </svg>
  );
}
