import { useMemo } from 'react';
import styled from 'styled-components';
import { Link, useParams } from '@modula/router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { formatDate } from '../services/api';
import { blogQueries } from '../services/queries';
import { useLanguage } from '../hooks/use-language';
import { renderMarkdown } from '../lib/markdown';
import { vocabularyLabel } from '../lib/vocabulary';
import { BLOG_IMAGES, renderImageUrl } from '../lib/images';
import { ButtonLink, LoadError, Page, SkeletonBlock, StatePanel } from '../components/layout';
import { useDocumentTitle, withSiteName } from '../hooks/use-document-title';

const Article = styled.article`
  max-inline-size: 760px; margin-inline: auto;
  > a { font-weight: 600; text-decoration: none; }
  h1 { margin: 16px 0 10px; font-size: clamp(30px, 5vw, 44px); line-height: 1.1; letter-spacing: -0.02em; }
  .meta { color: ${({ theme }) => theme.colors.muted}; margin: 0 0 24px; }
  figure { margin: 0 0 28px; aspect-ratio: 16 / 9; border-radius: ${({ theme }) => theme.radii.lg}; overflow: hidden; background: ${({ theme }) => theme.colors.accentSoft}; }
  figure img { inline-size: 100%; block-size: 100%; object-fit: cover; }
`;
const Body = styled.div`
  font-size: 18px; line-height: 1.75;
  h2 { font-size: 26px; margin: 36px 0 12px; } h3 { font-size: 21px; margin: 28px 0 10px; }
  img { max-inline-size: 100%; block-size: auto; border-radius: ${({ theme }) => theme.radii.md}; }
  blockquote { margin: 24px 0; padding: 4px 20px; border-inline-start: 4px solid ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.muted}; }
  pre { overflow-x: auto; padding: 16px; background: #0f172a; color: #e2e8f0; border-radius: ${({ theme }) => theme.radii.md}; font-size: 15px; }
  code { font-size: 0.9em; }
  table { border-collapse: collapse; inline-size: 100%; display: block; overflow-x: auto; }
  th, td { border: 1px solid ${({ theme }) => theme.colors.border}; padding: 8px 12px; text-align: start; }
`;
const Tags = styled.ul`
  list-style: none; margin: 32px 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: 8px;
  li { padding: 4px 12px; border-radius: 999px; background: ${({ theme }) => theme.colors.primarySoft}; color: ${({ theme }) => theme.colors.primary}; font-size: 14px; font-weight: 600; }
`;

export default function BlogPostPage() {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const { slug } = useParams();
  const post = useQuery(blogQueries.post(slug));
  const html = useMemo(() => (post.data ? renderMarkdown(post.data.body) : ''), [post.data]);
  useDocumentTitle(post.data ? withSiteName(post.data.title) : post.data === null ? withSiteName(t('blog.notFoundTitle')) : null);

  if (post.isLoadingError) {
    return (
      <Page>
        <LoadError onRetry={() => void post.refetch()} />
      </Page>
    );
  }
  if (post.data === undefined) {
    return (
      <Page aria-busy="true">
        <SkeletonBlock $height="48px" style={{ maxInlineSize: 760, margin: '40px auto' }} />
      </Page>
    );
  }
  if (post.data === null) {
    return (
      <Page>
        <StatePanel level={1} title={t('blog.notFoundTitle')} body={t('blog.notFoundBody')}>
          <ButtonLink to="/blog">{t('blog.back')}</ButtonLink>
        </StatePanel>
      </Page>
    );
  }
  const data = post.data;
  return (
    <Page>
      <Article lang={data.language} aria-labelledby="post-title">
        <Link to="/blog">← {t('blog.back')}</Link>
        <h1 id="post-title">{data.title}</h1>
        <p className="meta">
          {t('blog.by', { author: data.author_name })} · <time dateTime={data.published_at}>{formatDate(data.published_at, language)}</time>
          {data.reading_minutes ? ` · ${t('blog.minutes', { count: data.reading_minutes })}` : ''}
        </p>
        {data.cover_image ? (
          <figure>
            <img src={renderImageUrl(BLOG_IMAGES, data.cover_image, { width: 1520, height: 855, quality: 75 })} width={760} height={428} alt="" fetchPriority="high" />
          </figure>
        ) : null}
        {/* Sanitised by renderMarkdown (marked + DOMPurify). */}
        <Body dangerouslySetInnerHTML={{ __html: html }} />
        {data.tags.length > 0 ? (
          <Tags aria-label={t('blog.tags')}>
            {data.tags.map((tag) => (
              <li key={tag}>{vocabularyLabel(t, 'blogTags', tag)}</li>
            ))}
          </Tags>
        ) : null}
      </Article>
    </Page>
  );
}
