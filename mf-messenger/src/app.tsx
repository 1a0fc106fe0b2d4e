import type { ReactNode } from 'react';
import { createLifecycles, CONTRACT_VERSIONS } from '@modula/shared';
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
  name: 'mf_messenger',
  contract: CONTRACT_VERSIONS.mf_messenger,
  build: __MODULA_BUILD__,
  namespace: NAMESPACE,
  loadLocale,
  Router: NoRouter,
  Root: MessengerRoot,
});

export const { bootstrap, mount, unmount, update, meta } = lifecycles;
