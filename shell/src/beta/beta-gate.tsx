import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Button, Input } from '@modula/shared';
import { LanguageSelect } from '../layout/header/language-select';
import { useBeta } from './beta-store';
import { submitBetaCode } from './beta-flow';

const Screen = styled.main`
  min-block-size: 100vh; display: grid; grid-template-columns: 1fr;
  @media (min-width: 900px) { grid-template-columns: 1.1fr 1fr; }
`;
const Story = styled.section`
  position: relative; overflow: hidden; color: #f4f8f5; padding: ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(6)};
  background: radial-gradient(circle at 20% 10%, #2f8a62 0%, transparent 55%), linear-gradient(160deg, #1d6b4a 0%, #123f2c 100%);
  display: flex; flex-direction: column; justify-content: space-between; gap: ${({ theme }) => theme.space(8)};
  .brand { font-weight: 800; font-size: 24px; letter-spacing: -0.02em; }
  h2 { font-size: clamp(26px, 4vw, 40px); line-height: 1.15; margin: 0 0 ${({ theme }) => theme.space(3)}; max-inline-size: 520px; }
  p { margin: 0; max-inline-size: 480px; color: #cfe3d8; line-height: 1.6; }
  ul { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(2)}; list-style: none; padding: 0; margin: 0; }
  li { padding: 6px 12px; border-radius: 999px; background: rgba(255, 255, 255, 0.12); font-size: 14px; }
  svg { inline-size: min(420px, 100%); block-size: auto; }
`;
const FormSide = styled.section`
  display: flex; flex-direction: column; padding: ${({ theme }) => theme.space(6)}; background: ${({ theme }) => theme.colors.background};
  /* On narrow screens the code comes first; the story follows below it. */
  order: -1;
  @media (min-width: 900px) { order: 0; }
  .top { display: flex; justify-content: flex-end; }
  .center { flex: 1; display: grid; place-items: center; padding-block: ${({ theme }) => theme.space(8)}; }
`;
const Card = styled.div`
  inline-size: min(440px, 100%); background: ${({ theme }) => theme.colors.surface}; border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.raised}; padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(6)};
  .pill { display: inline-flex; align-items: center; gap: 8px; padding: 4px 12px; border-radius: 999px; font-size: 13px; font-weight: 700;
    background: ${({ theme }) => theme.colors.accentSoft}; color: ${({ theme }) => theme.colors.accent}; }
  .pill::before { content: ''; inline-size: 8px; block-size: 8px; border-radius: 50%; background: currentColor; }
  h1 { font-size: clamp(28px, 5vw, 36px); margin: ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(2)}; letter-spacing: -0.02em; }
  p { color: ${({ theme }) => theme.colors.muted}; margin: 0 0 ${({ theme }) => theme.space(6)}; }
  form { display: grid; gap: ${({ theme }) => theme.space(3)}; }
  label { font-weight: 600; font-size: 14px; }
  input { font-size: 20px; letter-spacing: 0.3em; text-align: center; }
  small { display: block; margin-block-start: ${({ theme }) => theme.space(5)}; color: ${({ theme }) => theme.colors.muted}; }
`;
const Alert = styled.div`
  padding: 12px 14px; border-radius: ${({ theme }) => theme.radii.md}; background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger}; font-size: 15px;
`;

function Houses() {
  return (
    <svg viewBox="0 0 420 180" aria-hidden="true">
      <path d="M0 160h420" stroke="#8fc3a7" strokeWidth="2" />
      <g fill="none" stroke="#f3c58f" strokeWidth="3" strokeLinejoin="round">
        <path d="M30 160V95l55-45 55 45v65" />
        <path d="M160 160V80h110v80" />
        <path d="M290 160v-55l45-35 45 35v55" />
      </g>
      <g fill="rgba(255,255,255,0.85)">
        <rect x="60" y="110" width="22" height="22" rx="2" /><rect x="92" y="110" width="22" height="50" rx="2" />
        <rect x="175" y="98" width="36" height="26" rx="2" /><rect x="222" y="98" width="34" height="62" rx="2" />
        <rect x="312" y="118" width="20" height="20" rx="2" /><rect x="342" y="118" width="20" height="42" rx="2" />
      </g>
      <path d="M175 80l20-18h60l15 18" fill="none" stroke="#8fc3a7" strokeWidth="3" />
    </svg>
  );
}

/** The full-page gate in front of the whole app until beta access is granted. */
export function BetaGate() {
  const { t } = useTranslation('shell');
  const status = useBeta((s) => s.status);
  const error = useBeta((s) => s.error);
  const [code, setCode] = useState('');
  const checking = status === 'checking';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void submitBetaCode(code);
  };

  return (
    <Screen>
      <Story aria-labelledby="beta-story">
        <span className="brand">Modula</span>
        <div>
          <h2 id="beta-story">{t('beta.storyTitle')}</h2>
          <p>{t('beta.storyBody')}</p>
        </div>
        <Houses />
        <ul aria-label={t('beta.highlightsLabel')}>
          <li>{t('beta.highlight1')}</li>
          <li>{t('beta.highlight2')}</li>
          <li>{t('beta.highlight3')}</li>
        </ul>
      </Story>
      <FormSide>
        <div className="top">
          <LanguageSelect id="beta-language" />
        </div>
        <div className="center">
          <Card>
            <span className="pill">{t('beta.badge')}</span>
            <h1>{t('beta.title')}</h1>
            <p>{t('beta.lead')}</p>
            <form onSubmit={submit} noValidate>
              <label htmlFor="beta-code">{t('beta.codeLabel')}</label>
              <Input
                id="beta-code"
                name="code"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                autoComplete="one-time-code"
                inputMode="text"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'beta-error' : undefined}
                disabled={checking}
              />
              {error ? (
                <Alert id="beta-error" role="alert">
                  {t(error.key, error.values ?? {})}
                </Alert>
              ) : null}
              <Button type="submit" $size="lg" $block disabled={checking}>
                {checking ? t('beta.checking') : t('beta.submit')}
              </Button>
            </form>
            <small>{t('beta.noCode')}</small>
          </Card>
        </div>
      </FormSide>
    </Screen>
  );
}
