import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from '@modula/router';
import { addErrorHandler, start } from 'single-spa';
import { changeLanguage, i18n, initLanguage, isSupportedLanguage, loadRuntimeConfig, loadSupabase, registerCommonNamespace, startAuth } from '@modula/shared';
import { App } from './app';
import { initBeta } from './beta/beta-flow';
import { registerShellNamespace } from './i18n';
import { applyAuthHash, finishAuthHash } from './start-up/auth-hash';
import { loadRegistry } from './start-up/load-registry';
import { setLoadedRegistry } from './start-up/registry-state';
import { describeError, loadRemoteApp, registerRegistry } from './federation/load-remote-app';
import { publicRouteRemote } from './start-up/route-remote';
import { betaStore } from './beta/beta-store';
import { reportRemoteFailure } from './federation/remote-status';
import { remoteOfParcel } from './federation/remote-parcel';
import { buildRoutes } from './routing/build-routes';
import { setAppRouter } from './routing/navigation';
import { captureFirstScreen } from './start-up/first-screen';
import { applyDefaultTitle } from './routing/page-title';

async function showStartFailure(root: HTMLElement, error: unknown): Promise<void> {
  // Nothing else is loaded yet (no config, so no deployment default): a plain message in the visitor's
  // stored language, or in English when even its strings cannot be downloaded.
  await initLanguage()
    .then(registerShellNamespace)
    .catch(() => undefined);
  const reason = describeError(error);
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.style.cssText = 'max-width:560px;margin:15vh auto;padding:24px;font-family:system-ui,sans-serif;text-align:center';
  const title = document.createElement('h1');
  title.textContent = i18n.t('shell:startFailure.title', { defaultValue: 'Modula could not start' });
  const detail = document.createElement('p');
  detail.textContent = i18n.t('shell:startFailure.body', { reason, defaultValue: `${reason}. Please reload the page in a moment.` });
  box.append(title, detail);
  root.replaceChildren(box);
}

async function main(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('Root element not found');
  // config.json and remotes.json are preloaded by index.html; neither waits for the other.
  const registryLoading = loadRegistry();
  let config;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    await showStartFailure(root, error);
    return;
  }
  // Before supabase-js first reads the address: it consumes auth tokens from the hash on creation.
  const authHash = applyAuthHash(window.location, window.history);
  initBeta(config);
  // A language in the address (?lang=xx, the server-rendered page's language version) wins for this page.
  const urlLanguage = new URLSearchParams(window.location.search).get('lang');
  const languageLoading = isSupportedLanguage(urlLanguage) ? changeLanguage(urlLanguage, { persist: false }) : initLanguage(config.defaultLanguage);

  const registry = await registryLoading;
  setLoadedRegistry(registry);
  if (registry.error) console.warn(registry.error);
  registerRegistry(registry.registry);
  // The route's remote downloads while the shell loads its strings, instead of after the first render.
  const routeRemote = betaStore.getState().status === 'open' ? publicRouteRemote(registry.registry, window.location.pathname) : null;
  // A failure is recorded by loadRemoteApp; the route's parcel then tries again and shows the fallback.
  if (routeRemote) loadRemoteApp(routeRemote).catch(() => undefined);

  await languageLoading;
  await Promise.all([registerCommonNamespace(), registerShellNamespace()]);
  // Tokens from an auth link (an error hash is already gone): supabase-js reads them at once.
  startAuth({ loadNow: authHash.kind === 'session' || authHash.kind === 'recovery' });
  if (authHash.kind === 'session') await finishAuthHash(authHash, await loadSupabase(), window.history);

  // One handler for every parcel error single-spa sees (mount, update, unmount).
  addErrorHandler((error) => reportRemoteFailure(remoteOfParcel(error.appOrParcelName), describeError(error)));

  const router = createBrowserRouter(buildRoutes({ registry: registry.registry, registryError: registry.error }));
  setAppRouter(router);
  applyDefaultTitle(router);
  captureFirstScreen();
  createRoot(root).render(<App router={router} />);
  // Required even with parcels only: its patched history API keeps every remote's router in step.
  start({ urlRerouteOnly: true });
}

void main();
