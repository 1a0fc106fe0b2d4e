import { Link } from '@modula/router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { BLOG_CARDS, blogQueries } from '../../services/queries';
import { useLanguage } from '../../hooks/use-language';
import { BlogCard } from '../blog-card';
import { CardGrid, LoadError, Section, SectionHead, SkeletonGrid } from '../layout';

export function LatestNews() {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const posts = useQuery(blogQueries.list(language, BLOG_CARDS));
  return (
    <Section aria-labelledby="home-news">
      <SectionHead id="home-news" title={t('home.newsTitle')} lead={t('home.newsLead')} action={<Link to="/blog">{t('home.newsAll')}</Link>} />
      {posts.isLoadingError ? (
        <LoadError onRetry={() => void posts.refetch()} />
      ) : !posts.data ? (
        <SkeletonGrid count={BLOG_CARDS} label={t('states.loading')} />
      ) : posts.data.length === 0 ? (
        <p>{t('blog.empty')}</p>
      ) : (
        <CardGrid>
          {posts.data.map((post) => (
            <li key={post.id}>
              <BlogCard post={post} />
            </li>
          ))}
        </CardGrid>
      )}
    </Section>
  );
}
