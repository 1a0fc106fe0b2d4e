import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  currentLanguage,
  getPublicClient,
  LANGUAGES,
  loadSupabase,
  newsletterPreferencesSchema,
  PageContainer,
  resolveLanguage,
  SelectField,
  toast,
  useAuth,
  useFormMessage,
  type NewsletterPreferencesInput,
  type NewsletterPreferencesValues,
} from '@modula/shared';
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
  .row > div { flex: 1 1 200px; }
  hr { border: none; border-block-start: 1px solid ${({ theme }) => theme.colors.border}; margin: ${({ theme }) => theme.space(6)} 0; }
`;

async function fetchSubscription(email: string): Promise<Subscription | 'error'> {
  const { data, error } = await getPublicClient()
    .from('newsletter_subscribers')
    .select('status,language')
    .eq('email', email.toLowerCase())
    .maybeSingle();
  return error ? 'error' : (data as Subscription);
}

/** The newsletter's language (newsletterPreferencesSchema); saved with `onSave`. */
function LanguageForm({ initial, busy, onSave }: { initial: string; busy: boolean; onSave: (language: string) => Promise<void> }) {
  const { t } = useTranslation('shell-pages');
  const formText = useFormMessage();
  const form = useForm<NewsletterPreferencesInput, unknown, NewsletterPreferencesValues>({
    resolver: zodResolver(newsletterPreferencesSchema),
    defaultValues: { language: resolveLanguage(initial) },
  });
  return (
    <form className="row" noValidate onSubmit={form.handleSubmit(({ language }) => onSave(language))}>
      <SelectField label={t('newsletter.languageLabel')} {...form.register('language')} error={formText(form.formState.errors.language)}>
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </SelectField>
      <Button type="submit" disabled={busy}>
        {t('newsletter.save')}
      </Button>
    </form>
  );
}

/** /newsletter/manage (verified): the subscription of the signed-in user's own email address. */
export function NewsletterManagePage() {
  const { t } = useTranslation('shell-pages');
  const user = useAuth((s) => s.user);
  const email = user?.email ?? '';
  const [subscription, setSubscription] = useState<Subscription | 'loading' | 'error'>('loading');
  const [busy, setBusy] = useState(false);

  const reload = () => fetchSubscription(email).then(setSubscription);
  useEffect(() => {
    let live = true;
    fetchSubscription(email).then((result) => {
      if (live) setSubscription(result);
    });
    return () => {
      live = false;
    };
  }, [email]);

  const subscribe = async () => {
    setBusy(true);
    const { data, error } = await (await loadSupabase()).functions.invoke<{ status?: string; message?: string }>('newsletter-signup', {
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
    const { error } = await getPublicClient().from('newsletter_subscribers').update(change).eq('email', email.toLowerCase());
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
            <LanguageForm
              key={subscription?.language}
              initial={subscription?.language ?? currentLanguage()}
              busy={busy}
              onSave={(language) => update({ language }, t('newsletter.saved'))}
            />
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
