import { afterEach, beforeAll, describe, expect, test } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from '@modula/router';
import { MemoryRouter } from '@modula/router/testing';
import { ThemeProvider } from 'styled-components';
import { authStore, getAuthState, theme, type AccessRule } from '@modula/shared';
import { loadTestTranslations, signInForTest, signOutForTest } from '@modula/shared/testing';
import en from '../locales/shell/en.json';
import { decideAccess } from './access';
import { AccessGuard } from './access-guard';

beforeAll(() => loadTestTranslations('shell', en));
afterEach(() => signOutForTest());

const rules: AccessRule[] = ['public', 'verified', 'admin'];

describe('decideAccess', () => {
  test('public routes render for everyone, even before the session is known', () => {
    authStore.setState({ status: 'loading' });
    expect(decideAccess('public', getAuthState())).toEqual({ kind: 'render' });
  });

  test('protected routes wait while the stored session is being restored', () => {
    authStore.setState({ status: 'loading' });
    for (const rule of ['verified', 'admin'] as const) expect(decideAccess(rule, getAuthState())).toEqual({ kind: 'wait' });
  });

  test('a visitor without a session is sent to /login', () => {
    signOutForTest();
    for (const rule of ['verified', 'admin'] as const) {
      expect(decideAccess(rule, getAuthState())).toEqual({ kind: 'redirect', to: '/login' });
    }
  });

  test('an unconfirmed email goes to /check-email with email, name and userType', () => {
    signInForTest({ email: 'vera@example.com', name: 'Vera Vendor', userType: 'vendor', emailConfirmed: false });
    for (const rule of ['verified', 'admin'] as const) {
      expect(decideAccess(rule, getAuthState())).toEqual({
        kind: 'redirect',
        to: '/check-email?email=vera%40example.com&name=Vera+Vendor&userType=vendor',
      });
    }
  });

  test('a confirmed user sees verified routes but is denied admin routes with their email', () => {
    signInForTest({ email: 'cora@example.com' });
    expect(decideAccess('verified', getAuthState())).toEqual({ kind: 'render' });
    expect(decideAccess('admin', getAuthState())).toEqual({ kind: 'denied', email: 'cora@example.com' });
  });

  test('admin routes wait for the profile (the role lives there) instead of denying too early', () => {
    signInForTest({ email: 'cora@example.com' });
    authStore.setState({ profileStatus: 'loading', role: null });
    expect(decideAccess('admin', getAuthState())).toEqual({ kind: 'wait' });
  });

  test('an administrator passes every rule', () => {
    signInForTest({ role: 'admin' });
    for (const rule of rules) expect(decideAccess(rule, getAuthState())).toEqual({ kind: 'render' });
  });
});

function Where() {
  const location = useLocation();
  return <p>at {`${location.pathname}${location.search}`}</p>;
}

function renderGuarded(rule: AccessRule) {
  render(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={['/private']}>
        <Routes>
          <Route path="/private" element={<AccessGuard rule={rule}><p>secret content</p></AccessGuard>} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </ThemeProvider>,
  );
}

describe('AccessGuard', () => {
  test('redirects a guest on a verified route to /login, with the page to return to', () => {
    renderGuarded('verified');
    expect(screen.getByText('at /login?next=%2Fprivate')).toBeTruthy();
    expect(screen.queryByText('secret content')).toBeNull();
  });

  test('redirects an unconfirmed user to /check-email', () => {
    signInForTest({ email: 'u@example.com', name: 'Una', emailConfirmed: false });
    renderGuarded('verified');
    expect(screen.getByText('at /check-email?email=u%40example.com&name=Una&userType=customer')).toBeTruthy();
  });

  test('renders verified content for a confirmed user', () => {
    signInForTest();
    renderGuarded('verified');
    expect(screen.getByText('secret content')).toBeTruthy();
  });

  test('shows the spec access-denied screen to a non-admin on an admin route', () => {
    signInForTest({ email: 'cora@example.com' });
    renderGuarded('admin');
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText('This area is restricted to administrators only.')).toBeTruthy();
    expect(screen.getByText('Admin permissions required')).toBeTruthy();
    expect(screen.getByText('Signed in as cora@example.com')).toBeTruthy();
    expect(screen.queryByText('secret content')).toBeNull();
  });

  test('shows a waiting state while the session is unknown', () => {
    authStore.setState({ status: 'loading' });
    renderGuarded('admin');
    expect(screen.getByRole('status').textContent).toContain('Checking your access');
  });
});
