import { beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signInForTest, signOutForTest, testSession } from '@modula/shared/testing';
import type { Mocked } from 'jest-mock';
import * as api from '../services/api';
import { authError, loadEnglish, renderAuth } from '../testing/render';

jest.mock('../services/api', () => {
  const actual = jest.requireActual<typeof import('../services/api')>('../services/api');
  return {
    ...actual,
    signIn: jest.fn(),
    fetchAccount: jest.fn(),
    verifyTotp: jest.fn(),
    sendSignInLink: jest.fn(),
    logSecurityEvent: jest.fn(async () => undefined),
    track: jest.fn(),
    retryAfterSeconds: jest.fn(() => null),
  };
});

const mocked = api as Mocked<typeof api>;

beforeAll(loadEnglish);
beforeEach(() => {
  jest.clearAllMocks();
  signOutForTest();
  mocked.retryAfterSeconds.mockReturnValue(null);
});

async function setup(url = '/login', state?: unknown) {
  const view = renderAuth(url, { state });
  await screen.findByRole('heading', { name: 'Welcome back' });
  return { ...view, user: userEvent.setup() };
}

async function logIn(user: ReturnType<typeof userEvent.setup>, email = 'ada@example.com', password = 'Tulip-Harbour-42') {
  await user.type(screen.getByLabelText('Email address'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('after login, by user type (spec section 6)', () => {
  test.each([
    ['vendor', '/dashboard'],
    ['customer', '/customer-dashboard'],
  ] as const)('a %s lands on %s', async (userType, path) => {
    const session = testSession({ userType });
    mocked.signIn.mockResolvedValue({ kind: 'signed-in', session });
    mocked.fetchAccount.mockResolvedValue({ userType, admin: false });
    const { user, navigate } = await setup();
    await logIn(user);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(path));
    expect(mocked.signIn).toHaveBeenCalledWith('ada@example.com', 'Tulip-Harbour-42');
    expect(mocked.fetchAccount).toHaveBeenCalledWith(session);
    expect(mocked.track).toHaveBeenCalledWith('login', { user_type: userType });
  });

  test('an administrator lands on /admin/analytics', async () => {
    const session = testSession({ userType: 'customer' });
    mocked.signIn.mockResolvedValue({ kind: 'signed-in', session });
    mocked.fetchAccount.mockResolvedValue({ userType: 'customer', admin: true });
    const { user, navigate } = await setup();
    await logIn(user);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/admin/analytics'));
  });

  test('a user the guard sent here still lands on their dashboard (spec section 6)', async () => {
    mocked.signIn.mockResolvedValue({ kind: 'signed-in', session: testSession() });
    mocked.fetchAccount.mockResolvedValue({ userType: 'customer', admin: false });
    const { user, navigate } = await setup('/login', { from: '/profile' });
    await logIn(user);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/customer-dashboard'));
  });

  test('the demo customer button signs in with the seeded demo account', async () => {
    mocked.signIn.mockResolvedValue({ kind: 'signed-in', session: testSession() });
    mocked.fetchAccount.mockResolvedValue({ userType: 'customer', admin: false });
    const { user, navigate } = await setup();
    await user.click(screen.getByRole('button', { name: 'Try the demo customer' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/customer-dashboard'));
    expect(mocked.signIn).toHaveBeenCalledWith('demo.customer@modula.eu', 'ModulaDemo!2026');
  });

  test('the demo vendor button lands on /dashboard', async () => {
    mocked.signIn.mockResolvedValue({ kind: 'signed-in', session: testSession({ userType: 'vendor' }) });
    mocked.fetchAccount.mockResolvedValue({ userType: 'vendor', admin: false });
    const { user, navigate } = await setup();
    await user.click(screen.getByRole('button', { name: 'Try the demo vendor' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/dashboard'));
    expect(mocked.signIn).toHaveBeenCalledWith('demo.vendor@modula.eu', 'ModulaDemo!2026');
  });

  test('with two-factor on, the authenticator code completes the login', async () => {
    mocked.signIn.mockResolvedValue({ kind: 'mfa', session: testSession({ userType: 'vendor' }), factorId: 'factor-1' });
    mocked.fetchAccount.mockResolvedValue({ userType: 'vendor', admin: false });
    mocked.verifyTotp.mockResolvedValue(undefined);
    const { user, navigate } = await setup();
    await logIn(user);
    await screen.findByRole('heading', { name: 'Two-factor authentication' });
    expect(navigate).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('6-digit code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/dashboard'));
    expect(mocked.verifyTotp).toHaveBeenCalledWith('factor-1', '123456');
  });

  test('an authenticator code that is not 6 digits is explained and not sent; a wrong one empties the field', async () => {
    mocked.signIn.mockResolvedValue({ kind: 'mfa', session: testSession({ userType: 'vendor' }), factorId: 'factor-1' });
    mocked.fetchAccount.mockResolvedValue({ userType: 'vendor', admin: false });
    mocked.verifyTotp.mockRejectedValue(authError(422, 'mfa_verification_failed', 'Invalid TOTP code entered'));
    const { user } = await setup();
    await logIn(user);
    const code = await screen.findByLabelText('6-digit code');
    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the 6 digits your authenticator app shows.');
    expect(mocked.verifyTotp).not.toHaveBeenCalled();
    await user.type(code, '6');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('That code is not right or has expired. Enter the current code from your authenticator app.'),
    );
    expect((screen.getByLabelText('6-digit code') as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText('6-digit code'));
  });
});

describe('login errors (spec section 8)', () => {
  test('unconfirmed email', async () => {
    mocked.signIn.mockRejectedValue(authError(400, 'email_not_confirmed', 'Email not confirmed'));
    const { user, navigate } = await setup();
    await logIn(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      "Please check your email and click the verification link to activate your account. Check your spam folder if you don't see the email.",
    );
    expect(screen.getByRole('link', { name: 'Send the verification email again' }).getAttribute('href')).toBe('/check-email?email=ada%40example.com');
    expect(mocked.logSecurityEvent).toHaveBeenCalledWith('login_failed', { email: 'ada@example.com', reason: 'email_not_confirmed' });
    expect(navigate).not.toHaveBeenCalled();
  });

  test('invalid credentials are logged as a security event', async () => {
    mocked.signIn.mockRejectedValue(authError(400, 'invalid_credentials', 'Invalid login credentials'));
    const { user } = await setup();
    await logIn(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password. Please check your credentials and try again.');
    expect(mocked.logSecurityEvent).toHaveBeenCalledWith('login_failed', { email: 'ada@example.com', reason: 'invalid_credentials' });
  });

  test('rate limited: minutes from Retry-After, logged', async () => {
    mocked.signIn.mockRejectedValue(authError(429, 'over_request_rate_limit', 'Too many login attempts'));
    mocked.retryAfterSeconds.mockReturnValue(60);
    const { user } = await setup();
    await logIn(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Too many login attempts. Please wait 1 minute before trying again.');
    mocked.retryAfterSeconds.mockReturnValue(900);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Too many login attempts. Please wait 15 minutes before trying again.'),
    );
    expect(mocked.retryAfterSeconds).toHaveBeenCalledWith('/auth/v1/token');
    expect(mocked.logSecurityEvent).toHaveBeenCalledWith('login_rate_limited', { email: 'ada@example.com' });
  });

  test('while the password limit holds, the owner can ask for an emailed sign-in link (issue 13, item 6)', async () => {
    mocked.signIn.mockRejectedValue(authError(429, 'over_request_rate_limit', 'Request rate limit reached. Please wait 14 minutes before trying again.'));
    mocked.sendSignInLink.mockResolvedValue(undefined);
    const { user } = await setup();
    await logIn(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Too many login attempts. Please wait 14 minutes before trying again.');
    expect(screen.getByText('You can still log in with a one-time link we email to you.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(mocked.sendSignInLink).toHaveBeenCalledWith('ada@example.com');
    expect((await screen.findByRole('status')).textContent).toBe(
      "If an account exists for ada@example.com, we've sent it a sign-in link. Open the link on this device to log in.",
    );
    expect(screen.queryByRole('button', { name: 'Email me a sign-in link' })).toBeNull();
  });

  test('the sign-in link has its own limit: the page says to use the newest link or wait', async () => {
    mocked.signIn.mockRejectedValue(authError(429, 'over_request_rate_limit', 'Request rate limit reached. Please wait 14 minutes before trying again.'));
    mocked.sendSignInLink.mockRejectedValue(authError(429, 'over_request_rate_limit', 'Request rate limit reached. Please wait 3 minutes before trying again.'));
    const { user } = await setup();
    await logIn(user);
    await user.click(await screen.findByRole('button', { name: 'Email me a sign-in link' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Too many sign-in emails were asked for this address. Use the link in the newest one, or wait 3 minutes before asking again.',
    );
  });

  test('no sign-in link is offered for wrong credentials or for the demo accounts', async () => {
    mocked.signIn.mockRejectedValue(authError(400, 'invalid_credentials', 'Invalid login credentials'));
    const { user } = await setup();
    await logIn(user);
    await screen.findByRole('alert');
    expect(screen.queryByRole('button', { name: 'Email me a sign-in link' })).toBeNull();
    mocked.signIn.mockRejectedValue(authError(429, 'over_request_rate_limit', 'Request rate limit reached. Please wait 14 minutes before trying again.'));
    await user.click(screen.getByRole('button', { name: 'Try the demo customer' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^Too many login attempts/));
    expect(screen.queryByRole('button', { name: 'Email me a sign-in link' })).toBeNull();
  });

  test('a network failure is an unexpected error', async () => {
    mocked.signIn.mockRejectedValue(Object.assign(new Error('Failed to fetch'), { name: 'AuthRetryableFetchError', status: 0 }));
    const { user } = await setup();
    await logIn(user);
    expect((await screen.findByRole('alert')).textContent).toBe('An unexpected error occurred during login');
  });

  test('a malformed email is explained, focused and not sent', async () => {
    const { user } = await setup();
    await user.type(screen.getByLabelText('Email address'), 'ada@example');
    await user.type(screen.getByLabelText('Password'), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address.');
    expect(document.activeElement).toBe(screen.getByLabelText('Email address'));
    expect(mocked.signIn).not.toHaveBeenCalled();
  });

  test('empty fields are not sent', async () => {
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all required fields');
    expect(mocked.signIn).not.toHaveBeenCalled();
  });
});

describe('arriving at /login', () => {
  test('after verification: the query greets the user and fills in the email', async () => {
    await setup('/login?verified=true&email=ada%40example.com&name=Ada&userType=vendor');
    expect(screen.getByText('Your email is verified')).toBeTruthy();
    expect(screen.getByText('Welcome to Modula, Ada! Log in to get started. Your vendor dashboard is waiting for you.')).toBeTruthy();
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('ada@example.com');
  });

  test('after a password reset', async () => {
    await setup('/login?reset=true');
    expect(screen.getByText('Your password has been changed')).toBeTruthy();
  });
});

describe('deep links and signed-in visitors', () => {
  test('after signing in, the guest returns to the page the guard stopped them at', async () => {
    mocked.signIn.mockResolvedValue({ kind: 'signed-in', session: testSession() });
    mocked.fetchAccount.mockResolvedValue({ userType: 'customer', admin: false });
    const { user, navigate } = await setup('/login?next=%2Fcustomer-dashboard%2Ffavorites%3Fsort%3Dnew');
    await logIn(user);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/customer-dashboard/favorites?sort=new'));
  });

  test.each(['//evil.com/x', '/\\evil.com', 'https://evil.com/', 'javascript:alert(1)', '/login?next=%2Fprofile'])('a next of %s is ignored: the dashboard', async (next) => {
    mocked.signIn.mockResolvedValue({ kind: 'signed-in', session: testSession() });
    mocked.fetchAccount.mockResolvedValue({ userType: 'customer', admin: false });
    const { user, navigate } = await setup(`/login?${new URLSearchParams({ next }).toString()}`);
    await logIn(user);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/customer-dashboard'));
  });

  test('a signed-in vendor opening /login is sent to the dashboard', async () => {
    signInForTest({ userType: 'vendor' });
    const { navigate } = await setup();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/dashboard', { replace: true }));
  });

  test('a signed-in customer opening a deep login link goes straight to the page', async () => {
    signInForTest({ userType: 'customer' });
    const { navigate } = await setup('/login?next=%2Fcustomer-dashboard%2Ffavorites');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/customer-dashboard/favorites', { replace: true }));
  });
});
