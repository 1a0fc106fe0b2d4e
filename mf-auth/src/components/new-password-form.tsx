import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './password-field';
import { TextField } from './text-field';
import { FormAlert } from './form-alert';
import { SubmitButton } from './submit-button';
import { useMessageText } from './message-text';
import { useBusy } from '../hooks/use-busy';
import { checkPasswordStrength, requestReauthentication } from '../services/api';
import { errorCode, genericMessage, weakPasswordReasons, type Message } from '../errors/auth-errors';
import { problemFromReasons, type PasswordProblem } from '../validation/password-rules';
import { usePasswordProblemText } from '../validation/password-message';
import { usePasswordCheck } from '../validation/use-password-check';
import { CODE_PATTERN, normalizeCode } from '../pages/totp-step';

export function passwordChangeMessage(error: unknown): Message {
  if (errorCode(error) === 'same_password') return { key: 'password.samePassword' };
  if (errorCode(error) === 'insufficient_aal') return { key: 'password.reauthenticate' };
  return genericMessage(error, '/auth/v1/user');
}

/**
 * A new password and its confirmation, under the sign-up rules (checked as typed and on submit, then
 * by the server). Used by /reset-password and the settings page.
 */
export function NewPasswordForm({
  account,
  submitLabel,
  compact,
  onSave,
}: {
  account: { email?: string; name?: string };
  submitLabel: string;
  /** A normal-width button, as in the settings cards (the auth pages use a full-width one). */
  compact?: boolean;
  /** Saves the password (with the emailed nonce once the server asked for one); throws the server's error. */
  onSave: (password: string, nonce?: string) => Promise<void>;
}) {
  const { t } = useTranslation('auth');
  const messageText = useMessageText();
  const passwordText = usePasswordProblemText();
  const [busy, run] = useBusy();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<Message | null>(null);
  const [serverProblem, setServerProblem] = useState<{ password: string; problem: PasswordProblem } | null>(null);
  /** Set once the server wanted proof (reauthentication_needed) and a code went to the mailbox. */
  const [nonceSent, setNonceSent] = useState(false);
  const [nonce, setNonce] = useState('');
  const nonceRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const live = usePasswordCheck(password, account);

  const problem = (serverProblem?.password === password ? serverProblem.problem : null) ?? live.problem;
  const passwordError = password ? (problem ? passwordText(problem) : undefined) : submitted ? t('errors.requiredField') : undefined;
  // A mismatch is reported once the confirmation is as long as the password, not at its first letter.
  const mismatch = confirm !== '' && confirm !== password && (submitted || confirm.length >= password.length);
  const confirmError = mismatch ? t('password.mismatch') : submitted && !confirm ? t('errors.requiredField') : undefined;

  const fail = (message: Message, target: 'alert' | 'password' | 'confirm' | 'nonce' = 'alert') => {
    setError(message);
    window.setTimeout(() => ({ alert: alertRef, password: passwordRef, confirm: confirmRef, nonce: nonceRef })[target].current?.focus(), 0);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setSubmitted(true);
      setError(null);
      if (!password || !confirm) return fail({ key: 'errors.required' }, !password ? 'password' : 'confirm');
      if (live.problem) return fail({ text: passwordText(live.problem) }, 'password');
      if (confirm !== password) return fail({ key: 'password.mismatch' }, 'confirm');
      const code = normalizeCode(nonce);
      if (nonceSent && !CODE_PATTERN.test(code)) return fail({ key: 'verify.codeFormat' }, 'nonce');
      // The browser's rules passed, so a refusal here is the common or breached list.
      const strong = await checkPasswordStrength(password);
      if (strong === false) {
        setServerProblem({ password, problem: { kind: 'compromised' } });
        return fail({ key: 'password.compromised' }, 'password');
      }
      try {
        await onSave(password, nonceSent ? code : undefined);
      } catch (failure) {
        if (errorCode(failure) === 'reauthentication_needed' && !nonceSent) {
          try {
            await requestReauthentication();
          } catch (mailFailure) {
            console.warn('Requesting the confirmation code failed', mailFailure);
            return fail(genericMessage(mailFailure, '/auth/v1/reauthenticate'));
          }
          setNonceSent(true);
          setError(null);
          window.setTimeout(() => nonceRef.current?.focus(), 0);
          return undefined;
        }
        const reasons = weakPasswordReasons(failure);
        if (reasons) {
          const rejected = problemFromReasons(reasons, password);
          setServerProblem({ password, problem: rejected });
          return fail(rejected.kind === 'strength' ? { key: 'password.serverRejected' } : { text: passwordText(rejected) }, 'password');
        }
        console.warn('Saving the password failed', failure);
        return fail(passwordChangeMessage(failure));
      }
      return undefined;
    });
  };

  return (
    <form noValidate onSubmit={submit}>
      {error ? <FormAlert ref={alertRef}>{messageText(error)}</FormAlert> : null}
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={account.email ?? ''} readOnly hidden />
      <PasswordField
        label={t('password.new')}
        inputRef={passwordRef}
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={passwordError}
        showRequirements
        required
      />
      <PasswordField
        label={t('password.confirm')}
        inputRef={confirmRef}
        name="confirm-password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={confirmError}
        required
      />
      {nonceSent ? (
        <>
          <FormAlert tone="info">{t('password.nonceSent')}</FormAlert>
          <TextField
            label={t('password.nonceLabel')}
            inputRef={nonceRef}
            name="nonce"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={9}
            value={nonce}
            onChange={(e) => setNonce(e.target.value)}
            required
          />
        </>
      ) : null}
      <SubmitButton busy={busy} busyLabel={t('common.saving')} compact={compact}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
