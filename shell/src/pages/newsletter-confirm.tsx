import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Link, useSearchParams } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { Button, loadSupabase, PageContainer } from '@modula/shared';
import { PageStatus } from '../layout/page-status';
import { errorResponse } from '../functions-error';

type Outcome = 'confirming' | 'confirmed' | 'already_confirmed' | 'invalid' | 'failed';

const Panel = styled.section`
  max-inline-size: 560px; margin: ${({ theme }) => theme.space(12)} auto; padding: ${({ theme }) => theme.space(8)};
  background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg}; box-shadow: ${({ theme }) => theme.shadows.card}; text-align: center;
  h1 { margin: 0 0 ${({ theme }) => theme.space(4)}; font-size: 26px; }
  p { margin: 0 0 ${({ theme }) => theme.space(5)}; line-height: 1.6; }
`;

/** Asks newsletter-signup to confirm the token from the email link (double opt-in). */
export async function confirmNewsletter(token: string | null): Promise<Outcome> {
  if (!token) return 'invalid';
  const { data, error } = await (await loadSupabase()).functions.invoke<{ status?: string }>('newsletter-signup', {
    body: { action: 'confirm', token },
  });
  if (!error) return data?.status === 'already_confirmed' ? 'already_confirmed' : data?.status === 'confirmed' ? 'confirmed' : 'failed';
  if (errorResponse(error)?.status === 400) return 'invalid';
  return 'failed';
}

const MESSAGE: Record<Exclude<Outcome, 'confirming'>, string> = {
  confirmed: 'newsletter.confirmed',
  already_confirmed: 'newsletter.alreadyConfirmed',
  invalid: 'newsletter.invalid',
  failed: 'newsletter.failed',
};

export function NewsletterConfirmPage() {
  const { t } = useTranslation('shell-pages');
  const [params] = useSearchParams();
  const token = params.get('token');
  const [outcome, setOutcome] = useState<Outcome>('confirming');
  useEffect(() => {
    let live = true;
    confirmNewsletter(token).then(
      (result) => live && setOutcome(result),
      () => live && setOutcome('failed'),
    );
    return () => {
      live = false;
    };
  }, [token]);
  const retry = () => {
    setOutcome('confirming');
    confirmNewsletter(token).then(setOutcome, () => setOutcome('failed'));
  };

  return (
    <PageContainer>
      <Panel aria-labelledby="newsletter-title">
        <h1 id="newsletter-title">{t('newsletter.confirmTitle')}</h1>
        {outcome === 'confirming' ? (
          <PageStatus label={t('newsletter.confirming')} />
        ) : (
          <>
            <p role={outcome === 'failed' || outcome === 'invalid' ? 'alert' : 'status'}>{t(MESSAGE[outcome])}</p>
            {outcome === 'failed' ? <Button onClick={retry}>{t('newsletter.retry')}</Button> : <Link to="/">{t('about.ctaBrowse')}</Link>}
          </>
        )}
      </Panel>
    </PageContainer>
  );
}
