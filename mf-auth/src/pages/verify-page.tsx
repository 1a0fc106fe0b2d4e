import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '@modula/shared';
import { AuthLayout, Footer } from '../components/auth-layout';
import { TextField } from '../components/text-field';
import { FormAlert } from '../components/form-alert';
import { SubmitButton } from '../components/submit-button';
import { useMessageText } from '../components/message-text';
import { useBusy } from '../hooks/use-busy';
import { useAppNavigate } from '../parcel-context';
import { dashboardPathFor, requestWelcomeEmail, useAuth, verifySignup } from '../services/api';
import { errorCode, genericMessage, type Message } from '../errors/auth-errors';
import { isValidEmail } from '../validation/signup-form';
import { CODE_PATTERN, normalizeCode } from './totp-step';

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
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [error, setError] = useState<Message | null>(null);
  const [submitted, setSubmitted] = useState(false);
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const value = normalizeCode(code);
    if (!email.trim() || !value) {
      setError({ key: 'errors.required' });
      return;
    }
    if (!isValidEmail(email)) {
      setError({ key: 'errors.invalidEmail' });
      return;
    }
    if (!CODE_PATTERN.test(value)) {
      setError({ key: 'verify.codeFormat' });
      return;
    }
    void confirmWith({ email: email.trim(), code: value });
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
      <form noValidate onSubmit={submit}>
        <TextField
          label={t('fields.email')}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={submitted && !email.trim() ? t('errors.requiredField') : undefined}
          required
        />
        <TextField
          label={t('verify.codeLabel')}
          hint={t('verify.codeHint')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={9}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={submitted && !code.trim() ? t('errors.requiredField') : undefined}
          required
        />
        <SubmitButton busy={busy} busyLabel={t('verify.verifying')}>
          {t('verify.submit')}
        </SubmitButton>
      </form>
      <Footer>
        <Link to="/login">{t('common.backToLogin')}</Link>
      </Footer>
    </AuthLayout>
  );
}
