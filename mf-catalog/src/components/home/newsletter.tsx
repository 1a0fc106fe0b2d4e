import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Field, FORM_MESSAGES, newsletterSchema, parseFormMessage, useFormMessage, type NewsletterInput, type NewsletterValues } from '@modula/shared';
import { NAMESPACE } from '../../i18n';
import { subscribeNewsletter, toast, track } from '../../services/api';
import { useLanguage } from '../../hooks/use-language';

/** Spec section 9: the thank-you panel hides after 5 seconds. */
export const THANKS_MS = 5000;

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

/** The home page's newsletter sign-up (newsletterSchema, which the newsletter-signup function checks too). */
export function Newsletter() {
  const { t } = useTranslation(NAMESPACE);
  const formText = useFormMessage();
  const language = useLanguage();
  const form = useForm<NewsletterInput, unknown, NewsletterValues>({ resolver: zodResolver(newsletterSchema), defaultValues: { email: '', name: '' } });
  const { errors, isSubmitting } = form.formState;
  // What the status panel says after a request: thanks, or (one message with the toast) already subscribed.
  const [thanks, setThanks] = useState<'thanks' | 'already' | null>(null);

  useEffect(() => {
    if (!thanks) return undefined;
    const timer = window.setTimeout(() => setThanks(null), THANKS_MS);
    return () => window.clearTimeout(timer);
  }, [thanks]);

  // Spec section 8: an empty email is "Email required - Please enter your email address to subscribe."
  const invalid = (fieldErrors: FieldErrors<NewsletterInput>) => {
    const message = fieldErrors.email?.message;
    if (message && parseFormMessage(message).key === FORM_MESSAGES.emailRequired) {
      toast({ title: t('newsletter.requiredTitle'), description: formText(message), variant: 'error' });
    }
  };

  async function submit(values: NewsletterValues) {
    try {
      const result = await subscribeNewsletter({ email: values.email, name: values.name, language });
      const already = result.status === 'already_subscribed';
      if (already) {
        toast({ title: t('newsletter.alreadyTitle'), description: t('newsletter.alreadyBody') });
      } else {
        toast({ title: t('newsletter.successTitle'), description: t('newsletter.successBody'), variant: 'success' });
        track('newsletter_signup', { language });
      }
      form.reset();
      setThanks(already ? 'already' : 'thanks');
    } catch {
      // What was typed stays for another try.
      toast({ title: t('newsletter.failedTitle'), description: t('newsletter.failedBody'), variant: 'error' });
    }
  }

  return (
    <Box aria-labelledby="home-newsletter">
      <div>
        <h2 id="home-newsletter">{t('newsletter.title')}</h2>
        <p>{t('newsletter.lead')}</p>
      </div>
      <form onSubmit={form.handleSubmit(submit, invalid)} noValidate>
        <Field label={t('newsletter.email')} type="email" autoComplete="email" required {...form.register('email')} error={formText(errors.email)} />
        <Field label={t('newsletter.name')} autoComplete="name" {...form.register('name')} error={formText(errors.name)} />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('newsletter.submitting') : t('newsletter.submit')}
        </Button>
        <div role="status" style={{ gridColumn: '1 / -1' }}>
          {thanks ? <Thanks>{thanks === 'already' ? t('newsletter.alreadyBody') : t('newsletter.thanks')}</Thanks> : null}
        </div>
      </form>
    </Box>
  );
}
