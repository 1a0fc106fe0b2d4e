import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { ContentLayout } from './content-layout';

const List = styled.div`
  display: grid; gap: ${({ theme }) => theme.space(3)};
  details { background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md}; padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(5)}; }
  details[open] { box-shadow: ${({ theme }) => theme.shadows.card}; }
  summary { cursor: pointer; font-weight: 700; font-size: 17px; }
  details p { margin-block-start: ${({ theme }) => theme.space(3)}; color: ${({ theme }) => theme.colors.text}; }
`;

export function FaqPage() {
  const { t } = useTranslation('shell-pages');
  const items = t('faq.items', { returnObjects: true }) as { q: string; a: string }[];
  return (
    <ContentLayout eyebrow={t('faq.eyebrow')} title={t('faq.title')} lead={t('faq.lead')}>
      <List>
        {items.map((item) => (
          <details key={item.q}>
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </List>
    </ContentLayout>
  );
}
