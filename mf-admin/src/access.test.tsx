import { describe, expect, test, beforeAll, afterEach } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme, type AuthState } from '@modula/shared';
import { loadTestTranslations, signInForTest, signOutForTest, testSession } from '@modula/shared/testing';
import en from './locales/en.json';
import { NAMESPACE } from './i18n';
import { AdminOnly, adminAccess } from './access';

type View = Pick<AuthState, 'status' | 'session' | 'user' | 'role' | 'profileStatus'>;
const signedIn = (over: Partial<View>): View => ({ status: 'signed-in', session: testSession({ email: 'c@example.com' }), user: null, role: null, profileStatus: 'loaded', ...over });

beforeAll(() => loadTestTranslations(NAMESPACE, en));
afterEach(() => signOutForTest());

describe('the admin area\'s access decision', () => {
  test('administrators get in; the decision waits for the session and the profile', () => {
    expect(adminAccess(signedIn({ role: 'admin' }))).toEqual({ kind: 'admin' });
    expect(adminAccess({ ...signedIn({}), status: 'loading', session: null })).toEqual({ kind: 'wait' });
    expect(adminAccess(signedIn({ profileStatus: 'loading' }))).toEqual({ kind: 'wait' });
    expect(adminAccess(signedIn({ profileStatus: 'idle' }))).toEqual({ kind: 'wait' });
  });

  test('everyone else is denied, with their email when signed in', () => {
    expect(adminAccess(signedIn({}))).toEqual({ kind: 'denied', email: 'c@example.com' });
    expect(adminAccess(signedIn({ profileStatus: 'error' }))).toEqual({ kind: 'denied', email: 'c@example.com' });
    expect(adminAccess({ status: 'signed-out', session: null, user: null, role: null, profileStatus: 'idle' })).toEqual({ kind: 'denied', email: '' });
  });

  test('a customer sees the spec\'s Access Denied instead of the page', () => {
    signInForTest({ email: 'carla@example.com', role: null });
    render(<ThemeProvider theme={theme}><AdminOnly><p>secret figures</p></AdminOnly></ThemeProvider>);
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText('This area is restricted to administrators only.')).toBeTruthy();
    expect(screen.getByText('Admin permissions required')).toBeTruthy();
    expect(screen.getByText('Signed in as carla@example.com')).toBeTruthy();
    expect(screen.queryByText('secret figures')).toBeNull();
  });

  test('an administrator sees the page', () => {
    signInForTest({ role: 'admin' });
    render(<ThemeProvider theme={theme}><AdminOnly><p>secret figures</p></AdminOnly></ThemeProvider>);
    expect(screen.getByText('secret figures')).toBeTruthy();
  });
});
