import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Trans, useTranslation } from 'react-i18next';
import type { UserType } from '@modula/shared';
import { AuthLayout, Footer } from '../components/auth-layout';
import { TextField } from '../components/text-field';
import { PasswordField } from '../components/password-field';
import { AccountTypeField } from '../components/account-type-field';
import { CheckboxField } from '../components/checkbox-field';
import { FormAlert } from '../components/form-alert';
import { SubmitButton } from '../components/submit-button';
import { useMessageText } from '../components/message-text';
import { useBusy } from '../hooks/use-busy';
import { useAppNavigate } from '../parcel-context';
import { checkPasswordStrength, dashboardPathFor, logSecurityEvent, signUp, track } from '../services/api';
import { isRateLimited, signupMessage, weakPasswordReasons, type Message } from '../errors/auth-errors';
import { problemFromReasons, type PasswordProblem } from '../validation/password-rules';
import { usePasswordProblemText } from '../validation/password-message';
import { usePasswordCheck } from '../validation/use-password-check';
import { firstInvalidField, validateSignup, type FieldProblem, type SignupField, type SignupValues } from '../validation/signup-form';

function initialType(param: string | null): UserType | '' {
  return param === 'vendor' || param === 'customer' ? param : '';
}

/** /signup, "Join Today": the account form with the spec's validation and error catalogue. */
export function SignupPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useAppNavigate();
  const messageText = useMessageText();
  const passwordText = usePasswordProblemText();
  const [busy, run] = useBusy();

  const [values, setValues] = useState<SignupValues>({
    name: '',
    email: params.get('email') ?? '',
    password: '',
    userType: initialType(params.get('type')),
    agreeToTerms: false,
  });
  const [touched, setTouched] = useState<Partial<Record<SignupField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<Message | null>(null);
  /** A refusal from the server for a password the browser could not judge (the common list). */
  const [serverPassword, setServerPassword] = useState<{ password: string; problem: PasswordProblem } | null>(null);

  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const userTypeRef = useRef<HTMLInputElement>(null);
  const termsRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  const validation = validateSignup(values);
  const liveCheck = usePasswordCheck(values.password, { email: values.email.trim(), name: values.name.trim() });

  const set = <K extends SignupField>(field: K, value: SignupValues[K]) => setValues((v) => ({ ...v, [field]: value }));
  const blur = (field: SignupField) => () => setTouched((v) => ({ ...v, [field]: true }));

  const fieldText = (problem: FieldProblem | undefined): string | undefined => {
    if (!problem) return undefined;
    switch (problem.kind) {
      case 'required':
        return t('errors.requiredField');
      case 'invalidEmail':
        return t('errors.invalidEmail');
      case 'nameTooLong':
        return t('signup.errors.nameTooLong');
      case 'password':
        return passwordText(problem.problem);
    }
  };
  const shown = (field: SignupField) => (submitted || touched[field] ? fieldText(validation.fields[field]) : undefined);

  // The password is checked as it is typed; "required" waits for a blur or a submit like the others.
  const passwordProblem: PasswordProblem | null =
    (serverPassword?.password === values.password ? serverPassword.problem : null) ?? liveCheck.problem;
  const passwordError = values.password
    ? passwordProblem
      ? passwordText(passwordProblem)
      : undefined
    : shown('password');

  const fail = (message: Message, focus: 'alert' | SignupField = 'alert') => {
    setFormError(message);
    // After React shows the message: move focus where the user has to act.
    const targets = { alert: alertRef, name: nameRef, email: emailRef, password: passwordRef, userType: userTypeRef, agreeToTerms: termsRef };
    window.setTimeout(() => targets[focus].current?.focus(), 0);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setSubmitted(true);
      setFormError(null);
      const first = firstInvalidField(validation.fields);
      if (validation.missingRequired) return fail({ key: 'errors.required' }, first ?? 'alert');
      if (first) {
        const problem = validation.fields[first]!;
        return fail({ text: fieldText(problem) ?? '' }, first);
      }
      const name = values.name.trim();
      const email = values.email.trim();
      const userType = values.userType as UserType;

      // The browser's rules passed, so a refusal here is the common or breached list.
      const strong = await checkPasswordStrength(values.password);
      if (strong === false) {
        setServerPassword({ password: values.password, problem: { kind: 'compromised' } });
        return fail({ key: 'password.compromised' }, 'password');
      }

      try {
        const outcome = await signUp({ name, email, password: values.password, userType });
        if (outcome.kind === 'exists') return fail({ key: 'signup.errors.alreadyRegistered' });
        track('sign_up', { user_type: userType });
        if (outcome.kind === 'signed-in') {
          navigate(dashboardPathFor(userType));
          return undefined;
        }
        navigate(`/check-email?${new URLSearchParams({ email, name, userType }).toString()}`);
      } catch (error) {
        const reasons = weakPasswordReasons(error);
        if (reasons) {
          const problem = problemFromReasons(reasons, values.password);
          setServerPassword({ password: values.password, problem });
          return fail(problem.kind === 'strength' ? { key: 'password.serverRejected' } : { text: passwordText(problem) }, 'password');
        }
        if (isRateLimited(error)) void logSecurityEvent('signup_rate_limited', { email });
        else console.warn('Sign-up failed', error);
        return fail(signupMessage(error));
      }
      return undefined;
    });
  };

  return (
    <AuthLayout title={t('signup.title')} lead={t('signup.lead')} wide>
      {formError ? <FormAlert ref={alertRef}>{messageText(formError)}</FormAlert> : null}
      <form noValidate onSubmit={submit}>
        <TextField
          label={t('signup.name')}
          inputRef={nameRef}
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          onBlur={blur('name')}
          error={shown('name')}
          required
        />
        <TextField
          label={t('fields.email')}
          inputRef={emailRef}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={values.email}
          onChange={(e) => set('email', e.target.value)}
          onBlur={blur('email')}
          error={shown('email')}
          required
        />
        <PasswordField
          label={t('fields.password')}
          inputRef={passwordRef}
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => set('password', e.target.value)}
          onBlur={blur('password')}
          error={passwordError}
          showRequirements
          required
        />
        <AccountTypeField
          value={values.userType}
          onChange={(type) => set('userType', type)}
          error={shown('userType')}
          firstRef={userTypeRef}
        />
        <CheckboxField
          checked={values.agreeToTerms}
          onChange={(checked) => set('agreeToTerms', checked)}
          inputRef={termsRef}
          error={shown('agreeToTerms')}
          label={
            <Trans
              t={t}
              i18nKey="signup.agree"
              components={{
                terms: <Link to="/terms" target="_blank" rel="noopener" />,
                privacy: <Link to="/privacy" target="_blank" rel="noopener" />,
              }}
            />
          }
        />
        <SubmitButton busy={busy} busyLabel={t('signup.submitting')}>
          {t('signup.submit')}
        </SubmitButton>
      </form>
      <Footer>
        {t('signup.haveAccount')} <Link to="/login">{t('signup.loginLink')}</Link>
      </Footer>
    </AuthLayout>
  );
}
