import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { BLOG_PAGE_SIZE, blogQueries } from '../services/queries';
import { useLanguage } from '../hooks/use-language';
import { BlogCard } from '../components/blog-card';
import { CardGrid, LoadError, Page, PageHead, SkeletonGrid, StatePanel } from '../components/layout';
import { useDocumentTitle, withSiteName } from '../hooks/use-document-title';

export default function BlogPage() {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const posts = useQuery(blogQueries.list(language, BLOG_PAGE_SIZE));
  useDocumentTitle(withSiteName(t('blog.title')));
  return (
    <Page>
      <PageHead>
        <h1>{t('blog.title')}</h1>
        <p>{t('blog.lead')}</p>
      </PageHead>
      {posts.isLoadingError ? (
        <LoadError onRetry={() => void posts.refetch()} />
      ) : !posts.data ? (
        <SkeletonGrid count={6} label={t('states.loading')} />
      ) : posts.data.length === 0 ? (
        <StatePanel title={t('blog.empty')} />
      ) : (
        <CardGrid>
          {posts.data.map((post) => (
            <li key={post.id}>
              <BlogCard post={post} />
            </li>
          ))}
        </CardGrid>
      )}
    </Page>
  );
}
