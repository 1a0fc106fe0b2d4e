import { lazy, type ReactElement } from 'react';

// One chunk per page: a visitor on /login never downloads the settings page.
const LoginPage = lazy(() => import('./pages/login-page').then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() => import('./pages/signup-page').then((m) => ({ default: m.SignupPage })));
const CheckEmailPage = lazy(() => import('./pages/check-email-page').then((m) => ({ default: m.CheckEmailPage })));
const VerifyPage = lazy(() => import('./pages/verify-page').then((m) => ({ default: m.VerifyPage })));
const ForgotPasswordPage = lazy(() => import('./pages/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('./pages/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })));
const SettingsPage = lazy(() => import('./settings/settings-page').then((m) => ({ default: m.SettingsPage })));

/** Every path here is listed in remote.json with its access rule (a test keeps them equal). */
export const routes: { path: string; element: ReactElement }[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/signup', element: <SignupPage /> },
  { path: '/check-email', element: <CheckEmailPage variant="check" /> },
  { path: '/email-verification', element: <CheckEmailPage variant="verification" /> },
  { path: '/verify', element: <VerifyPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/profile', element: <SettingsPage variant="profile" /> },
  { path: '/customer-dashboard/settings', element: <SettingsPage variant="settings" /> },
];
