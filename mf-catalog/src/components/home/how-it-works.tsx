import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Icon, type IconName } from '../icons';
import { Section, SectionHead } from '../layout';

const STEPS: { key: 'browse' | 'connect' | 'secure'; icon: IconName }[] = [
  { key: 'browse', icon: 'search' },
  { key: 'connect', icon: 'chat' },
  { key: 'secure', icon: 'shield' },
];

const Steps = styled.ol`
  list-style: none; margin: 0; padding: 0; display: grid; gap: ${({ theme }) => theme.space(5)};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 260px), 1fr)); counter-reset: step;
  li { position: relative; padding: 24px; border-radius: ${({ theme }) => theme.radii.lg};
    background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border}; }
  li > span { display: inline-grid; place-items: center; inline-size: 52px; block-size: 52px; border-radius: 50%;
    background: ${({ theme }) => theme.colors.accentSoft}; color: ${({ theme }) => theme.colors.accent}; margin-block-end: 14px; }
  li::before { counter-increment: step; content: counter(step); position: absolute; inset-block-start: 18px; inset-inline-end: 22px;
    font-size: 40px; font-weight: 800; color: ${({ theme }) => theme.colors.primarySoft}; }
  h3 { margin: 0 0 6px; font-size: 18px; }
  p { margin: 0; color: ${({ theme }) => theme.colors.muted}; }
`;

export function HowItWorks() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Section aria-labelledby="home-how">
      <SectionHead id="home-how" title={t('home.howTitle')} lead={t('home.howLead')} />
      <Steps>
        {STEPS.map((step) => (
          <li key={step.key}>
            <span>
              <Icon name={step.icon} size={24} />
            </span>
            <h3>{t(`home.how.${step.key}.title`)}</h3>
            <p>{t(`home.how.${step.key}.text`)}</p>
          </li>
        ))}
      </Steps>
    </Section>
  );
}
