import { useState } from 'react';
import { Link } from '@modula/router';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { emailCodeSchema, Field, submitProblem, useFormMessage, type EmailCodeInput, type EmailCodeValues } from '@modula/shared';
import { AuthLayout, Footer } from '../components/auth-layout';
import { AuthForm } from '../components/auth-form';
import { FormAlert } from '../components/form-alert';
import { SubmitButton } from '../components/submit-button';
import { NewPasswordForm } from '../components/new-password-form';
import { useMessageText } from '../components/message-text';
import { useBusy } from '../hooks/use-busy';
import { useStepUp } from '../hooks/use-step-up';
import { useAppNavigate } from '../parcel-context';
import { signOut, updatePassword, useAuth, verifyRecoveryCode } from '../services/api';
import { errorCode, genericMessage, type Message } from '../errors/auth-errors';
import { TotpStep } from './totp-step';

const Waiting = styled.p`color: ${({ theme }) => theme.colors.muted};`;

/** Where the user goes once the new password is saved: the login page says so. */
export const AFTER_RESET = '/login?reset=true';

/** The recovery email's code, for a link that expired or was opened in another browser. */
function RecoveryCodeForm() {
  const { t } = useTranslation('auth');
  const messageText = useMessageText();
  const [busy, run] = useBusy();
  const formText = useFormMessage();
  const form = useForm<EmailCodeInput, unknown, EmailCodeValues>({ resolver: zodResolver(emailCodeSchema), defaultValues: { email: '', code: '' } });
  const { errors } = form.formState;
  const [error, setError] = useState<Message | null>(null);

  const invalid = (fieldErrors: FieldErrors<EmailCodeInput>) => {
    const problem = submitProblem(fieldErrors, ['email', 'code']);
    if (problem) setError({ form: problem });
  };

  const submit = ({ email, code }: EmailCodeValues) =>
    run(async () => {
      setError(null);
      try {
        // On success the auth store receives the recovery session and the page shows the password form.
        await verifyRecoveryCode(email, code);
      } catch (failure) {
        setError(errorCode(failure) === 'otp_expired' ? { key: 'verify.invalidCode' } : genericMessage(failure, '/auth/v1/verify'));
      }
    });

  return (
    <AuthForm noValidate onSubmit={form.handleSubmit(submit, invalid)}>
      {error ? <FormAlert>{messageText(error)}</FormAlert> : null}
      <Field label={t('fields.email')} type="email" autoComplete="email" required {...form.register('email')} error={formText(errors.email)} />
      <Field
        label={t('verify.codeLabel')}
        hint={t('reset.codeHint')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={9}
        required
        {...form.register('code')}
        error={formText(errors.code)}
      />
      <SubmitButton busy={busy} busyLabel={t('verify.verifying')}>
        {t('reset.useCode')}
      </SubmitButton>
    </AuthForm>
  );
}

/**
 * /reset-password: the recovery link lands here with its tokens in the hash (the shell keeps them
 * and supabase-js turns them into a recovery session); the user picks a new password, then logs in.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useAppNavigate();
  const status = useAuth((state) => state.status);
  const session = useAuth((state) => state.session);
  const user = useAuth((state) => state.user);
  const [stepUp, recheck] = useStepUp(session?.access_token ?? null);

  if (status === 'loading') {
    return (
      <AuthLayout title={t('reset.title')}>
        <Waiting role="status">{t('reset.checking')}</Waiting>
      </AuthLayout>
    );
  }

  if (!session) {
    return (
      <AuthLayout title={t('reset.invalidTitle')} lead={t('reset.invalidBody')}>
        <RecoveryCodeForm />
        <Footer>
          <Link to="/forgot-password">{t('reset.requestNew')}</Link>
        </Footer>
      </AuthLayout>
    );
  }

  if (stepUp.state === 'needed') {
    return (
      <AuthLayout title={t('mfa.stepUpTitle')} lead={t('mfa.stepUpLead')}>
        <TotpStep factorId={stepUp.factorId} onVerified={recheck} />
      </AuthLayout>
    );
  }

  const save = async (password: string) => {
    await updatePassword(password);
    // The recovery session ends here: the user proves the new password by logging in with it.
    await signOut('local');
    navigate(AFTER_RESET, { replace: true });
  };

  return (
    <AuthLayout title={t('reset.title')} lead={t('reset.lead', { email: session.user.email ?? '' })}>
      {stepUp.state === 'checking' ? (
        <Waiting role="status">{t('reset.checking')}</Waiting>
      ) : (
        <NewPasswordForm account={{ email: session.user.email ?? '', name: user?.name ?? '' }} submitLabel={t('reset.submit')} onSave={save} />
      )}
      <Footer>
        <Link to="/login">{t('common.backToLogin')}</Link>
      </Footer>
    </AuthLayout>
  );
}
