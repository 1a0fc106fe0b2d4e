import type { ReactNode } from 'react';
import { createLifecycles } from '@modula/shared';
import { MessengerRoot } from './root';
import { loadLocale, NAMESPACE } from './i18n';

/**
 * No router around the root: the widget needs none (it navigates through the shell's `navigate`),
 * and the pages bring their own BrowserRouter in their lazily loaded chunk (pages/pages-root.tsx).
 */
function NoRouter({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}

const lifecycles = createLifecycles({
  // Name, version, contract and @modula/shared range, compiled into this remote from its remote.json.
  build: __MODULA_BUILD__,
  namespace: NAMESPACE,
  loadLocale,
  Router: NoRouter,
  Root: MessengerRoot,
});

export const { bootstrap, mount, unmount, update, meta } = lifecycles;
