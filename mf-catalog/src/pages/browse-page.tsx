import { useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { useSearchParams } from '@modula/router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Select } from '@modula/shared';
import { NAMESPACE } from '../i18n';
import { EXACT_COUNT_LIMIT, formatNumber } from '../services/api';
import { listingQueries, lookupQueries } from '../services/queries';
import { useLanguage } from '../hooks/use-language';
import { activeFilterCount, clearFilters, PAGE_SIZE, parseFilters, SORT_KEYS, toSearchParams, updateFilters, type ListingFilters, type SortKey } from '../lib/filters';
import { nextRotationSeed, rotateSponsored } from '../lib/sponsored';
import type { ListingType } from '../services/types';
import { PropertyCard, toCardProps } from '../components/property-card';
import { SponsoredCard, withinThird } from '../ads/sponsored-card';
import { FiltersPanel } from '../components/filters-panel';
import { CategoryNav } from '../components/category-nav';
import { Pagination } from '../components/pagination';
import { categoryLabel } from '../components/category-name';
import { Icon } from '../components/icons';
import { ButtonLink, CardGrid, LoadError, Page, PageHead, RetryButton, SkeletonGrid, StatePanel } from '../components/layout';
import { useDocumentTitle, withSiteName } from '../hooks/use-document-title';

const BASE_PATHS: Record<ListingType, string> = { property: '/listings', commercial: '/commercial-units', upgrade: '/upgrades', service: '/services' };

const Layout = styled.div`
  display: grid; gap: ${({ theme }) => theme.space(6)}; align-items: start;
  @media (min-width: 960px) { grid-template-columns: 290px minmax(0, 1fr); }
`;
const Aside = styled.aside<{ $open: boolean }>`
  display: ${({ $open }) => ($open ? 'block' : 'none')};
  @media (min-width: 960px) { display: block; position: sticky; inset-block-start: 16px; }
`;
const Toolbar = styled.div`
  display: flex; flex-wrap: wrap; gap: 12px; align-items: center; justify-content: space-between; margin-block-end: 16px;
  h2 { margin: 0; font-size: 17px; }
  label { display: flex; gap: 8px; align-items: center; font-size: 14px; font-weight: 600; white-space: nowrap; }
  select { inline-size: auto; }
`;
const SortNote = styled.p`
  margin: -8px 0 16px; font-size: 13.5px; color: ${({ theme }) => theme.colors.muted};
`;
const FilterToggle = styled.button`
  display: inline-flex; gap: 8px; align-items: center; min-block-size: 44px; padding: 0 16px; font: inherit; font-weight: 600;
  border-radius: ${({ theme }) => theme.radii.md}; border: 1px solid ${({ theme }) => theme.colors.border}; background: #fff; cursor: pointer;
  @media (min-width: 960px) { display: none; }
`;

export default function BrowsePage({ type }: { type?: ListingType }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const basePath = type ? BASE_PATHS[type] : '/listings';
  const filters: ListingFilters = useMemo(() => {
    const parsed = parseFilters(params);
    return type ? { ...parsed, type } : parsed;
  }, [params, type]);
  const key = toSearchParams(filters).toString();

  // The listings wait for the lookups (a category slug in the address needs its id).
  const lookups = useQuery(lookupQueries.lookups());
  const category = lookups.data?.categories.find((c) => c.slug === filters.category) ?? null;
  const effectiveType = type ?? category?.listing_type ?? filters.type;
  const facets = useQuery(listingQueries.facets(effectiveType ?? null));
  const results = useQuery(listingQueries.list(filters, lookups.data));
  const wantSponsored = filters.page === 1 && filters.sort === 'relevance';
  const sponsored = useQuery({ ...listingQueries.sponsored(filters, lookups.data), enabled: wantSponsored });
  const [seed] = useState(nextRotationSeed);
  const rotated = useMemo(
    () => (wantSponsored && sponsored.data && results.data ? withinThird(rotateSponsored(sponsored.data, seed), results.data.rows) : []),
    [wantSponsored, sponsored.data, results.data, seed],
  );

  const change = (next: ListingFilters) => {
    const search = toSearchParams(type ? { ...next, type: null } : next);
    setParams(search);
  };
  const onChange = (partial: Partial<ListingFilters>) => change(updateFilters(filters, partial));
  const hrefFor = (page: number) => {
    const search = toSearchParams({ ...(type ? { ...filters, type: null } : filters), page }).toString();
    return search ? `${basePath}?${search}` : basePath;
  };

  // A new page of results starts at the results' heading.
  const firstPage = useRef(filters.page);
  useEffect(() => {
    if (filters.page !== firstPage.current) resultsRef.current?.scrollIntoView({ block: 'start' });
    firstPage.current = filters.page;
  }, [filters.page]);

  const title = category ? categoryLabel(t, category.slug, category.name) : type ? t(`browse.${type}.title`) : t('browse.all.title');
  const lead = category ? t(`categoryLeads.${category.slug}`, { defaultValue: category.description }) : t(`browse.${type ?? 'all'}.lead`);
  const sameType = lookups.data?.categories.filter((c) => c.listing_type === (type ?? category?.listing_type)) ?? [];
  const total = results.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const sponsoredIds = new Set(rotated.map((l) => l.id));
  const organic = (results.data?.rows ?? []).filter((l) => !sponsoredIds.has(l.id));
  const active = activeFilterCount(filters);
  useDocumentTitle(withSiteName(title));

  return (
    <Page>
      <PageHead>
        <h1>{title}</h1>
        <p>{lead}</p>
      </PageHead>
      {sameType.length > 0 && (type || category) ? <CategoryNav basePath={basePath} categories={sameType} category={filters.category} sub={filters.sub} /> : null}
      <Layout>
        <Aside $open={filtersOpen} id="listing-filters">
          {lookups.data ? (
            <FiltersPanel
              key={key}
              filters={filters}
              fixedType={Boolean(type)}
              categories={lookups.data.categories}
              countries={lookups.data.countries}
              features={facets.data?.features ?? []}
              onChange={onChange}
              onClear={() => change(clearFilters(filters))}
            />
          ) : null}
        </Aside>
        <div>
          <Toolbar>
            <h2 ref={resultsRef} aria-live="polite" aria-atomic="true" tabIndex={-1}>
              {results.data ? t('listings.results', { count: total, formatted: `${total > EXACT_COUNT_LIMIT ? '≈ ' : ''}${formatNumber(total, language)}` }) : t('states.loading')}
            </h2>
            <FilterToggle type="button" aria-expanded={filtersOpen} aria-controls="listing-filters" onClick={() => setFiltersOpen((v) => !v)}>
              <Icon name="filter" size={18} />
              {active > 0 ? t('filters.toggleActive', { count: active }) : t('filters.toggle')}
            </FilterToggle>
            <label>
              {t('listings.sort')}
              <Select value={filters.sort} onChange={(e) => onChange({ sort: e.target.value as SortKey })}>
                {SORT_KEYS.map((s) => (
                  <option key={s} value={s}>
                    {t(`sort.${s}`)}
                  </option>
                ))}
              </Select>
            </label>
          </Toolbar>
          {filters.sort === 'price_asc' || filters.sort === 'price_desc' ? <SortNote>{t('sort.unitPricesLast')}</SortNote> : null}
          {lookups.isLoadingError || results.isLoadingError ? (
            <LoadError title={t('listings.errorTitle')} onRetry={() => void (lookups.isLoadingError ? lookups.refetch() : results.refetch())} />
          ) : !results.data || (wantSponsored && sponsored.isPending) ? (
            // The sponsored cards go first in the grid: it waits for them (or their failure), so they never
            // push the results down after they have been shown (and the server's first screen stays till then).
            <SkeletonGrid count={6} label={t('states.loading')} />
          ) : results.data.rows.length === 0 && total > 0 ? (
            <StatePanel title={t('listings.pastEnd')}>
              <ButtonLink to={hrefFor(1)}>{t('listings.firstPage')}</ButtonLink>
            </StatePanel>
          ) : results.data.rows.length === 0 ? (
            <StatePanel title={t('listings.emptyTitle')} body={active > 0 ? t('listings.emptyBody') : t('listings.emptyNone')}>
              {active > 0 ? (
                <RetryButton type="button" onClick={() => change(clearFilters(filters))}>
                  {t('filters.clear')}
                </RetryButton>
              ) : null}
            </StatePanel>
          ) : (
            <>
              <CardGrid aria-busy={results.isPlaceholderData} style={{ opacity: results.isPlaceholderData ? 0.6 : 1 }}>
                {rotated.map((listing) => (
                  <li key={`s-${listing.id}`}>
                    <SponsoredCard listing={listing} />
                  </li>
                ))}
                {organic.map((listing, index) => (
                  <li key={listing.id}>
                    <PropertyCard {...toCardProps(listing)} priority={filters.page === 1 && index < 3 && rotated.length === 0} />
                  </li>
                ))}
              </CardGrid>
              <Pagination page={Math.min(filters.page, pages)} pages={pages} hrefFor={hrefFor} />
            </>
          )}
        </div>
      </Layout>
    </Page>
  );
}
