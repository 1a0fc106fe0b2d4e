import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Button, Field } from '@modula/shared';
import { NAMESPACE } from '../../i18n';
import { subscribeNewsletter, toast, track } from '../../services/api';
import { useLanguage } from '../../hooks/use-language';

/** Spec section 9: the thank-you panel hides after 5 seconds. */
export const THANKS_MS = 5000;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

const Box = styled.section`
  margin-block: ${({ theme }) => theme.space(12)}; display: grid; gap: 24px; align-items: center;
  padding: clamp(24px, 4vw, 40px); border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.accentSoft}; border: 1px solid #f1dcc2;
  @media (min-width: 860px) { grid-template-columns: 1fr 1.2fr; }
  h2 { margin: 0 0 8px; font-size: clamp(22px, 3vw, 28px); }
  p { margin: 0; color: ${({ theme }) => theme.colors.muted}; }
  form { display: grid; gap: 12px; grid-template-columns: repeat(auto-fit, minmax(min(100%, 200px), 1fr)); align-items: end; }
  button { min-block-size: 44px; }
`;
const Thanks = styled.p`
  grid-column: 1 / -1; margin: 0; padding: 12px 16px; border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.successSoft}; color: ${({ theme }) => theme.colors.success} !important; font-weight: 700;
`;

export function Newsletter() {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [thanks, setThanks] = useState(false);

  useEffect(() => {
    if (!thanks) return undefined;
    const timer = window.setTimeout(() => setThanks(false), THANKS_MS);
    return () => window.clearTimeout(timer);
  }, [thanks]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (address === '') {
      setError(null);
      toast({ title: t('newsletter.requiredTitle'), description: t('newsletter.requiredBody'), variant: 'error' });
      return;
    }
    if (!EMAIL.test(address)) {
      setError(t('newsletter.invalidEmail'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const result = await subscribeNewsletter({ email: address, name: name.trim(), language });
      if (result.status === 'already_subscribed') {
        toast({ title: t('newsletter.alreadyTitle'), description: t('newsletter.alreadyBody') });
      } else {
        toast({ title: t('newsletter.successTitle'), description: t('newsletter.successBody'), variant: 'success' });
        track('newsletter_signup', { language });
      }
      setEmail('');
      setName('');
      setThanks(true);
    } catch {
      toast({ title: t('newsletter.failedTitle'), description: t('newsletter.failedBody'), variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box aria-labelledby="home-newsletter">
      <div>
        <h2 id="home-newsletter">{t('newsletter.title')}</h2>
        <p>{t('newsletter.lead')}</p>
      </div>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t('newsletter.email')} type="email" name="email" autoComplete="email" value={email} error={error ?? undefined} onChange={(e) => setEmail(e.target.value)} />
        <Field label={t('newsletter.name')} name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
        <Button type="submit" disabled={busy}>
          {busy ? t('newsletter.submitting') : t('newsletter.submit')}
        </Button>
        <div role="status" style={{ gridColumn: '1 / -1' }}>
          {thanks ? <Thanks>{t('newsletter.thanks')}</Thanks> : null}
        </div>
      </form>
    </Box>
  );
}
