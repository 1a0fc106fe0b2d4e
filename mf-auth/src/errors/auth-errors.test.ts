import { beforeEach, describe, expect, test } from '@jest/globals';
import type { Mocked } from 'jest-mock';
import * as api from '../services/api';
import { authError } from '../testing/render';
import { loginMessage, signupMessage, waitMinutes } from './auth-errors';

jest.mock('../services/api', () => ({
  ...jest.requireActual<typeof import('../services/api')>('../services/api'),
  retryAfterSeconds: jest.fn(() => null),
}));

const mocked = api as Mocked<typeof api>;

beforeEach(() => {
  mocked.retryAfterSeconds.mockReturnValue(null);
});

describe('the wait of a rate limit, in whole minutes', () => {
  test('Retry-After comes first and is rounded up', () => {
    mocked.retryAfterSeconds.mockReturnValue(601);
    expect(waitMinutes(authError(429, 'over_request_rate_limit', 'Please wait 3 minute(s)'), '/auth/v1/token')).toBe(11);
    mocked.retryAfterSeconds.mockReturnValue(5);
    expect(waitMinutes(authError(429, 'over_request_rate_limit', ''), '/auth/v1/token')).toBe(1);
  });

  test('without the header: our server\'s minutes, GoTrue\'s seconds, else the 15-minute window', () => {
    const ours = authError(429, 'over_request_rate_limit', 'Request rate limit reached. Please wait 7 minute(s) before trying again.');
    expect(waitMinutes(ours, '/auth/v1/token')).toBe(7);
    const gotrue = authError(429, 'over_email_send_rate_limit', 'For security purposes, you can only request this after 42 seconds.');
    expect(waitMinutes(gotrue, '/auth/v1/resend')).toBe(1);
    expect(waitMinutes(authError(429, 'over_request_rate_limit', 'Request rate limit reached'), '/auth/v1/token')).toBe(15);
  });

  test('login and sign-up word it as the catalogue does', () => {
    const limited = authError(429, 'over_request_rate_limit', 'Request rate limit reached. Please wait 2 minute(s) before trying again.');
    expect(loginMessage(limited)).toEqual({ key: 'login.errors.rateLimited', values: { count: 2 } });
    expect(signupMessage(limited)).toEqual({ key: 'signup.errors.rateLimited', values: { count: 2 } });
  });
});
