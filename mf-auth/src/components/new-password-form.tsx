import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Field, newPasswordSchema, submitProblem, useFormMessage, type NewPasswordInput, type NewPasswordValues } from '@modula/shared';
import { PasswordField } from './password-field';
import { AuthForm } from './auth-form';
import { FormAlert } from './form-alert';
import { SubmitButton } from './submit-button';
import { useMessageText } from './message-text';
import { useBusy } from '../hooks/use-busy';
import { checkPasswordStrength, requestReauthentication } from '../services/api';
import { errorCode, genericMessage, weakPasswordReasons, type Message } from '../errors/auth-errors';
import { problemFromReasons, type PasswordProblem } from '../validation/password-problem';
import { usePasswordProblemText } from '../validation/password-message';
import { usePasswordCheck } from '../validation/use-password-check';

export function passwordChangeMessage(error: unknown): Message {
  if (errorCode(error) === 'same_password') return { key: 'password.samePassword' };
  if (errorCode(error) === 'insufficient_aal') return { key: 'password.reauthenticate' };
  return genericMessage(error, '/auth/v1/user');
}

const FIELDS = ['password', 'confirm', 'code'] as const;

/**
 * A new password and its confirmation, under the sign-up rules (newPasswordSchema: checked as typed
 * and on submit, then by the server). Used by /reset-password and the settings page.
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
  const formText = useFormMessage();
  const passwordText = usePasswordProblemText();
  const [busy, run] = useBusy();
  /** Set once the server wanted proof (reauthentication_needed) and a code went to the mailbox. */
  const [nonceSent, setNonceSent] = useState(false);
  const { email, name } = account;
  const schema = useMemo(() => newPasswordSchema({ email, name }, { codeRequired: nonceSent }), [email, name, nonceSent]);
  const form = useForm<NewPasswordInput, unknown, NewPasswordValues>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirm: '', code: '' },
  });
  const { errors } = form.formState;
  const [error, setError] = useState<Message | null>(null);
  const [serverProblem, setServerProblem] = useState<{ password: string; problem: PasswordProblem } | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [password, confirm] = useWatch({ control: form.control, name: ['password', 'confirm'] });
  const live = usePasswordCheck(password, account);

  // The password's rules show as it is typed; "required" waits for a submit.
  const problem = (serverProblem?.password === password ? serverProblem.problem : null) ?? live.problem;
  const passwordError = password ? (problem ? passwordText(problem) : undefined) : formText(errors.password);
  // A mismatch shows once the confirmation is as long as the password, not at its first letter.
  const liveMismatch = confirm !== '' && confirm !== password && confirm.length >= password.length;
  const confirmError = formText(errors.confirm) ?? (liveMismatch ? formText('form.password.mismatch') : undefined);

  const fail = (message: Message, target: 'alert' | 'password' = 'alert') => {
    setError(message);
    window.setTimeout(() => (target === 'alert' ? alertRef.current?.focus() : form.setFocus(target)), 0);
  };

  const invalid = (fieldErrors: FieldErrors<NewPasswordInput>) => {
    const found = submitProblem(fieldErrors, FIELDS);
    if (found) setError({ form: found });
  };

  const submit = (values: NewPasswordValues) =>
    run(async () => {
      setError(null);
      // The browser's rules passed (the schema), so a refusal here is the common or breached list.
      const strong = await checkPasswordStrength(values.password);
      if (strong === false) {
        setServerProblem({ password: values.password, problem: { kind: 'compromised' } });
        return fail({ key: 'password.compromised' }, 'password');
      }
      try {
        await onSave(values.password, nonceSent ? values.code : undefined);
      } catch (failure) {
        if (errorCode(failure) === 'reauthentication_needed' && !nonceSent) {
          try {
            await requestReauthentication();
          } catch (mailFailure) {
            console.warn('Requesting the confirmation code failed', mailFailure);
            return fail(genericMessage(mailFailure, '/auth/v1/reauthenticate'));
          }
          setNonceSent(true);
          window.setTimeout(() => form.setFocus('code'), 0);
          return undefined;
        }
        const reasons = weakPasswordReasons(failure);
        if (reasons) {
          const rejected = problemFromReasons(reasons, values.password);
          setServerProblem({ password: values.password, problem: rejected });
          return fail(rejected.kind === 'strength' ? { key: 'password.serverRejected' } : { text: passwordText(rejected) }, 'password');
        }
        console.warn('Saving the password failed', failure);
        return fail(passwordChangeMessage(failure));
      }
      return undefined;
    });

  return (
    <AuthForm noValidate onSubmit={(event) => void form.handleSubmit(submit, invalid)(event)}>
      {error ? <FormAlert ref={alertRef}>{messageText(error)}</FormAlert> : null}
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={account.email ?? ''} readOnly hidden />
      <PasswordField label={t('password.new')} autoComplete="new-password" required requirementsOf={password} {...form.register('password')} error={passwordError} />
      <PasswordField label={t('password.confirm')} autoComplete="new-password" required {...form.register('confirm')} error={confirmError} />
      {nonceSent ? (
        <>
          <FormAlert tone="info">{t('password.nonceSent')}</FormAlert>
          <Field
            label={t('password.nonceLabel')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={9}
            required
            {...form.register('code')}
            error={formText(errors.code)}
          />
        </>
      ) : null}
      <SubmitButton busy={busy} busyLabel={t('common.saving')} compact={compact}>
        {submitLabel}
      </SubmitButton>
    </AuthForm>
  );
}
