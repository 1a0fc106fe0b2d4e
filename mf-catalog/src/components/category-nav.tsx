import styled from 'styled-components';
import { Link } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { Category } from '../services/types';
import { categoryLabel, subcategoryLabel } from './category-name';

const Chips = styled.ul`
  list-style: none; margin: 0 0 12px; padding: 0; display: flex; flex-wrap: wrap; gap: 8px;
  a { display: inline-flex; align-items: center; min-block-size: 40px; padding: 6px 16px; border-radius: ${({ theme }) => theme.radii.pill};
    border: 1px solid ${({ theme }) => theme.colors.border}; background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text}; text-decoration: none; font-weight: 600; font-size: 14.5px; }
  a:hover { border-color: ${({ theme }) => theme.colors.primary}; }
  a[aria-current='true'] { background: ${({ theme }) => theme.colors.primary}; border-color: ${({ theme }) => theme.colors.primary}; color: #fff; }
`;
const SubChips = styled(Chips)`
  a { min-block-size: 36px; font-weight: 500; font-size: 14px; background: ${({ theme }) => theme.colors.background}; }
  a[aria-current='true'] { background: ${({ theme }) => theme.colors.primarySoft}; color: ${({ theme }) => theme.colors.primary}; border-color: ${({ theme }) => theme.colors.primary}; }
`;

/** Categories of one kind of listing, then the chosen category's subcategories (upgrades, services...). */
export function CategoryNav({ basePath, categories, category, sub }: { basePath: string; categories: Category[]; category: string | null; sub: string | null }) {
  const { t } = useTranslation(NAMESPACE);
  const current = categories.find((c) => c.slug === category);
  return (
    <nav aria-label={t('browse.categoriesLabel')}>
      <Chips>
        <li>
          <Link to={basePath} aria-current={category === null ? 'true' : undefined}>
            {t('filters.allCategories')}
          </Link>
        </li>
        {categories.map((c) => (
          <li key={c.slug}>
            <Link to={`${basePath}?category=${c.slug}`} aria-current={c.slug === category ? 'true' : undefined}>
              {categoryLabel(t, c.slug, c.name)}
            </Link>
          </li>
        ))}
      </Chips>
      {current && current.subcategories.length > 0 ? (
        <SubChips aria-label={t('browse.subcategoriesLabel')}>
          <li>
            <Link to={`${basePath}?category=${current.slug}`} aria-current={sub === null ? 'true' : undefined}>
              {t('browse.allIn', { category: categoryLabel(t, current.slug, current.name) })}
            </Link>
          </li>
          {current.subcategories.map((s) => (
            <li key={s.slug}>
              <Link to={`${basePath}?category=${current.slug}&sub=${s.slug}`} aria-current={s.slug === sub ? 'true' : undefined}>
                {subcategoryLabel(t, s.slug, s.name)}
              </Link>
            </li>
          ))}
        </SubChips>
      ) : null}
    </nav>
  );
}
