import type { ReactElement } from 'react';
import { NotBuiltYet } from './pages/not-built-yet';

/** Every path here is listed in remote.json with its access rule (a test keeps them equal). */
export const routes: { path: string; element: ReactElement }[] = [
  { path: '/login', element: <NotBuiltYet page="login" /> },
  { path: '/signup', element: <NotBuiltYet page="signup" /> },
  { path: '/check-email', element: <NotBuiltYet page="checkEmail" /> },
  { path: '/email-verification', element: <NotBuiltYet page="emailVerification" /> },
  { path: '/verify', element: <NotBuiltYet page="verify" /> },
  { path: '/forgot-password', element: <NotBuiltYet page="forgotPassword" /> },
  { path: '/reset-password', element: <NotBuiltYet page="resetPassword" /> },
  { path: '/profile', element: <NotBuiltYet page="profile" /> },
  { path: '/customer-dashboard/settings', element: <NotBuiltYet page="settings" /> },
];
