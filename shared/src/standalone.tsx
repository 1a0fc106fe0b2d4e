import { createRoot } from 'react-dom/client';
import { ThemeProvider } from 'styled-components';
import { loadRuntimeConfig } from './config';
import { startAuth } from './auth/session';
import { initLanguage } from './i18n/instance';
import { registerCommonNamespace } from './i18n/common';
import { theme, GlobalStyle } from './theme';
import { Toaster } from './ui/toast';
import type { RemoteLifecycles } from './lifecycles';
import type { ParcelProps } from './contracts/registry';

/** Moves the page to another path the way single-spa does, so every router on the page follows. */
export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
}

/**
 * Runs a remote on its own page in development (its own dev server, no shell): the same runtime
 * config, auth and language start-up the shell performs, then the remote's lifecycles mounted into
 * #root. Production never calls this; the shell mounts ./app as a parcel instead.
 */
export async function runStandalone(lifecycles: RemoteLifecycles, options: { slot?: ParcelProps['slot'] } = {}): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('Root element not found');
  const config = await loadRuntimeConfig();
  await registerCommonNamespace();
  await initLanguage(config.defaultLanguage);
  startAuth();

  const toasts = document.createElement('div');
  document.body.append(toasts);
  createRoot(toasts).render(
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <Toaster />
    </ThemeProvider>,
  );

  const name = lifecycles.meta.name;
  const props: ParcelProps & { name: string; domElement: HTMLElement } = {
    name,
    domElement: root,
    remote: name,
    slot: options.slot,
    navigate: navigateTo,
    reportError: (error) => console.warn(`${name} crashed while rendering`, error),
  };
  await lifecycles.bootstrap(props);
  await lifecycles.mount(props);
}
