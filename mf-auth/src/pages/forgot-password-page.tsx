import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '@modula/shared';
import { AuthLayout, Footer } from '../components/auth-layout';
import { TextField } from '../components/text-field';
import { ButtonLink } from '../components/button-link';
import { FormAlert } from '../components/form-alert';
import { SubmitButton } from '../components/submit-button';
import { useMessageText } from '../components/message-text';
import { useBusy } from '../hooks/use-busy';
import { requestPasswordReset } from '../services/api';
import { genericMessage, type Message } from '../errors/auth-errors';
import { isValidEmail } from '../validation/signup-form';

/** /forgot-password: "Send Reset Link", then "Check your email" and back to login. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const messageText = useMessageText();
  const [busy, run] = useBusy();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [error, setError] = useState<Message | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address || !isValidEmail(address)) {
      setError({ key: address ? 'errors.invalidEmail' : 'errors.required' });
      inputRef.current?.focus();
      return;
    }
    void run(async () => {
      setError(null);
      try {
        // The server answers the same for unknown addresses, so this page never reveals who has an account.
        await requestPasswordReset(address);
        setSentTo(address);
      } catch (failure) {
        console.warn('Requesting a password reset failed', failure);
        setError(genericMessage(failure, '/auth/v1/recover'));
      }
    });
  };

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
      <form noValidate onSubmit={submit}>
        <TextField
          label={t('fields.email')}
          inputRef={inputRef}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          required
        />
        <SubmitButton busy={busy} busyLabel={t('forgot.sending')}>
          {t('forgot.submit')}
        </SubmitButton>
      </form>
      <Footer>
        <Link to="/login">{t('common.backToLogin')}</Link>
      </Footer>
    </AuthLayout>
  );
}
