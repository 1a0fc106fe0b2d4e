import { beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '@modula/shared';
import { currentToast, resetToasts, signInForTest, signOutForTest, testSession } from '@modula/shared/testing';
import type { Mocked } from 'jest-mock';
import * as api from '../services/api';
import { authError, loadEnglish, renderAuth } from '../testing/render';

jest.mock('../services/api', () => {
  const actual = jest.requireActual<typeof import('../services/api')>('../services/api');
  return {
    ...actual,
    assuranceLevel: jest.fn(async () => ({ current: 'aal1', next: 'aal1' })),
    checkPasswordStrength: jest.fn(async () => true),
    updatePassword: jest.fn(),
    signOut: jest.fn(async () => undefined),
    requestPasswordReset: jest.fn(),
    verifyRecoveryCode: jest.fn(async () => undefined),
    verifySignup: jest.fn(),
    requestWelcomeEmail: jest.fn(async () => undefined),
    resendVerification: jest.fn(),
    retryAfterSeconds: jest.fn(() => null),
  };
});

const mocked = api as Mocked<typeof api>;

beforeAll(loadEnglish);
beforeEach(() => {
  jest.clearAllMocks();
  resetToasts();
  signOutForTest();
});

describe('/reset-password (the recovery link kept its hash; supabase-js made the session)', () => {
  test('a recovery session chooses a new password, then logs in again', async () => {
    signInForTest({ email: 'ada@example.com', name: 'Ada Lovelace' });
    authStore.setState({ passwordRecovery: true });
    mocked.updatePassword.mockResolvedValue(undefined);
    const { navigate } = renderAuth('/reset-password');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await user.type(await screen.findByLabelText('New password'), 'Tulip-Harbour-42');
    await user.type(screen.getByLabelText('Confirm new password'), 'Tulip-Harbour-42');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login?reset=true', { replace: true }));
    expect(mocked.updatePassword).toHaveBeenCalledWith('Tulip-Harbour-42');
    expect(mocked.signOut).toHaveBeenCalledWith('local');
  });

  test('the new password follows the sign-up rules', async () => {
    signInForTest({ email: 'ada.lovelace@example.com', name: 'Ada Lovelace' });
    renderAuth('/reset-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'Adalovelace!99');
    expect(screen.getByText('Password cannot contain your email username.')).toBeTruthy();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'short');
    expect(screen.getByText('Password must contain at least 8 characters, an uppercase letter, a number, and a special character.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(mocked.updatePassword).not.toHaveBeenCalled();
  });

  test('the confirmation must match; a mismatch is explained and nothing is saved', async () => {
    signInForTest({ email: 'ada@example.com', name: 'Ada Lovelace' });
    renderAuth('/reset-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'Tulip-Harbour-42');
    await user.type(screen.getByLabelText('Confirm new password'), 'Tulip-Harbour-24');
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The passwords do not match.');
    expect(document.activeElement).toBe(screen.getByLabelText('Confirm new password'));
    expect(mocked.updatePassword).not.toHaveBeenCalled();
  });

  test('the code from the recovery email needs an email address and 6 digits', async () => {
    renderAuth('/reset-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Code from the email'), '123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The code has 6 digits.');
    expect(mocked.verifyRecoveryCode).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Code from the email'), ' 456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(mocked.verifyRecoveryCode).toHaveBeenCalledWith('ada@example.com', '123456'));
  });

  test('an expired link (the shell dropped its error hash) offers the code or a new link', async () => {
    renderAuth('/reset-password');
    expect(await screen.findByRole('heading', { name: 'Reset link invalid or expired' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe('/forgot-password');
  });
});

describe('/forgot-password', () => {
  test('"Send Reset Link", then "Check your email" and back to login', async () => {
    mocked.requestPasswordReset.mockResolvedValue(undefined);
    renderAuth('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(mocked.requestPasswordReset).toHaveBeenCalledWith('ada@example.com');
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
  });
});

describe('/verify', () => {
  test('a link with a token hash verifies, asks for the welcome email and lands on /?verified=true', async () => {
    const session = testSession({ emailConfirmed: true, userType: 'vendor' });
    mocked.verifySignup.mockResolvedValue(session);
    const { navigate } = renderAuth('/verify?token_hash=abc123&type=signup');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/?verified=true', { replace: true }));
    expect(mocked.verifySignup).toHaveBeenCalledTimes(1);
    expect(mocked.verifySignup).toHaveBeenCalledWith({ tokenHash: 'abc123' });
    expect(mocked.requestWelcomeEmail).toHaveBeenCalledWith(session.user);
  });

  test('the 6-digit code from the email verifies too; a wrong one is explained', async () => {
    mocked.verifySignup.mockRejectedValueOnce(authError(403, 'otp_expired', 'Token has expired or is invalid'));
    const { navigate } = renderAuth('/verify?email=ada%40example.com');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Code from the email'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify email' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This code or link is invalid or has expired.');
    expect(mocked.verifySignup).toHaveBeenCalledWith({ email: 'ada@example.com', code: '123456' });
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('/check-email', () => {
  test('names the address and resends the verification email', async () => {
    mocked.resendVerification.mockResolvedValue(undefined);
    renderAuth('/check-email?email=ada%40example.com&name=Ada&userType=vendor');
    const user = userEvent.setup();
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Verification email sent!'));
    expect(currentToast()?.description).toBe('Please check your email (including spam folder) for the verification link.');
    expect(mocked.resendVerification).toHaveBeenCalledWith('ada@example.com', { name: 'Ada', userType: 'vendor' });
    expect(screen.getByText('You can send another email in 60 seconds.')).toBeTruthy();
  });

  test('a failed resend says so', async () => {
    mocked.resendVerification.mockRejectedValue(Object.assign(new Error('Failed to fetch'), { name: 'AuthRetryableFetchError', status: 0 }));
    renderAuth('/email-verification?email=ada%40example.com');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Failed to resend verification email'));
    expect(currentToast()?.variant).toBe('error');
  });
});
