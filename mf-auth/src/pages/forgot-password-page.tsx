import { useState } from 'react';
import { Link, useSearchParams } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Field, forgotPasswordSchema, submitProblem, type ForgotPasswordInput, type ForgotPasswordValues } from '@modula/shared';
import { AuthLayout, Footer } from '../components/auth-layout';
import { AuthForm } from '../components/auth-form';
import { ButtonLink } from '../components/button-link';
import { FormAlert } from '../components/form-alert';
import { SubmitButton } from '../components/submit-button';
import { useMessageText } from '../components/message-text';
import { useBusy } from '../hooks/use-busy';
import { requestPasswordReset } from '../services/api';
import { genericMessage, type Message } from '../errors/auth-errors';

/** /forgot-password: "Send Reset Link", then "Check your email" and back to login. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const messageText = useMessageText();
  const [busy, run] = useBusy();
  // The address stays in the form while the "sent" page shows, so "Use a different email" starts from it.
  const form = useForm<ForgotPasswordInput, unknown, ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: params.get('email') ?? '' },
    shouldUnregister: false,
  });
  const [error, setError] = useState<Message | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  // One field: the alert says what is wrong with it, the field is marked and focused.
  const invalid = (fieldErrors: FieldErrors<ForgotPasswordInput>) => {
    const problem = submitProblem(fieldErrors, ['email']);
    if (problem) setError({ form: problem });
  };

  const submit = ({ email }: ForgotPasswordValues) =>
    run(async () => {
      setError(null);
      try {
        // The server answers the same for unknown addresses, so this page never reveals who has an account.
        await requestPasswordReset(email);
        setSentTo(email);
      } catch (failure) {
        console.warn('Requesting a password reset failed', failure);
        setError(genericMessage(failure, '/auth/v1/recover'));
      }
    });

  if (sentTo) {
    return (
      <AuthLayout title={t('forgot.sentTitle')} lead={t('forgot.sentBody', { email: sentTo })}>
        <FormAlert tone="info">{t('forgot.sentHint')}</FormAlert>
        <ButtonLink to="/login">{t('common.backToLogin')}</ButtonLink>
        <Footer>
          <Button $variant="ghost" onClick={() => setSentTo(null)}>
            {t('forgot.tryAgain')}
          </Button>
        </Footer>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('forgot.title')} lead={t('forgot.lead')}>
      {error ? <FormAlert>{messageText(error)}</FormAlert> : null}
      <AuthForm noValidate onSubmit={form.handleSubmit(submit, invalid)}>
        <Field
          label={t('fields.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          {...form.register('email')}
          aria-invalid={form.formState.errors.email ? true : undefined}
        />
        <SubmitButton busy={busy} busyLabel={t('forgot.sending')}>
          {t('forgot.submit')}
        </SubmitButton>
      </AuthForm>
      <Footer>
        <Link to="/login">{t('common.backToLogin')}</Link>
      </Footer>
    </AuthLayout>
  );
}
