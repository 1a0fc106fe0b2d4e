import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Button, currentLanguage, getSupabase, LANGUAGES, PageContainer, Select, toast, useAuth } from '@modula/shared';
import { PageStatus } from '../layout/page-status';

type Subscription = { status: 'pending' | 'confirmed' | 'unsubscribed'; language: string } | null;

const Panel = styled.section`
  max-inline-size: 640px; margin: ${({ theme }) => theme.space(10)} auto; padding: ${({ theme }) => theme.space(8)};
  background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg}; box-shadow: ${({ theme }) => theme.shadows.card};
  h1 { margin: 0 0 ${({ theme }) => theme.space(3)}; font-size: 28px; }
  .lead { color: ${({ theme }) => theme.colors.muted}; margin: 0 0 ${({ theme }) => theme.space(6)}; line-height: 1.6; }
  .state { padding: ${({ theme }) => theme.space(4)}; border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.primarySoft}; margin: 0 0 ${({ theme }) => theme.space(5)}; }
  .row { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(3)}; align-items: end; }
  .row > div { flex: 1 1 200px; display: grid; gap: 6px; }
  label { font-weight: 600; font-size: 14px; }
  hr { border: none; border-block-start: 1px solid ${({ theme }) => theme.colors.border}; margin: ${({ theme }) => theme.space(6)} 0; }
`;

async function fetchSubscription(email: string): Promise<Subscription | 'error'> {
  const { data, error } = await getSupabase()
    .from('newsletter_subscribers')
    .select('status,language')
    .eq('email', email.toLowerCase())
    .maybeSingle();
  return error ? 'error' : (data as Subscription);
}

/** /newsletter/manage (verified): the subscription of the signed-in user's own email address. */
export function NewsletterManagePage() {
  const { t } = useTranslation('shell-pages');
  const user = useAuth((s) => s.user);
  const email = user?.email ?? '';
  const [subscription, setSubscription] = useState<Subscription | 'loading' | 'error'>('loading');
  const [language, setLanguage] = useState<string>(currentLanguage());
  const [busy, setBusy] = useState(false);
  const selectId = useId();

  const apply = (result: Subscription | 'error') => {
    setSubscription(result);
    if (result !== 'error' && result?.language) setLanguage(result.language);
  };
  const reload = () => fetchSubscription(email).then(apply);
  useEffect(() => {
    let live = true;
    fetchSubscription(email).then((result) => {
      if (!live) return;
      setSubscription(result);
      if (result !== 'error' && result?.language) setLanguage(result.language);
    });
    return () => {
      live = false;
    };
  }, [email]);

  const subscribe = async () => {
    setBusy(true);
    const { data, error } = await getSupabase().functions.invoke<{ status?: string; message?: string }>('newsletter-signup', {
      body: { email, name: user?.name, language: currentLanguage() },
    });
    setBusy(false);
    if (error) return toast({ title: t('newsletter.subscribeFailed'), variant: 'error' });
    // The function answers in English; its status picks the reader's words.
    toast({ title: t(data?.status === 'already_subscribed' ? 'newsletter.alreadySubscribed' : 'newsletter.pending'), variant: 'success' });
    await reload();
  };

  const update = async (change: { status?: 'unsubscribed'; language?: string }, done: string) => {
    setBusy(true);
    const { error } = await getSupabase().from('newsletter_subscribers').update(change).eq('email', email.toLowerCase());
    setBusy(false);
    if (error) return toast({ title: t('newsletter.updateFailed'), variant: 'error' });
    toast({ title: done, variant: 'success' });
    await reload();
  };

  let body;
  if (subscription === 'loading') body = <PageStatus label={t('newsletter.loading')} />;
  else if (subscription === 'error') {
    body = (
      <p role="alert" className="state">
        {t('newsletter.loadFailed')}
      </p>
    );
  } else {
    const state = subscription?.status ?? 'none';
    const stateKey = { none: 'stateNone', pending: 'statePending', confirmed: 'stateConfirmed', unsubscribed: 'stateUnsubscribed' }[state];
    body = (
      <>
        <p className="state" role="status">
          {t(`newsletter.${stateKey}`)}
        </p>
        {state === 'confirmed' ? (
          <>
            <div className="row">
              <div>
                <label htmlFor={selectId}>{t('newsletter.languageLabel')}</label>
                <Select id={selectId} value={language} onChange={(event) => setLanguage(event.target.value)}>
                  {LANGUAGES.map((l) => (
                    <option key={l.code} value={l.code} lang={l.code}>
                      {l.name}
                    </option>
                  ))}
                </Select>
              </div>
              <Button disabled={busy} onClick={() => void update({ language }, t('newsletter.saved'))}>
                {t('newsletter.save')}
              </Button>
            </div>
            <hr />
            <Button $variant="secondary" disabled={busy} onClick={() => void update({ status: 'unsubscribed' }, t('newsletter.unsubscribedToast'))}>
              {t('newsletter.unsubscribe')}
            </Button>
          </>
        ) : (
          <Button disabled={busy} onClick={() => void subscribe()}>
            {state === 'pending' ? t('newsletter.resend') : busy ? t('newsletter.subscribing') : t('newsletter.subscribe', { email })}
          </Button>
        )}
      </>
    );
  }

  return (
    <PageContainer>
      <Panel aria-labelledby="manage-title">
        <h1 id="manage-title">{t('newsletter.manageTitle')}</h1>
        <p className="lead">{t('newsletter.manageLead')}</p>
        {body}
      </Panel>
    </PageContainer>
  );
}
