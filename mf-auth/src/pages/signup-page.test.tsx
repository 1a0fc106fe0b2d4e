import { beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signInForTest, signOutForTest } from '@modula/shared/testing';
import type { Mocked } from 'jest-mock';
import * as api from '../services/api';
import { authError, loadEnglish, renderAuth } from '../testing/render';

jest.mock('../services/api', () => {
  const actual = jest.requireActual<typeof import('../services/api')>('../services/api');
  return {
    ...actual,
    signUp: jest.fn(),
    checkPasswordStrength: jest.fn(),
    logSecurityEvent: jest.fn(async () => undefined),
    track: jest.fn(),
    retryAfterSeconds: jest.fn(() => null),
  };
});

const mocked = api as Mocked<typeof api>;
const STRONG = 'Tulip-Harbour-42';

beforeAll(loadEnglish);
beforeEach(() => {
  jest.clearAllMocks();
  signOutForTest();
  mocked.checkPasswordStrength.mockResolvedValue(true);
  mocked.retryAfterSeconds.mockReturnValue(null);
});

async function setup(url = '/signup') {
  const view = renderAuth(url);
  await screen.findByRole('heading', { name: 'Join Today' });
  return { ...view, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: { name?: string; email?: string; password?: string; type?: 'Customer' | 'Vendor'; terms?: boolean }) {
  if (values.name) await user.type(screen.getByLabelText('Full name'), values.name);
  if (values.email) await user.type(screen.getByLabelText('Email address'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.type) await user.click(screen.getByRole('radio', { name: values.type }));
  if (values.terms) await user.click(screen.getByRole('checkbox'));
}

const complete = { name: 'Ada Lovelace', email: 'ada@example.com', password: STRONG, type: 'Vendor', terms: true } as const;
const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Create account' }));

describe('sign-up validation (spec section 5)', () => {
  test('empty required fields: "Please fill in all required fields", nothing is sent', async () => {
    const { user } = await setup();
    await submit(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all required fields');
    expect(screen.getByLabelText('Full name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Full name'));
    expect(mocked.signUp).not.toHaveBeenCalled();
  });

  test('unticked terms alone also count as a missing required field', async () => {
    const { user } = await setup();
    await fill(user, { ...complete, terms: false });
    await submit(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all required fields');
    expect(mocked.signUp).not.toHaveBeenCalled();
  });

  test('an invalid email: "Please enter a valid email address."', async () => {
    const { user } = await setup();
    await fill(user, { ...complete, email: 'ada@example' });
    await submit(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address.');
    expect(mocked.signUp).not.toHaveBeenCalled();
  });

  test('the composition rules are listed as the user types', async () => {
    const { user } = await setup();
    const password = screen.getByLabelText('Password');
    await user.type(password, 'abc');
    expect(screen.getByText('Password must contain at least 8 characters, an uppercase letter, a number, and a special character.')).toBeTruthy();
    await user.type(password, 'DEFGH');
    expect(screen.getByText('Password must contain a number and a special character.')).toBeTruthy();
    await user.type(password, '1');
    expect(screen.getByText('Password must contain a special character.')).toBeTruthy();
    expect(password.getAttribute('aria-describedby')).toContain(`${password.id}-error`);
  });

  test('the composition rules are checked again on submit', async () => {
    const { user } = await setup();
    await fill(user, { ...complete, password: 'lowercaseonly' });
    await submit(user);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Password must contain an uppercase letter, a number, and a special character.',
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(mocked.signUp).not.toHaveBeenCalled();
  });

  test('a password containing the email username', async () => {
    const { user } = await setup();
    await fill(user, { email: 'ada.lovelace@example.com', password: 'AdaLovelace-1815' });
    expect(screen.getByText('Password cannot contain your email username.')).toBeTruthy();
  });

  test('a password containing the name', async () => {
    const { user } = await setup();
    await fill(user, { name: 'Grace Hopper', email: 'gh@example.com', password: 'GraceHopper#1906' });
    expect(screen.getByText('Password cannot contain your name.')).toBeTruthy();
  });

  test('a password on the server\'s common list shows the compromised message while typing', async () => {
    mocked.checkPasswordStrength.mockResolvedValue(false);
    const { user } = await setup();
    await fill(user, { email: 'ada@example.com', password: 'Password123!' });
    expect(
      await screen.findByText('This password has been compromised in data breaches. Please choose a different, unique password for your security.'),
    ).toBeTruthy();
    expect(mocked.checkPasswordStrength).toHaveBeenCalledWith('Password123!');
  });

  test('a password on the common or breached list gives the compromised message on submit too (issue 19, item 15)', async () => {
    const { user } = await setup();
    await fill(user, complete);
    mocked.checkPasswordStrength.mockResolvedValue(false);
    await submit(user);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This password has been compromised in data breaches. Please choose a different, unique password for your security.',
    );
    expect(mocked.signUp).not.toHaveBeenCalled();
  });

  test.each(['HouseHouse1!', 'ModulaModula1!', 'M0dulaM0dula#7'])(
    'the pattern %s gives the strength message at once, without asking the server (issue 13, item 8)',
    async (password) => {
      const { user } = await setup();
      await fill(user, { name: 'Ada Lovelace', email: 'ada@example.com', password });
      expect(screen.getByText('Password does not meet security requirements. Please choose a stronger password.')).toBeTruthy();
      await submit(user);
      expect(mocked.checkPasswordStrength).not.toHaveBeenCalled();
      expect(mocked.signUp).not.toHaveBeenCalled();
    },
  );

  test('any part of the name of three or more letters counts, in any case (issue 19, item 14)', async () => {
    const { user } = await setup();
    await fill(user, { name: 'Quinn Tester', email: 'qt@example.com', password: 'Quinn#Strong77' });
    expect(screen.getByText('Password cannot contain your name.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Strong#TESTER77');
    expect(screen.getByText('Password cannot contain your name.')).toBeTruthy();
  });

  test('the auth server\'s weak_password reasons are mapped to the catalogue', async () => {
    const { user } = await setup();
    await fill(user, complete);
    mocked.signUp.mockRejectedValueOnce(
      Object.assign(authError(422, 'weak_password', 'Password is known to be weak'), { name: 'AuthWeakPasswordError', reasons: ['pwned'] }),
    );
    await submit(user);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This password has been compromised in data breaches. Please choose a different, unique password for your security.',
    );
    mocked.signUp.mockRejectedValueOnce(
      Object.assign(authError(422, 'weak_password', 'Password is too predictable'), { name: 'AuthWeakPasswordError', reasons: ['pattern'] }),
    );
    await submit(user);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Password does not meet security requirements. Please choose a stronger password.'),
    );
    mocked.signUp.mockRejectedValueOnce(
      Object.assign(authError(422, 'weak_password', 'Password is weak'), { name: 'AuthWeakPasswordError', reasons: [] }),
    );
    await submit(user);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Password must be at least 6 characters long and meet security requirements.'),
    );
  });
});

describe('sign-up answers from the server (spec section 8)', () => {
  test('an existing email (an obfuscated user without identities) is "already registered"', async () => {
    mocked.signUp.mockResolvedValue({ kind: 'exists' });
    const { user } = await setup();
    await fill(user, complete);
    await submit(user);
    expect((await screen.findByRole('alert')).textContent).toBe(
      "An account with this email address already exists. If you haven't verified your email yet, please check your inbox. Otherwise, try signing in.",
    );
  });

  test('a 429 gives the wait in minutes from Retry-After and logs a security event', async () => {
    mocked.signUp.mockRejectedValue(authError(429, 'over_request_rate_limit', 'Too many requests'));
    mocked.retryAfterSeconds.mockReturnValue(11 * 60 + 5);
    const { user } = await setup();
    await fill(user, complete);
    await submit(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Too many signup attempts. Please wait 12 minutes before trying again.');
    expect(mocked.retryAfterSeconds).toHaveBeenCalledWith('/auth/v1/signup');
    expect(mocked.logSecurityEvent).toHaveBeenCalledWith('signup_rate_limited', { email: 'ada@example.com' });
  });

  test('the server rejecting the email address', async () => {
    mocked.signUp.mockRejectedValue(authError(400, 'validation_failed', 'Unable to validate email address: invalid format'));
    const { user } = await setup();
    await fill(user, complete);
    await submit(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address.');
  });

  test('a network failure is an unexpected error', async () => {
    mocked.signUp.mockRejectedValue(Object.assign(new Error('Failed to fetch'), { name: 'AuthRetryableFetchError', status: 0 }));
    const { user } = await setup();
    await fill(user, complete);
    await submit(user);
    expect((await screen.findByRole('alert')).textContent).toBe('An unexpected error occurred during signup. Please try again.');
  });

  test('other server messages are shown as received', async () => {
    mocked.signUp.mockRejectedValue(authError(422, 'signup_disabled', 'Signups not allowed for this instance'));
    const { user } = await setup();
    await fill(user, complete);
    await submit(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Signups not allowed for this instance');
  });

  test('success waits for verification on /check-email, once however often the button is pressed', async () => {
    let finish: (value: api.SignUpOutcome) => void = () => undefined;
    mocked.signUp.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const { user, navigate } = await setup();
    await fill(user, complete);
    await submit(user);
    const busy = await screen.findByRole('button', { name: 'Creating your account…' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    await user.click(busy);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(mocked.signUp).toHaveBeenCalledTimes(1));
    finish({ kind: 'pending', user: {} as never });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/check-email?email=ada%40example.com&name=Ada+Lovelace&userType=vendor'));
    expect(mocked.signUp).toHaveBeenCalledWith({ name: 'Ada Lovelace', email: 'ada@example.com', password: STRONG, userType: 'vendor' });
    expect(mocked.track).toHaveBeenCalledWith('sign_up', { user_type: 'vendor' });
  });

  test('nothing typed is lost when the server refuses', async () => {
    mocked.signUp.mockRejectedValue(authError(422, 'signup_disabled', 'Signups not allowed for this instance'));
    const { user } = await setup();
    await fill(user, complete);
    await submit(user);
    await screen.findByRole('alert');
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Ada Lovelace');
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('ada@example.com');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe(STRONG);
    expect((screen.getByRole('radio', { name: 'Vendor' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
  });

  test('a field shows its problem once it is left, and the problem goes as it is fixed', async () => {
    const { user } = await setup();
    const email = screen.getByLabelText('Email address');
    await user.type(email, 'ada@example');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    await user.tab();
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    await user.type(email, '.com');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBeNull());
    expect(screen.queryByText('Please enter a valid email address.')).toBeNull();
  });

  test('?type=vendor preselects the account type', async () => {
    await setup('/signup?type=vendor');
    expect((screen.getByRole('radio', { name: 'Vendor' }) as HTMLInputElement).checked).toBe(true);
  });
});

test('a signed-in customer opening /signup is sent to the dashboard', async () => {
  signInForTest({ userType: 'customer' });
  const { navigate } = await setup();
  await waitFor(() => expect(navigate).toHaveBeenCalledWith('/customer-dashboard', { replace: true }));
});

