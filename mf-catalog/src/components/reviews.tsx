import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { formatDate } from '../services/api';
import { useLanguage } from '../hooks/use-language';
import type { RatingSummary, Review } from '../services/types';
import { Rating } from './rating';
import { Icon } from './icons';

const List = styled.ul`
  list-style: none; margin: 16px 0 0; padding: 0; display: grid; gap: 12px;
  li { padding: 16px; border-radius: ${({ theme }) => theme.radii.md}; background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border}; }
  header { display: flex; justify-content: space-between; gap: 12px; flex-wrap: wrap; font-size: 14px; color: ${({ theme }) => theme.colors.muted}; }
  strong { color: ${({ theme }) => theme.colors.text}; }
  h3 { margin: 8px 0 4px; font-size: 16px; }
  p { margin: 6px 0 0; white-space: pre-line; }
`;
const Stars = styled.span`
  display: inline-flex; gap: 1px; color: #b7791f;
`;

function StarRow({ rating }: { rating: number }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Stars role="img" aria-label={t('rating.stars', { rating })}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Icon key={n} name="star" size={15} filled={n <= rating} />
      ))}
    </Stars>
  );
}

export function Reviews({ id, reviews, summary }: { id: string; reviews: Review[]; summary: RatingSummary }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{t('reviews.title')}</h2>
      {summary.average !== null ? <Rating value={summary.average} count={summary.count} /> : <p>{t('reviews.none')}</p>}
      {reviews.length > 0 ? (
        <List>
          {reviews.map((review) => (
            <li key={review.id}>
              <header>
                <span>
                  <strong>{review.author_name || t('reviews.anonymous')}</strong> · <time dateTime={review.created_at}>{formatDate(review.created_at, language)}</time>
                </span>
                <StarRow rating={review.rating} />
              </header>
              {review.title ? <h3>{review.title}</h3> : null}
              {review.body ? <p>{review.body}</p> : null}
            </li>
          ))}
        </List>
      ) : null}
    </section>
  );
}
