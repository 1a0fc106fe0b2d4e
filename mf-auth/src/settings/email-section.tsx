import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@modula/shared';
import { TextField } from '../components/text-field';
import { FormAlert } from '../components/form-alert';
import { useMessageText } from '../components/message-text';
import { useBusy } from '../hooks/use-busy';
import { updateEmail } from '../services/api';
import { errorCode, genericMessage, type Message } from '../errors/auth-errors';
import { isValidEmail } from '../validation/signup-form';
import { Actions, Section } from './section';

export function emailChangeMessage(error: unknown): Message {
  const code = errorCode(error);
  if (code === 'email_exists' || code === 'user_already_exists') return { key: 'settings.email.taken' };
  if (code === 'insufficient_aal' || code === 'reauthentication_needed') return { key: 'password.reauthenticate' };
  return genericMessage(error, '/auth/v1/user');
}

/** Changes the sign-in email; the change happens once the link mailed to the new address is followed. */
export function EmailSection({ email, pendingEmail }: { email: string; pendingEmail: string | null }) {
  const { t } = useTranslation('auth');
  const messageText = useMessageText();
  const [busy, run] = useBusy();
  const [next, setNext] = useState('');
  const [error, setError] = useState<Message | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(pendingEmail);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = next.trim();
    if (!address) return setError({ key: 'errors.required' });
    if (!isValidEmail(address)) return setError({ key: 'errors.invalidEmail' });
    if (address.toLowerCase() === email.toLowerCase()) return setError({ key: 'settings.email.same' });
    void run(async () => {
      setError(null);
      try {
        await updateEmail(address);
        setSentTo(address);
        setNext('');
      } catch (failure) {
        console.warn('Changing the email failed', failure);
        setError(emailChangeMessage(failure));
      }
    });
    return undefined;
  };

  return (
    <Section id="email" title={t('settings.email.title')} intro={t('settings.email.current', { email })}>
      {sentTo ? (
        <FormAlert tone="info" title={t('settings.email.pendingTitle')}>
          {t('settings.email.pendingBody', { email: sentTo })}
        </FormAlert>
      ) : null}
      {error ? <FormAlert>{messageText(error)}</FormAlert> : null}
      <form noValidate onSubmit={submit}>
        <TextField
          label={t('settings.email.new')}
          name="new-email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          aria-invalid={error ? true : undefined}
          required
        />
        <Actions>
          <Button type="submit" aria-disabled={busy || undefined}>
            {busy ? t('common.saving') : t('settings.email.submit')}
          </Button>
        </Actions>
      </form>
    </Section>
  );
}
