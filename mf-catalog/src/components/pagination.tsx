import styled from 'styled-components';
import { Link } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { useLanguage } from '../hooks/use-language';
import { formatNumber } from '../services/api';

const Nav = styled.nav`
  margin-block-start: ${({ theme }) => theme.space(8)}; display: flex; flex-wrap: wrap; align-items: center; justify-content: center; gap: 8px;
  a, span { display: inline-grid; place-items: center; min-inline-size: 44px; min-block-size: 44px; padding: 0 12px;
    border-radius: ${({ theme }) => theme.radii.md}; border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface}; text-decoration: none; color: ${({ theme }) => theme.colors.text}; font-weight: 600; }
  a:hover { border-color: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.primary}; }
  a[aria-current='page'] { background: ${({ theme }) => theme.colors.primary}; border-color: ${({ theme }) => theme.colors.primary}; color: #fff; }
  span { border-color: transparent; background: transparent; color: ${({ theme }) => theme.colors.muted}; }
`;

/** Page numbers around the current one, with the first and last always reachable. */
export function pageWindow(page: number, pages: number): (number | 'gap')[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

export function Pagination({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  if (pages <= 1) return null;
  return (
    <Nav aria-label={t('listings.pagination')}>
      {page > 1 ? <Link to={hrefFor(page - 1)}>{t('listings.previous')}</Link> : null}
      {pageWindow(page, pages).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${i}`} aria-hidden="true">
            …
          </span>
        ) : (
          <Link key={p} to={hrefFor(p)} aria-current={p === page ? 'page' : undefined} aria-label={t('listings.pageLabel', { page: p })}>
            {formatNumber(p, language)}
          </Link>
        ),
      )}
      {page < pages ? <Link to={hrefFor(page + 1)}>{t('listings.next')}</Link> : null}
    </Nav>
  );
}
