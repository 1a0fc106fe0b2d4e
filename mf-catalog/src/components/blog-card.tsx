import styled from 'styled-components';
import { Link } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { formatDate } from '../services/api';
import { useLanguage } from '../hooks/use-language';
import { BLOG_IMAGES, responsiveImage } from '../lib/images';
import type { BlogPostSummary } from '../services/types';
import { Icon } from './icons';

export const BLOG_IMAGE = { width: 400, height: 225, quality: 70 } as const;

const Card = styled.article`
  position: relative; display: flex; flex-direction: column; block-size: 100%; overflow: hidden;
  background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg}; box-shadow: ${({ theme }) => theme.shadows.card};
  &:hover { box-shadow: ${({ theme }) => theme.shadows.raised}; }
  figure { margin: 0; aspect-ratio: 16 / 9; background: ${({ theme }) => theme.colors.accentSoft}; display: grid; place-items: center;
    color: ${({ theme }) => theme.colors.accent}; }
  img { inline-size: 100%; block-size: 100%; object-fit: cover; }
  > div { padding: 16px; display: flex; flex-direction: column; gap: 8px; flex: 1; }
  h3 { margin: 0; font-size: 17px; line-height: 1.35; }
  h3 a { color: inherit; text-decoration: none; }
  h3 a::after { content: ''; position: absolute; inset: 0; }
  p { margin: 0; color: ${({ theme }) => theme.colors.muted}; font-size: 14.5px;
    display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; overflow: hidden; }
  small { margin-block-start: auto; color: ${({ theme }) => theme.colors.muted}; font-size: 13px; }
`;

export function BlogCard({ post }: { post: BlogPostSummary }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const image = post.cover_image ? responsiveImage(BLOG_IMAGES, post.cover_image, BLOG_IMAGE) : null;
  return (
    <Card>
      <figure>
        {image ? <img src={image.src} srcSet={image.srcSet} width={BLOG_IMAGE.width} height={BLOG_IMAGE.height} alt="" loading="lazy" decoding="async" /> : <Icon name="leaf" size={36} />}
      </figure>
      <div>
        <h3>
          <Link to={`/blog/${post.slug}`}>{post.title}</Link>
        </h3>
        <p>{post.excerpt}</p>
        <small>
          <time dateTime={post.published_at}>{formatDate(post.published_at, language)}</time>
          {post.reading_minutes ? ` · ${t('blog.minutes', { count: post.reading_minutes })}` : ''}
        </small>
      </div>
    </Card>
  );
}
