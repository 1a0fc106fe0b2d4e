import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, emailCodeSchema, Field, submitProblem, useFormMessage, type EmailCodeInput, type EmailCodeValues } from '@modula/shared';
import { AuthLayout, Footer } from '../components/auth-layout';
import { AuthForm } from '../components/auth-form';
import { FormAlert } from '../components/form-alert';
import { SubmitButton } from '../components/submit-button';
import { useMessageText } from '../components/message-text';
import { useBusy } from '../hooks/use-busy';
import { useAppNavigate } from '../parcel-context';
import { dashboardPathFor, requestWelcomeEmail, useAuth, verifySignup } from '../services/api';
import { errorCode, genericMessage, type Message } from '../errors/auth-errors';

/** Where a confirmed sign-up lands (spec section 4: the same place as the emailed link). */
export const VERIFIED_LANDING = '/?verified=true';

function verifyMessage(error: unknown): Message {
  const code = errorCode(error);
  if (code === 'otp_expired' || code === 'otp_disabled' || code === 'flow_state_not_found') return { key: 'verify.invalidCode' };
  return genericMessage(error, '/auth/v1/verify');
}

/**
 * /verify: confirms a sign-up with the 6-digit code from the email, or with a link's token hash in the
 * query. It is also where the emailed link returns: the shell turns the link's tokens into a session
 * and moves on; an expired link arrives here without them, and the page offers the code or a new email.
 */
export function VerifyPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useAppNavigate();
  const messageText = useMessageText();
  const confirmedUser = useAuth((state) => (state.status === 'signed-in' && state.emailConfirmed ? state.user : null));
  const [busy, run] = useBusy();
  const formText = useFormMessage();
  const form = useForm<EmailCodeInput, unknown, EmailCodeValues>({ resolver: zodResolver(emailCodeSchema), defaultValues: { email: params.get('email') ?? '', code: '' } });
  const { errors } = form.formState;
  const email = useWatch({ control: form.control, name: 'email' });
  const [error, setError] = useState<Message | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const tokenHash = params.get('token_hash');
  const startedHash = useRef(false);

  const confirmWith = (input: Parameters<typeof verifySignup>[0]) =>
    run(async () => {
      setError(null);
      try {
        const session = await verifySignup(input);
        await requestWelcomeEmail(session.user);
        navigate(VERIFIED_LANDING, { replace: true });
      } catch (failure) {
        setError(verifyMessage(failure));
        window.setTimeout(() => alertRef.current?.focus(), 0);
      }
    });

  useEffect(() => {
    // Links built from a custom email template carry the token hash instead of going through /auth/v1/verify.
    if (!tokenHash || startedHash.current) return;
    startedHash.current = true;
    void confirmWith({ tokenHash });
  });

  const invalid = (fieldErrors: FieldErrors<EmailCodeInput>) => {
    const problem = submitProblem(fieldErrors, ['email', 'code']);
    if (problem) setError({ form: problem });
  };

  if (confirmedUser && !busy) {
    return (
      <AuthLayout title={t('verify.doneTitle')} lead={t('verify.doneBody')}>
        <Button $block $size="lg" onClick={() => navigate(dashboardPathFor(confirmedUser.userType))}>
          {t('verify.toDashboard')}
        </Button>
      </AuthLayout>
    );
  }

  const resendLink = `/check-email?${new URLSearchParams({
    email: email.trim(),
    name: params.get('name') ?? '',
    userType: params.get('userType') ?? '',
  }).toString()}`;

  return (
    <AuthLayout title={t('verify.title')} lead={tokenHash && busy ? t('verify.checkingLink') : t('verify.lead')}>
      {error ? (
        <FormAlert ref={alertRef}>
          {messageText(error)} <Link to={resendLink}>{t('verify.newEmail')}</Link>
        </FormAlert>
      ) : null}
      <AuthForm noValidate onSubmit={(event) => void form.handleSubmit((values) => confirmWith(values), invalid)(event)}>
        <Field label={t('fields.email')} type="email" inputMode="email" autoComplete="email" required {...form.register('email')} error={formText(errors.email)} />
        <Field
          label={t('verify.codeLabel')}
          hint={t('verify.codeHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={9}
          required
          {...form.register('code')}
          error={formText(errors.code)}
        />
        <SubmitButton busy={busy} busyLabel={t('verify.verifying')}>
          {t('verify.submit')}
        </SubmitButton>
      </AuthForm>
      <Footer>
        <Link to="/login">{t('common.backToLogin')}</Link>
      </Footer>
    </AuthLayout>
  );
}
