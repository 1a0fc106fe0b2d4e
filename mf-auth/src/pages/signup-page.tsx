import { useRef, useState } from 'react';
import { Link, useSearchParams } from '@modula/router';
import { Trans, useTranslation } from 'react-i18next';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckboxField, Field, signupSchema, submitProblem, useFormMessage, type SignupInput, type SignupValues } from '@modula/shared';
import { AuthLayout, Footer } from '../components/auth-layout';
import { AuthForm } from '../components/auth-form';
import { PasswordField } from '../components/password-field';
import { AccountTypeField } from '../components/account-type-field';
import { FormAlert } from '../components/form-alert';
import { SubmitButton } from '../components/submit-button';
import { useMessageText } from '../components/message-text';
import { useBusy } from '../hooks/use-busy';
import { useSignedInRedirect } from '../hooks/use-signed-in-redirect';
import { useAppNavigate } from '../parcel-context';
import { checkPasswordStrength, dashboardPathFor, logSecurityEvent, signUp, track } from '../services/api';
import { isRateLimited, signupMessage, weakPasswordReasons, type Message } from '../errors/auth-errors';
import { problemFromReasons, type PasswordProblem } from '../validation/password-problem';
import { usePasswordProblemText } from '../validation/password-message';
import { usePasswordCheck } from '../validation/use-password-check';

/** The fields in the order the form shows them: the summary names the first problem in this order. */
const FIELDS = ['name', 'email', 'password', 'userType', 'agreeToTerms'] as const;

function initialType(param: string | null): SignupInput['userType'] {
  return param === 'vendor' || param === 'customer' ? param : '';
}

/** /signup, "Join Today": the account form with the spec's validation (signupSchema) and error catalogue. */
export function SignupPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useAppNavigate();
  const messageText = useMessageText();
  const formText = useFormMessage();
  const passwordText = usePasswordProblemText();
  const [busy, run] = useBusy();
  const signingUp = useSignedInRedirect(null);
  const form = useForm<SignupInput, unknown, SignupValues>({
    resolver: zodResolver(signupSchema),
    // As the sign-up always did: a field's problem shows once it was left (or on submit), then follows
    // every keystroke.
    mode: 'onTouched',
    defaultValues: { name: '', email: params.get('email') ?? '', password: '', userType: initialType(params.get('type')), agreeToTerms: false },
  });
  const { errors } = form.formState;
  const [formError, setFormError] = useState<Message | null>(null);
  /** A refusal from the server for a password the browser could not judge (the common list). */
  const [serverPassword, setServerPassword] = useState<{ password: string; problem: PasswordProblem } | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  const [name, email, password] = useWatch({ control: form.control, name: ['name', 'email', 'password'] });
  const liveCheck = usePasswordCheck(password, { email: email.trim(), name: name.trim() });

  // The password is checked as it is typed; "required" waits for a blur or a submit like the others.
  const passwordProblem: PasswordProblem | null = (serverPassword?.password === password ? serverPassword.problem : null) ?? liveCheck.problem;
  const passwordError = password ? (passwordProblem ? passwordText(passwordProblem) : undefined) : formText(errors.password);

  const fail = (message: Message, focus?: 'password') => {
    setFormError(message);
    // After React shows the message: move focus where the user has to act.
    window.setTimeout(() => (focus ? form.setFocus(focus) : alertRef.current?.focus()), 0);
  };

  // react-hook-form focuses the first invalid field; the summary says what is wrong (spec section 5).
  const invalid = (fieldErrors: FieldErrors<SignupInput>) => {
    const problem = submitProblem(fieldErrors, FIELDS);
    if (problem) setFormError({ form: problem });
  };

  const submit = (values: SignupValues) =>
    run(async () => {
      setFormError(null);
      signingUp();
      // The browser's rules passed (the schema), so a refusal here is the common or breached list.
      const strong = await checkPasswordStrength(values.password);
      if (strong === false) {
        setServerPassword({ password: values.password, problem: { kind: 'compromised' } });
        return fail({ key: 'password.compromised' }, 'password');
      }
      try {
        const outcome = await signUp({ name: values.name, email: values.email, password: values.password, userType: values.userType });
        if (outcome.kind === 'exists') return fail({ key: 'signup.errors.alreadyRegistered' });
        track('sign_up', { user_type: values.userType });
        if (outcome.kind === 'signed-in') {
          navigate(dashboardPathFor(values.userType));
          return undefined;
        }
        navigate(`/check-email?${new URLSearchParams({ email: values.email, name: values.name, userType: values.userType }).toString()}`);
      } catch (error) {
        const reasons = weakPasswordReasons(error);
        if (reasons) {
          const problem = problemFromReasons(reasons, values.password);
          setServerPassword({ password: values.password, problem });
          return fail(problem.kind === 'strength' ? { key: 'password.serverRejected' } : { text: passwordText(problem) }, 'password');
        }
        if (isRateLimited(error)) void logSecurityEvent('signup_rate_limited', { email: values.email });
        else console.warn('Sign-up failed', error);
        return fail(signupMessage(error));
      }
      return undefined;
    });

  return (
    <AuthLayout title={t('signup.title')} lead={t('signup.lead')} wide>
      {formError ? <FormAlert ref={alertRef}>{messageText(formError)}</FormAlert> : null}
      <AuthForm noValidate onSubmit={(event) => void form.handleSubmit(submit, invalid)(event)}>
        <Field label={t('signup.name')} autoComplete="name" required {...form.register('name')} error={formText(errors.name)} />
        <Field
          label={t('fields.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          {...form.register('email')}
          error={formText(errors.email)}
        />
        <PasswordField label={t('fields.password')} autoComplete="new-password" required requirementsOf={password} {...form.register('password')} error={passwordError} />
        <AccountTypeField {...form.register('userType')} error={formText(errors.userType)} />
        <CheckboxField
          {...form.register('agreeToTerms')}
          error={formText(errors.agreeToTerms)}
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
      </AuthForm>
      <Footer>
        {t('signup.haveAccount')} <Link to="/login">{t('signup.loginLink')}</Link>
      </Footer>
    </AuthLayout>
  );
}
