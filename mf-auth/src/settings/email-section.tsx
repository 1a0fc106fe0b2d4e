import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, emailChangeSchema, Field, submitProblem, type EmailChangeInput, type EmailChangeValues } from '@modula/shared';
import { AuthForm } from '../components/auth-form';
import { FormAlert } from '../components/form-alert';
import { useMessageText } from '../components/message-text';
import { useBusy } from '../hooks/use-busy';
import { updateEmail } from '../services/api';
import { errorCode, genericMessage, type Message } from '../errors/auth-errors';
import { Actions, Section } from './section';

export function emailChangeMessage(error: unknown): Message {
  const code = errorCode(error);
  if (code === 'email_exists' || code === 'user_already_exists') return { key: 'settings.email.taken' };
  if (code === 'insufficient_aal' || code === 'reauthentication_needed') return { key: 'password.reauthenticate' };
  return genericMessage(error, '/auth/v1/user');
}

/** Changes the sign-in email (emailChangeSchema); the change happens once the link mailed to the new address is followed. */
export function EmailSection({ email, pendingEmail }: { email: string; pendingEmail: string | null }) {
  const { t } = useTranslation('auth');
  const messageText = useMessageText();
  const [busy, run] = useBusy();
  const schema = useMemo(() => emailChangeSchema(email), [email]);
  const form = useForm<EmailChangeInput, unknown, EmailChangeValues>({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  const [error, setError] = useState<Message | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(pendingEmail);

  const invalid = (fieldErrors: FieldErrors<EmailChangeInput>) => {
    const problem = submitProblem(fieldErrors, ['email']);
    if (problem) setError({ form: problem });
  };

  const submit = ({ email: address }: EmailChangeValues) =>
    run(async () => {
      setError(null);
      try {
        await updateEmail(address);
        setSentTo(address);
        form.reset();
      } catch (failure) {
        console.warn('Changing the email failed', failure);
        setError(emailChangeMessage(failure));
      }
    });

  return (
    <Section id="email" title={t('settings.email.title')} intro={t('settings.email.current', { email })}>
      {sentTo ? (
        <FormAlert tone="info" title={t('settings.email.pendingTitle')}>
          {t('settings.email.pendingBody', { email: sentTo })}
        </FormAlert>
      ) : null}
      {/* One field: the alert says what is wrong with it. */}
      {error ? <FormAlert>{messageText(error)}</FormAlert> : null}
      <AuthForm noValidate onSubmit={form.handleSubmit(submit, invalid)}>
        <Field
          label={t('settings.email.new')}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          {...form.register('email')}
          aria-invalid={error ? true : undefined}
        />
        <Actions>
          <Button type="submit" aria-disabled={busy || undefined}>
            {busy ? t('common.saving') : t('settings.email.submit')}
          </Button>
        </Actions>
      </AuthForm>
    </Section>
  );
}
