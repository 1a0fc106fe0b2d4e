import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { authenticatorCodeSchema, Field, submitProblem, type AuthenticatorCodeInput, type AuthenticatorCodeValues } from '@modula/shared';
import { AuthForm } from '../components/auth-form';
import { FormAlert } from '../components/form-alert';
import { SubmitButton } from '../components/submit-button';
import { useMessageText } from '../components/message-text';
import { useBusy } from '../hooks/use-busy';
import { verifyTotp } from '../services/api';
import { errorCode, genericMessage, type Message } from '../errors/auth-errors';

export function totpMessage(error: unknown): Message {
  const code = errorCode(error);
  if (code === 'mfa_verification_failed' || code === 'mfa_challenge_expired') return { key: 'mfa.wrongCode' };
  return genericMessage(error, '/verify');
}

/** Asks for the 6-digit code of the user's authenticator app and verifies it against a factor. */
export function TotpStep({
  factorId,
  onVerified,
  submitLabel,
  compact,
}: {
  factorId: string;
  onVerified: () => void;
  submitLabel?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation('auth');
  const messageText = useMessageText();
  const [busy, run] = useBusy();
  const form = useForm<AuthenticatorCodeInput, unknown, AuthenticatorCodeValues>({ resolver: zodResolver(authenticatorCodeSchema), defaultValues: { code: '' } });
  const [error, setError] = useState<Message | null>(null);

  // One field: the alert says what is wrong, the field is marked and focused.
  const invalid = (fieldErrors: FieldErrors<AuthenticatorCodeInput>) => {
    const problem = submitProblem(fieldErrors, ['code']);
    if (problem) setError({ form: problem });
  };

  const submit = ({ code }: AuthenticatorCodeValues) =>
    run(async () => {
      setError(null);
      try {
        await verifyTotp(factorId, code);
        onVerified();
      } catch (failure) {
        setError(totpMessage(failure));
        // A wrong or expired code is of no more use: the field empties for the app's next one.
        form.resetField('code');
        form.setFocus('code');
      }
    });

  return (
    <AuthForm noValidate onSubmit={form.handleSubmit(submit, invalid)}>
      {error ? <FormAlert>{messageText(error)}</FormAlert> : null}
      <Field
        label={t('mfa.codeLabel')}
        hint={t('mfa.codeHint')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={9}
        autoFocus
        required
        {...form.register('code')}
        aria-invalid={error ? true : undefined}
      />
      <SubmitButton busy={busy} busyLabel={t('mfa.verifying')} compact={compact}>
        {submitLabel ?? t('mfa.verify')}
      </SubmitButton>
    </AuthForm>
  );
}
