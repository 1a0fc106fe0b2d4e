import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { BLOG_CARDS, homePosts } from '../../services/resources';
import { useResource } from '../../hooks/use-resource';
import { useLanguage } from '../../hooks/use-language';
import { BlogCard } from '../blog-card';
import { CardGrid, LoadError, Section, SectionHead, SkeletonGrid } from '../layout';

export function LatestNews() {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const spec = homePosts(language);
  const posts = useResource(spec.key, spec.load);
  return (
    <Section aria-labelledby="home-news">
      <SectionHead id="home-news" title={t('home.newsTitle')} lead={t('home.newsLead')} action={<Link to="/blog">{t('home.newsAll')}</Link>} />
      {posts.error ? (
        <LoadError onRetry={posts.reload} />
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
