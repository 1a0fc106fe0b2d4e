import type { ReactElement } from 'react';
import { NotBuiltYet } from './pages/not-built-yet';

/** Every path here is listed in remote.json with its access rule (a test keeps them equal). */
export const routes: { path: string; element: ReactElement }[] = [
  { path: '/customer-dashboard/messages', element: <NotBuiltYet page="messages" /> },
  { path: '/customer-dashboard/meetings', element: <NotBuiltYet page="meetings" /> },
];
