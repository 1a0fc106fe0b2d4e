import { beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Mocked } from 'jest-mock';
import { currentToast, resetToasts } from '@modula/shared/testing';
import * as api from '../../services/api';
import { loadEnglish, renderWithProviders } from '../../testing/render';
import { Newsletter, THANKS_MS } from './newsletter';

jest.mock('../../services/api', () => {
  const actual = jest.requireActual<typeof import('../../services/api')>('../../services/api');
  return { ...actual, subscribeNewsletter: jest.fn(), track: jest.fn() };
});
const mocked = api as Mocked<typeof api>;

beforeAll(loadEnglish);
beforeEach(() => {
  jest.clearAllMocks();
  jest.useRealTimers();
  resetToasts();
});

describe('newsletter signup (spec sections 4, 5 and 8)', () => {
  test('the email is required', async () => {
    renderWithProviders(<Newsletter />);
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(currentToast()).toMatchObject({ title: 'Email required', description: 'Please enter your email address to subscribe.' });
    expect(mocked.subscribeNewsletter).not.toHaveBeenCalled();
  });

  test('a malformed email is explained at the field, which gets the focus', async () => {
    renderWithProviders(<Newsletter />);
    const email = screen.getByLabelText('Email address');
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    // Read with the field: its aria-describedby points at the message.
    const message = document.getElementById(email.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe('Please enter a valid email address.');
    expect(document.activeElement).toBe(email);
    expect(mocked.subscribeNewsletter).not.toHaveBeenCalled();
  });

  test('the optional name is at most 200 characters', async () => {
    renderWithProviders(<Newsletter />);
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await userEvent.click(screen.getByLabelText('Name (optional)'));
    await userEvent.paste('n'.repeat(201));
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Please use at most 200 characters.')).toBeTruthy();
    expect(mocked.subscribeNewsletter).not.toHaveBeenCalled();
  });

  test('success: the function is called, the spec toast shows, and the thank-you panel hides after 5 seconds', async () => {
    mocked.subscribeNewsletter.mockResolvedValue({ status: 'pending', message: 'Check your inbox' });
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    jest.useFakeTimers();
    renderWithProviders(<Newsletter />);
    await user.type(screen.getByLabelText('Email address'), ' ada@example.com ');
    await user.type(screen.getByLabelText('Name (optional)'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.getByText('Thank you for subscribing!')).toBeTruthy());
    expect(mocked.subscribeNewsletter).toHaveBeenCalledWith({ email: 'ada@example.com', name: 'Ada', language: 'en' });
    expect(currentToast()).toMatchObject({ title: 'Almost there!', description: 'Please check your email to confirm your subscription.' });
    expect(mocked.track).toHaveBeenCalledWith('newsletter_signup', { language: 'en' });
    act(() => jest.advanceTimersByTime(THANKS_MS - 100));
    expect(screen.getByText('Thank you for subscribing!')).toBeTruthy();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText('Thank you for subscribing!')).toBeNull();
  });

  test('failure shows the spec message', async () => {
    mocked.subscribeNewsletter.mockRejectedValue(new Error('500'));
    renderWithProviders(<Newsletter />);
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Subscription failed', description: 'Please try again later.' }));
    expect(screen.queryByText('Thank you for subscribing!')).toBeNull();
    // Nothing typed is lost.
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('ada@example.com');
  });

  test('an address already on the list gets one consistent message, never a thank-you for subscribing', async () => {
    mocked.subscribeNewsletter.mockResolvedValue({ status: 'already_subscribed', message: 'Already subscribed' });
    renderWithProviders(<Newsletter />);
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Already subscribed', description: 'This email address is already on our list.' }));
    expect(screen.getByText('This email address is already on our list.', { selector: '[role=status] p' })).toBeTruthy();
    expect(screen.queryByText('Thank you for subscribing!')).toBeNull();
    expect(mocked.track).not.toHaveBeenCalled();
  });
});
