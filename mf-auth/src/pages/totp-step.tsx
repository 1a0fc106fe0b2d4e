import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../components/text-field';
import { FormAlert } from '../components/form-alert';
import { SubmitButton } from '../components/submit-button';
import { useMessageText } from '../components/message-text';
import { useBusy } from '../hooks/use-busy';
import { verifyTotp } from '../services/api';
import { errorCode, genericMessage, type Message } from '../errors/auth-errors';

export const CODE_PATTERN = /^\d{6}$/;

/** Codes with spaces or dashes as apps display them ("123 456") are accepted. */
export function normalizeCode(value: string): string {
  return value.replace(/[\s-]/g, '');
}

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
  const [code, setCode] = useState('');
  const [error, setError] = useState<Message | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = normalizeCode(code);
    if (!CODE_PATTERN.test(value)) {
      setError({ key: 'mfa.codeFormat' });
      inputRef.current?.focus();
      return;
    }
    void run(async () => {
      setError(null);
      try {
        await verifyTotp(factorId, value);
        onVerified();
      } catch (failure) {
        setError(totpMessage(failure));
        setCode('');
        inputRef.current?.focus();
      }
    });
  };

  return (
    <form noValidate onSubmit={submit}>
      {error ? <FormAlert>{messageText(error)}</FormAlert> : null}
      <TextField
        label={t('mfa.codeLabel')}
        hint={t('mfa.codeHint')}
        inputRef={inputRef}
        name="totp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={9}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        aria-invalid={error ? true : undefined}
        autoFocus
        required
      />
      <SubmitButton busy={busy} busyLabel={t('mfa.verifying')} compact={compact}>
        {submitLabel ?? t('mfa.verify')}
      </SubmitButton>
    </form>
  );
}
