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
  // The widget on every page needs supabase-js only for a signed-in user, and then it is loaded (the
  // shell loads it for a stored session); its pages wait for it as every remote's do.
  supabaseOnDemand: (props) => props.slot === 'messenger-widget',
});

export const { bootstrap, mount, unmount, update, meta } = lifecycles;
