import { BrowserRouter } from '@modula/router';
import { createLifecycles, queryClient } from '@modula/shared';
import { CatalogRoot } from './root';
import { loadLocale, NAMESPACE } from './i18n';
import { preload } from './routes';

const lifecycles = createLifecycles({
  // Name, version, contract and @modula/shared range, compiled into this remote from its remote.json.
  build: __MODULA_BUILD__,
  namespace: NAMESPACE,
  loadLocale,
  Router: BrowserRouter,
  Root: CatalogRoot,
  // Public reads go through getPublicClient(); favourites, realtime and functions await loadSupabase().
  supabaseOnDemand: () => true,
});

export const { bootstrap, unmount, update, meta } = lifecycles;

/** The page's code and data start downloading while the strings load (see preload), into the query cache createLifecycles provides. */
export const mount: typeof lifecycles.mount = (props) => {
  preload(window.location.pathname, queryClient);
  return lifecycles.mount(props);
};
