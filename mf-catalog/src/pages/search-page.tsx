import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Link, useNavigate, useSearchParams } from '@modula/router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { formatNumber, track } from '../services/api';
import { listingQueries } from '../services/queries';
import { useLanguage } from '../hooks/use-language';
import { parseHighlight } from '../lib/highlight';
import { PAGE_SIZE } from '../lib/filters';
import { LISTING_TYPES, type ListingType, type SearchHit } from '../services/types';
import { PropertyCard, toCardProps } from '../components/property-card';
import { Pagination } from '../components/pagination';
import { Icon } from '../components/icons';
import { CardGrid, LoadError, Page, PageHead, SkeletonGrid, StatePanel } from '../components/layout';
import { useDocumentTitle, withSiteName } from '../hooks/use-document-title';

const Form = styled.form`
  display: flex; gap: 8px; margin-block-end: 18px; max-inline-size: 720px;
  input { flex: 1; min-inline-size: 0; padding: 12px 14px; font: inherit; font-size: 17px; min-block-size: 50px;
    border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.md}; }
  button { display: inline-flex; gap: 8px; align-items: center; padding: 0 20px; min-block-size: 50px; font: inherit; font-weight: 700;
    border: none; border-radius: ${({ theme }) => theme.radii.md}; background: ${({ theme }) => theme.colors.primary}; color: #fff; cursor: pointer; }
`;
const Tabs = styled.ul`
  list-style: none; margin: 0 0 20px; padding: 0; display: flex; flex-wrap: wrap; gap: 8px;
  a { display: inline-flex; align-items: center; min-block-size: 40px; padding: 0 16px; border-radius: 999px; text-decoration: none; font-weight: 600;
    border: 1px solid ${({ theme }) => theme.colors.border}; background: #fff; color: ${({ theme }) => theme.colors.text}; }
  a[aria-current='true'] { background: ${({ theme }) => theme.colors.primary}; color: #fff; border-color: ${({ theme }) => theme.colors.primary}; }
`;
const Snippet = styled.p`
  margin: 0; color: ${({ theme }) => theme.colors.muted}; font-size: 14px; line-height: 1.55;
  display: -webkit-box; -webkit-line-clamp: 4; -webkit-box-orient: vertical; overflow: hidden;
`;
const Marks = styled.div`
  mark { background: #fde68a; color: inherit; border-radius: 3px; padding: 0 1px; }
`;

function Highlighted({ html }: { html: string }) {
  return (
    <>
      {parseHighlight(html).map((segment, i) => (segment.marked ? <mark key={i}>{segment.text}</mark> : <span key={i}>{segment.text}</span>))}
    </>
  );
}

function Hit({ hit, priority }: { hit: SearchHit; priority: boolean }) {
  return (
    <li>
      <PropertyCard
        {...toCardProps(hit)}
        priority={priority}
        headingLevel="h2"
        titleContent={<Highlighted html={hit.title_highlight} />}
        extra={hit.snippet ? <Snippet><Highlighted html={hit.snippet} /></Snippet> : null}
      />
    </li>
  );
}

/** Keyed by the query, so a new search (or the back button) shows its own text in the box. */
function SearchForm({ query }: { query: string }) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const [text, setText] = useState(query);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    // Blank text is never searched (spec section 5).
    if (value === '') return;
    navigate(`/search?${new URLSearchParams({ q: value }).toString()}`);
  };
  return (
    <Form role="search" onSubmit={submit}>
      <input type="search" aria-label={t('search.label')} placeholder={t('search.placeholder')} value={text} onChange={(e) => setText(e.target.value)} maxLength={200} />
      <button type="submit">
        <Icon name="search" size={18} />
        {t('search.submit')}
      </button>
    </Form>
  );
}

export default function SearchPage() {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const typeParam = params.get('type');
  const type = (LISTING_TYPES as readonly string[]).includes(typeParam ?? '') ? (typeParam as ListingType) : null;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  // Blank text is never searched (spec section 5): the query has no function, so no request.
  const results = useQuery(listingQueries.search(query, type, page));
  useDocumentTitle(withSiteName(query ? t('search.resultsFor', { query }) : t('search.title')));

  useEffect(() => {
    if (results.data && !results.isPlaceholderData && query) track('search', { search_term: query, results: results.data.total, type: type ?? 'all' });
  }, [results.data, results.isPlaceholderData, query, type]);

  const hrefFor = (next: { page?: number; type?: ListingType | null }) => {
    const search = new URLSearchParams({ q: query });
    const nextType = next.type === undefined ? type : next.type;
    if (nextType) search.set('type', nextType);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    return `/search?${search.toString()}`;
  };

  const total = results.data?.total ?? 0;
  return (
    <Page>
      <PageHead>
        <h1>{query ? t('search.resultsFor', { query }) : t('search.title')}</h1>
      </PageHead>
      <SearchForm key={query} query={query} />
      {query === '' ? (
        <StatePanel title={t('search.promptTitle')} body={t('search.promptBody')} />
      ) : (
        <>
          <nav aria-label={t('search.typesLabel')}>
            <Tabs>
              {([null, ...LISTING_TYPES] as (ListingType | null)[]).map((tab) => (
                <li key={tab ?? 'all'}>
                  <Link to={hrefFor({ type: tab, page: 1 })} aria-current={tab === type ? 'true' : undefined}>
                    {tab ? t(`typesPlural.${tab}`) : t('search.all')}
                  </Link>
                </li>
              ))}
            </Tabs>
          </nav>
          <p role="status" aria-live="polite">
            {results.data ? t('search.count', { count: total, formatted: formatNumber(total, language) }) : t('states.loading')}
          </p>
          {results.isLoadingError ? (
            <LoadError onRetry={() => void results.refetch()} />
          ) : !results.data ? (
            <SkeletonGrid count={3} label={t('states.loading')} />
          ) : results.data.hits.length === 0 ? (
            <StatePanel title={t('search.noneTitle', { query })} body={t('search.noneBody')} />
          ) : (
            <>
              <Marks>
                <CardGrid style={{ opacity: results.isPlaceholderData ? 0.6 : 1 }}>
                  {results.data.hits.map((hit, index) => (
                    <Hit key={hit.id} hit={hit} priority={page === 1 && index < 3} />
                  ))}
                </CardGrid>
              </Marks>
              <Pagination page={page} pages={Math.ceil(total / PAGE_SIZE)} hrefFor={(p) => hrefFor({ page: p })} />
            </>
          )}
        </>
      )}
    </Page>
  );
}
