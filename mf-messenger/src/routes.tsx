import { lazy, type ReactElement } from 'react';

const MessagesPage = lazy(() => import('./pages/messages-page'));
const MeetingsPage = lazy(() => import('./pages/meetings-page'));

/** Every path here is listed in remote.json with its access rule (a test keeps them equal). */
export const routes: { path: string; element: ReactElement }[] = [
  { path: '/customer-dashboard/messages', element: <MessagesPage /> },
  { path: '/customer-dashboard/meetings', element: <MeetingsPage /> },
];
