import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '@modula/router';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Field, resendVerificationSchema, submitProblem, useFormMessage, type ResendVerificationInput, type ResendVerificationValues, type UserType } from '@modula/shared';
import { AuthLayout, Footer } from '../components/auth-layout';
import { FormAlert } from '../components/form-alert';
import { useMessageText } from '../components/message-text';
import { useBusy } from '../hooks/use-busy';
import { resendVerification, toast, useAuth } from '../services/api';
import { genericMessage, type Message } from '../errors/auth-errors';

/** GoTrue lets a confirmation be re-sent once a minute; the button waits as long. */
export const RESEND_COOLDOWN_SECONDS = 60;

const Steps = styled.ol`
  margin: 0 0 ${({ theme }) => theme.space(6)}; padding-inline-start: 1.3em; display: grid; gap: 6px;
`;
const Address = styled.strong`overflow-wrap: anywhere;`;
const Actions = styled.div`
  display: grid; gap: ${({ theme }) => theme.space(3)};
  p { margin: 0; color: ${({ theme }) => theme.colors.muted}; font-size: 14px; }
`;

function userTypeParam(value: string | null, fallback: UserType | undefined): UserType {
  return value === 'vendor' || value === 'customer' ? value : (fallback ?? 'customer');
}

/**
 * /check-email and /email-verification: where the verification link went, and a resend button
 * (the pending-verification state after sign-up, and where the guard sends unconfirmed users).
 */
export function CheckEmailPage({ variant }: { variant: 'check' | 'verification' }) {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const messageText = useMessageText();
  const signedInUser = useAuth((state) => state.user);
  const [busy, run] = useBusy();
  const formText = useFormMessage();
  const knownEmail = params.get('email')?.trim() || signedInUser?.email || '';
  // The address is asked for only when the page does not know it; the schema checks it either way.
  const form = useForm<ResendVerificationInput, unknown, ResendVerificationValues>({
    resolver: zodResolver(resendVerificationSchema),
    defaultValues: { email: '' },
    values: knownEmail ? { email: knownEmail } : undefined,
  });
  const typedEmail = useWatch({ control: form.control, name: 'email' });
  const [cooldown, setCooldown] = useState(0);
  const [error, setError] = useState<Message | null>(null);
  const [sent, setSent] = useState(false);

  const email = knownEmail || typedEmail.trim();
  const name = params.get('name')?.trim() || signedInUser?.name || '';
  const userType = userTypeParam(params.get('userType'), signedInUser?.userType);

  useEffect(() => {
    if (cooldown <= 0) return undefined;
    const timer = window.setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [cooldown]);

  const resend = ({ email: address }: ResendVerificationValues) => {
    if (cooldown > 0) return;
    void run(async () => {
      setError(null);
      try {
        await resendVerification(address, { name, userType });
        setSent(true);
        setCooldown(RESEND_COOLDOWN_SECONDS);
        toast({ title: t('verification.resent'), description: t('verification.resentBody'), variant: 'success' });
      } catch (failure) {
        console.warn('Resending the verification email failed', failure);
        const message = genericMessage(failure, '/auth/v1/resend');
        setError(message);
        toast({ title: t('verification.resendFailed'), description: messageText(message), variant: 'error' });
      }
    });
  };

  const verifyLink = `/verify?${new URLSearchParams({ email, name, userType }).toString()}`;

  return (
    <AuthLayout
      title={variant === 'check' ? t('verification.checkTitle') : t('verification.verificationTitle')}
      lead={
        knownEmail ? (
          <>
            {t('verification.sentTo')} <Address>{knownEmail}</Address>
          </>
        ) : (
          t('verification.sentToYou')
        )
      }
    >
      {sent ? (
        <FormAlert tone="success" title={t('verification.resent')}>
          {t('verification.resentBody')}
        </FormAlert>
      ) : null}
      {error ? (
        <FormAlert title={t('verification.resendFailed')}>{messageText(error)}</FormAlert>
      ) : null}
      <Steps>
        <li>{t('verification.step1')}</li>
        <li>{t('verification.step2')}</li>
        <li>{t('verification.step3')}</li>
      </Steps>
      <form
        noValidate
        onSubmit={form.handleSubmit(resend, (fieldErrors) => {
          const problem = submitProblem(fieldErrors, ['email']);
          if (problem) setError({ form: problem });
        })}
      >
        <Actions>
          {knownEmail ? null : (
            <Field label={t('fields.email')} type="email" inputMode="email" autoComplete="email" required {...form.register('email')} error={formText(form.formState.errors.email)} />
          )}
          <p>{t('verification.notReceived')}</p>
          <Button type="submit" $variant="secondary" $block aria-disabled={busy || cooldown > 0 || undefined}>
            {busy ? t('verification.resending') : t('verification.resend')}
          </Button>
          {cooldown > 0 ? <p>{t('verification.cooldown', { count: cooldown })}</p> : null}
          <Link to={verifyLink}>{t('verification.haveCode')}</Link>
        </Actions>
      </form>
      <Footer>
        <Link to="/login">{t('common.backToLogin')}</Link>
      </Footer>
    </AuthLayout>
  );
}
