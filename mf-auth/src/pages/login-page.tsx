import { useRef, useState } from 'react';
import { Link, useSearchParams } from '@modula/router';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Field, loginSchema, submitProblem, useFormMessage, type LoginInput, type LoginValues, type UserType } from '@modula/shared';
import { AuthLayout, Footer } from '../components/auth-layout';
import { AuthForm } from '../components/auth-form';
import { PasswordField } from '../components/password-field';
import { FormAlert } from '../components/form-alert';
import { SubmitButton } from '../components/submit-button';
import { useMessageText } from '../components/message-text';
import { useBusy } from '../hooks/use-busy';
import { useAppNavigate } from '../parcel-context';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, fetchAccount, logSecurityEvent, type Account, signIn, track } from '../services/api';
import { errorCode, isRateLimited, loginMessage, type Message } from '../errors/auth-errors';
import { postLoginPath } from '../post-login';
import { useSignedInRedirect } from '../hooks/use-signed-in-redirect';
import { TotpStep } from './totp-step';
import { SignInLinkOffer } from '../components/sign-in-link-offer';

const Row = styled.div`
  display: flex; justify-content: flex-end; margin: -${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(1)};
  font-size: 15px;
`;
const Divider = styled.p`
  display: flex; align-items: center; gap: 12px; margin: ${({ theme }) => theme.space(6)} 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.muted}; font-size: 14px;
  &::before, &::after { content: ''; flex: 1; border-block-start: 1px solid ${({ theme }) => theme.colors.border}; }
`;
const Demo = styled.div`
  display: grid; grid-template-columns: 1fr 1fr; gap: ${({ theme }) => theme.space(3)};
  @media (max-width: 400px) { grid-template-columns: 1fr; }
`;

type Stage = { kind: 'password' } | { kind: 'mfa'; factorId: string; account: Account };

function greeting(params: URLSearchParams): { verified: boolean; name: string; userType: UserType | null } {
  const type = params.get('userType');
  return {
    verified: params.get('verified') === 'true',
    name: (params.get('name') ?? '').trim(),
    userType: type === 'vendor' || type === 'customer' ? type : null,
  };
}

/** /login: email and password (plus the authenticator code when two-factor is on), and the demo accounts. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useAppNavigate();
  const messageText = useMessageText();
  const [busy, run] = useBusy();
  const welcome = greeting(params);
  // The page the guest wanted before the guard sent them here (checked in postLoginPath).
  const next = params.get('next');
  const signingIn = useSignedInRedirect(next);

  const formText = useFormMessage();
  // Problems show on submit (not while typing a first time), then follow every keystroke.
  const form = useForm<LoginInput, unknown, LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: params.get('email') ?? '', password: '' } });
  const { errors } = form.formState;
  const [error, setError] = useState<{ message: Message; unconfirmed: boolean; lockedEmail?: string } | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'password' });
  const alertRef = useRef<HTMLDivElement>(null);
  const email = useWatch({ control: form.control, name: 'email' });

  const finish = ({ userType, admin }: Account) => {
    track('login', { user_type: userType });
    navigate(postLoginPath(userType, next, admin));
  };

  const show = (message: Message, unconfirmed = false, lockedEmail?: string) => {
    setError({ message, unconfirmed, lockedEmail });
    window.setTimeout(() => alertRef.current?.focus(), 0);
  };

  const attempt = (address: string, secret: string) =>
    run(async () => {
      setError(null);
      signingIn();
      try {
        const outcome = await signIn(address, secret);
        const account = await fetchAccount(outcome.session);
        if (outcome.kind === 'mfa') {
          setStage({ kind: 'mfa', factorId: outcome.factorId, account });
          return;
        }
        finish(account);
      } catch (failure) {
        const code = errorCode(failure);
        if (isRateLimited(failure)) void logSecurityEvent('login_rate_limited', { email: address });
        else void logSecurityEvent('login_failed', { email: address, reason: code ?? 'unexpected' });
        if (!code) console.warn('Login failed', failure);
        // The demo accounts have no mailbox to send a link to.
        const lockedOut = isRateLimited(failure) && !Object.values<string>(DEMO_ACCOUNTS).includes(address);
        show(loginMessage(failure), code === 'email_not_confirmed', lockedOut ? address : undefined);
      }
    });

  // react-hook-form focuses the first invalid field; the alert says what is wrong.
  const invalid = (fieldErrors: FieldErrors<LoginInput>) => {
    const problem = submitProblem(fieldErrors, ['email', 'password']);
    if (problem) setError({ message: { form: problem }, unconfirmed: false });
  };

  const tryDemo = (type: UserType) => {
    form.clearErrors();
    void attempt(DEMO_ACCOUNTS[type], DEMO_PASSWORD);
  };

  if (stage.kind === 'mfa') {
    return (
      <AuthLayout title={t('mfa.loginTitle')} lead={t('mfa.loginLead')}>
        <TotpStep factorId={stage.factorId} onVerified={() => finish(stage.account)} />
      </AuthLayout>
    );
  }

  const resendLink = `/check-email?${new URLSearchParams({ email: email.trim() }).toString()}`;

  return (
    <AuthLayout title={t('login.title')} lead={t('login.lead')}>
      {params.get('reset') === 'true' ? (
        <FormAlert tone="success" title={t('login.resetTitle')}>
          {t('login.resetBody')}
        </FormAlert>
      ) : null}
      {welcome.verified ? (
        <FormAlert tone="success" title={t('login.verifiedTitle')}>
          {welcome.name ? t('login.verifiedNamed', { name: welcome.name }) : t('login.verifiedBody')}
          {welcome.userType ? ` ${t(`login.verifiedNext.${welcome.userType}`)}` : ''}
        </FormAlert>
      ) : welcome.name ? (
        <FormAlert tone="info">{t('login.welcomeBack', { name: welcome.name })}</FormAlert>
      ) : null}
      {error ? (
        <FormAlert ref={alertRef}>
          {messageText(error.message)}
          {error.unconfirmed ? (
            <>
              {' '}
              <Link to={resendLink}>{t('login.resendLink')}</Link>
            </>
          ) : null}
        </FormAlert>
      ) : null}
      {error?.lockedEmail ? <SignInLinkOffer key={error.lockedEmail} email={error.lockedEmail} /> : null}
      <AuthForm noValidate onSubmit={(event) => void form.handleSubmit((values) => attempt(values.email, values.password), invalid)(event)}>
        <Field
          label={t('fields.email')}
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          {...form.register('email')}
          error={formText(errors.email)}
        />
        <PasswordField label={t('fields.password')} autoComplete="current-password" required {...form.register('password')} error={formText(errors.password)} />
        <Row>
          <Link to="/forgot-password">{t('login.forgot')}</Link>
        </Row>
        <SubmitButton busy={busy} busyLabel={t('login.submitting')}>
          {t('login.submit')}
        </SubmitButton>
      </AuthForm>
      <Divider>{t('login.demoHeading')}</Divider>
      <Demo>
        <Button $variant="secondary" onClick={() => tryDemo('customer')} aria-disabled={busy || undefined}>
          {t('login.demoCustomer')}
        </Button>
        <Button $variant="secondary" onClick={() => tryDemo('vendor')} aria-disabled={busy || undefined}>
          {t('login.demoVendor')}
        </Button>
      </Demo>
      <Footer>
        {t('login.noAccount')} <Link to="/signup">{t('login.signupLink')}</Link>
      </Footer>
    </AuthLayout>
  );
}
