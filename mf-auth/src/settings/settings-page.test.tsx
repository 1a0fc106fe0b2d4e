import { beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentToast, resetToasts, signInForTest } from '@modula/shared/testing';
import type { Mocked } from 'jest-mock';
import * as api from '../services/api';
import { loadEnglish, renderAuth } from '../testing/render';
import { avatarProblem } from './avatar-section';

jest.mock('../services/api', () => {
  const actual = jest.requireActual<typeof import('../services/api')>('../services/api');
  return {
    ...actual,
    assuranceLevel: jest.fn(async () => ({ current: 'aal1', next: 'aal1' })),
    listTotpFactors: jest.fn(async () => []),
    updateProfile: jest.fn(async () => undefined),
    refreshProfile: jest.fn(async () => undefined),
    signOutOtherSessions: jest.fn(async () => undefined),
    signOut: jest.fn(async () => undefined),
    updateEmail: jest.fn(async () => undefined),
    enrollTotp: jest.fn(),
    unenrollFactor: jest.fn(async () => undefined),
    verifyTotp: jest.fn(async () => undefined),
  };
});

const mocked = api as Mocked<typeof api>;
const USER_ID = '00000000-0000-4000-8000-000000000001';

beforeAll(loadEnglish);
beforeEach(() => {
  jest.clearAllMocks();
  resetToasts();
});

describe('/profile', () => {
  test('a new name is saved and the shared store re-read, so the header shows it', async () => {
    signInForTest({ name: 'Ada Lovelace', userType: 'vendor' });
    renderAuth('/profile');
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Full name');
    await user.clear(name);
    await user.type(name, 'Ada King');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(mocked.refreshProfile).toHaveBeenCalled());
    expect(mocked.updateProfile).toHaveBeenCalledWith(USER_ID, { name: 'Ada King' });
    expect(currentToast()?.title).toBe('Profile updated');
  });

  test('vendors have a company name, customers do not', async () => {
    signInForTest({ userType: 'vendor' });
    const vendor = renderAuth('/profile');
    expect(await screen.findByLabelText('Company name')).toBeTruthy();
    vendor.unmount();
    signInForTest({ userType: 'customer' });
    renderAuth('/customer-dashboard/settings');
    await screen.findByLabelText('Full name');
    expect(screen.queryByLabelText('Company name')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Account settings' })).toBeTruthy();
  });

  test('an empty name is refused', async () => {
    signInForTest();
    renderAuth('/profile');
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Full name'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(mocked.updateProfile).not.toHaveBeenCalled();
  });

  test('a company name over 200 characters is refused at the field', async () => {
    signInForTest({ userType: 'vendor' });
    renderAuth('/profile');
    const user = userEvent.setup();
    const company = await screen.findByLabelText('Company name');
    await user.click(company);
    await user.paste('c'.repeat(201));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Please use at most 200 characters.')).toBeTruthy();
    expect(company.getAttribute('aria-invalid')).toBe('true');
    expect(mocked.updateProfile).not.toHaveBeenCalled();
  });

  test('a failed save says so and keeps what was typed', async () => {
    signInForTest({ name: 'Ada Lovelace' });
    mocked.updateProfile.mockRejectedValueOnce(new Error('offline'));
    renderAuth('/profile');
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Full name');
    await user.clear(name);
    await user.type(name, 'Ada King');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your changes could not be saved. Please try again.');
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Ada King');
  });

  test('the preferred language is saved with the profile', async () => {
    signInForTest();
    renderAuth('/profile');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Preferred language'), 'de');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(mocked.updateProfile).toHaveBeenCalledWith(USER_ID, { preferred_language: 'de' }));
  });

  test('a new email must differ from the current one; a valid one is sent and the form empties', async () => {
    signInForTest({ email: 'ada@example.com' });
    renderAuth('/profile');
    const user = userEvent.setup();
    const field = await screen.findByLabelText('New email address');
    await user.type(field, 'ADA@example.com');
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This is already your email address.');
    expect(mocked.updateEmail).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, 'ada.king@example.com');
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    await waitFor(() => expect(mocked.updateEmail).toHaveBeenCalledWith('ada.king@example.com'));
    expect(await screen.findByText('Confirm your new email address')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('');
  });

  test('two-factor set-up shows the QR code and activates with a code', async () => {
    signInForTest();
    mocked.enrollTotp.mockResolvedValue({ factorId: 'f1', qrCode: 'data:image/svg+xml;utf-8,<svg/>', secret: 'JBSWY3DPEHPK3PXP' });
    renderAuth('/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));
    expect((await screen.findByRole('img', { name: 'QR code to add Modula to your authenticator app' })).getAttribute('src')).toContain('data:image/svg');
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    await user.type(screen.getByLabelText('6-digit code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));
    await waitFor(() => expect(mocked.verifyTotp).toHaveBeenCalledWith('f1', '654321'));
    await waitFor(() => expect(currentToast()?.title).toBe('Two-factor authentication is on'));
  });

  test('signing out the other sessions', async () => {
    signInForTest();
    renderAuth('/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out of all other sessions' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Signed out of all other sessions'));
  });

  test('logout ends the session and goes to /login', async () => {
    signInForTest();
    const { navigate } = renderAuth('/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(mocked.signOut).toHaveBeenCalled();
  });
});

describe('avatar files', () => {
  test('only the bucket\'s image types, up to 2 MB', () => {
    expect(avatarProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(avatarProblem({ type: 'image/gif', size: 1000 })).toBe('type');
    expect(avatarProblem({ type: 'image/webp', size: 3 * 1024 * 1024 })).toBe('size');
  });
});
